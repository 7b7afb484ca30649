/**
 * The app shell without a browser: the 404 page's words and ways out, the command palette
 * opened with Ctrl+K that goes where Enter says, and the palette's role filter (an admin finds
 * Fleet, a plain rider does not, and a direct visit is refused politely). The same checks ran in
 * Chromium before; nothing here needs a real browser.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { forgetRider, signInRider } from './rider-fixtures.tsx';

afterEach(() => {
  forgetRider();
});

/** The palette's search box; its code loads on first use, so the first wait may be longer. */
function findPaletteSearch(): Promise<HTMLElement> {
  return screen.findByPlaceholderText('Search features... (Cmd+K)', {}, { timeout: 15_000 });
}

describe('app shell', () => {
  it('shows the 404 page with its texts and buttons for an unknown path', async () => {
    await renderApp('/no-such-trail-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Browse Trails' }).getAttribute('href')).toBe(
      '/ai-trails',
    );
  });

  it('opens the command palette with Ctrl+K and goes to duck hunting on Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderApp('/safety');
    await user.keyboard('{Control>}k{/Control}');
    const search = await findPaletteSearch();
    await user.type(search, 'duck');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/duck-hunting'));
    await waitFor(() =>
      expect(screen.queryByPlaceholderText('Search features... (Cmd+K)')).toBe(null),
    );
  });

  it('shows Fleet in the palette to an admin and not to a plain rider', async () => {
    const user = userEvent.setup({ delay: null });
    signInRider({ username: 'ranger', roleId: 'admin' });
    const admin = await renderApp('/safety');
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await findPaletteSearch(), 'fleet');
    expect((await screen.findAllByRole('option', { name: /Fleet/ })).length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    admin.unmount();
    forgetRider();

    signInRider({ username: 'plainrider', roleId: 'user' });
    const rider = await renderApp('/safety');
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await findPaletteSearch(), 'fleet');
    expect(await screen.findByText('No features found.')).toBeTruthy();
    expect(screen.queryAllByRole('option', { name: /Fleet/ })).toHaveLength(0);
    await user.keyboard('{Escape}');
    // A direct visit shows the polite refusal, not the page.
    await rider.router.navigate({ to: '/fleet' });
    expect(await screen.findByRole('heading', { name: 'Not permitted' })).toBeTruthy();
  });
});
