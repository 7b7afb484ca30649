/**
 * The general error screen says the error "has been logged for investigation" only when it was:
 * it queues an `app-error` count (route pattern and error type, no message) for this
 * installation's analytics; a browser that asks not to be tracked logs nothing and is told so.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootErrorBoundary } from '../../src/app/error-page.tsx';
import { usageQueueDocumentId } from '../../src/db/usage-queue.ts';
import type { UsageQueueState } from '../../src/lib/analytics/usage-queue.ts';
import { databaseWithCatalogues } from './render-app.tsx';

function Broken(): never {
  throw new TypeError('the rider typed something private here');
}

async function queuedEntries() {
  const database = await databaseWithCatalogues();
  const document = await database.getLocal<{ value?: unknown }>(usageQueueDocumentId);
  const state = document?.toJSON().data as unknown as UsageQueueState | undefined;
  // Page views of other files of this worker may be queued too: only error counts matter here,
  // waiting or already cut into the batch on its way to the server.
  const waiting = [...(state?.entries ?? []), ...(state?.pendingBatch?.counts ?? [])];
  return waiting.filter((entry) => entry.kind === 'app-error');
}

beforeEach(async () => {
  await (await (await databaseWithCatalogues()).getLocal(usageQueueDocumentId))?.remove();
});

afterEach(async () => {
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: null });
  await (await (await databaseWithCatalogues()).getLocal(usageQueueDocumentId))?.remove();
});

describe('the general error screen', () => {
  it('logs the error type for the operator and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RootErrorBoundary>
        <Broken />
      </RootErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(
      await screen.findByText(
        'An unexpected error occurred. This has been logged for investigation.',
      ),
    ).toBeTruthy();
    await waitFor(async () =>
      expect(await queuedEntries()).toEqual([
        expect.objectContaining({ kind: 'app-error', name: '(app shell) TypeError' }),
      ]),
    );
    expect(JSON.stringify(await queuedEntries())).not.toContain('private');
  });

  it('logs nothing when the browser asks not to be tracked, and says it was not reported', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: '1' });
    render(
      <RootErrorBoundary>
        <Broken />
      </RootErrorBoundary>,
    );
    expect(
      await screen.findByText(
        'An unexpected error occurred. It was not reported: this browser asks sites not to track it.',
      ),
    ).toBeTruthy();
    expect(await queuedEntries()).toEqual([]);
  });
});
