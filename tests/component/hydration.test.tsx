/**
 * Values that differ between the build and the browser (src/ui/hydration.ts): a page
 * pre-rendered with the build's values hydrates without a mismatch, then shows the browser's.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  finishHydration,
  setPrerenderDate,
  useHydrated,
  useVisitDate,
} from '../../src/ui/hydration.ts';

function Probe() {
  const hydrated = useHydrated();
  const date = useVisitDate();
  return (
    <p>
      {hydrated ? 'browser' : 'build'} {date.toISOString()}
    </p>
  );
}

const buildDate = Date.UTC(2026, 0, 15, 12);

afterEach(() => {
  setPrerenderDate(null);
  document.body.innerHTML = '';
});

describe('hydrating a pre-rendered page', () => {
  it('renders the build’s values, hydrates them without a mismatch, then shows the browser’s', async () => {
    setPrerenderDate(buildDate);
    const html = renderToString(<Probe />);
    expect(html).toContain('build');
    expect(html).toContain(new Date(buildDate).toISOString());

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <Probe />, { onRecoverableError: (error) => recoverable.push(error) }),
    );
    expect(recoverable).toEqual([]);
    expect(container.textContent).toContain('browser');
    expect(container.textContent).not.toContain(new Date(buildDate).toISOString());
    act(() => root.unmount());
  });

  it('renders a part first shown after hydration with the browser’s values at once', () => {
    setPrerenderDate(buildDate);
    expect(renderToString(<Probe />)).toContain('build');
    finishHydration();
    const firstRender = renderToString(<Probe />);
    expect(firstRender).toContain('browser');
    expect(firstRender).not.toContain(new Date(buildDate).toISOString());
  });
});
