/**
 * Repair shops from rider suggestions, against a stubbed server (the server's own routes are
 * tests/integration/garage/repair-shop-suggestions.test.ts): a signed-in rider suggests a shop
 * and sees it waiting for review, not listed; an admin approves it from the review queue on the
 * same page; a visitor then sees it listed with the rider credited, and still sees it when the
 * app opens again with no signal (the approved list is kept on the device). On a weak
 * connection a dropped read is retried, a dropped suggestion is sent once more, and a refused
 * one (400) is not sent again and says why.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RepairShopSubmission, RepairShopSuggestion } from '../../schemas/repair-shops.ts';
import { approvedShopsSettingKey } from '../../src/db/repair-shops.ts';
import { removeLocalSetting } from './app-helpers.ts';
import { renderApp } from './render-app.tsx';
import { forgetRider, renderAppWithApi, signInRider } from './rider-fixtures.tsx';

// Each test starts with no approved list stored on the device (nothing is rendered yet).
beforeEach(() => removeLocalSetting(approvedShopsSettingKey));
afterEach(() => forgetRider());

const shop: RepairShopSuggestion = {
  name: 'Ridge Powersports',
  town: 'Mountain View',
  phone: '(870) 555-0100',
  website: null,
  services: 'Polaris and Can-Am belts and clutches',
  howYouKnow: 'They fixed my RZR belt in June 2026',
};

const submission = (status: RepairShopSubmission['status']): RepairShopSubmission => ({
  id: 'shop-1',
  shop,
  status,
  reason: null,
  submittedAt: Date.UTC(2026, 5, 20),
  reviewedAt: status === 'approved' ? Date.UTC(2026, 5, 21) : null,
  submittedBy: 'shops-rider',
});

describe('repair shops suggested by riders', () => {
  it('a rider’s suggestion is sent for review and not listed', async () => {
    const user = userEvent.setup();
    signInRider({ username: 'shops-rider' });
    let mine: RepairShopSubmission[] = [];
    const { requests } = await renderAppWithApi('/arkansas-repair-shops', [
      { path: '/api/repair-shops', answer: { body: { shops: [] } } },
      {
        path: '/api/repair-shops/suggestions/mine',
        answer: () => ({ body: { submissions: mine } }),
      },
      {
        method: 'POST',
        path: '/api/repair-shops/suggestions',
        answer: () => {
          mine = [submission('pending')];
          return { status: 201, body: { submission: mine[0] } };
        },
      },
    ]);
    await screen.findByRole('heading', { name: 'No shops are listed' });
    const form = screen.getByRole('form', { name: 'Suggest a repair shop' });
    await user.type(within(form).getByLabelText('Shop name'), shop.name);
    await user.type(within(form).getByLabelText('Town'), shop.town);
    await user.type(within(form).getByLabelText('Phone (optional)'), shop.phone!);
    await user.type(within(form).getByLabelText('What they work on'), shop.services);
    await user.type(within(form).getByLabelText('How you know them'), shop.howYouKnow);
    await user.click(within(form).getByRole('button', { name: 'Suggest this shop' }));

    const yours = await screen.findByRole('heading', { name: 'Your suggestions' });
    expect(yours.nextElementSibling?.textContent).toBe(
      `${shop.name}, ${shop.town}: Waiting for review`,
    );
    const sent = requests.find((request) => request.path === '/api/repair-shops/suggestions');
    expect(sent).toMatchObject({ method: 'POST', body: shop });
    expect(screen.queryByRole('heading', { name: shop.name })).toBeNull();
    expect(screen.getByRole('heading', { name: 'No shops are listed' })).toBeTruthy();
  });

  it('an admin approves a suggestion from the review queue, and it is listed', async () => {
    const user = userEvent.setup();
    signInRider({ username: 'admin-reviewer', roleId: 'admin' });
    let approved: RepairShopSubmission[] = [];
    let queue = [submission('pending')];
    const { requests } = await renderAppWithApi('/arkansas-repair-shops', [
      { path: '/api/repair-shops', answer: () => ({ body: { shops: approved } }) },
      { path: '/api/repair-shops/suggestions/mine', answer: { body: { submissions: [] } } },
      {
        path: '/api/admin/repair-shop-suggestions',
        answer: () => ({ body: { submissions: queue } }),
      },
      {
        method: 'POST',
        path: '/api/admin/repair-shop-suggestions/shop-1/review',
        answer: () => {
          approved = [submission('approved')];
          queue = [];
          return { body: { submission: approved[0] } };
        },
      },
    ]);
    await screen.findByRole('heading', { name: 'Suggestions to review' });
    await user.click(await screen.findByRole('button', { name: `Approve ${shop.name}` }));
    await screen.findByRole('heading', { name: 'Shops riders suggested' });
    await screen.findByText('No suggestions are waiting.');
    const review = requests.find((request) => request.path.endsWith('/shop-1/review'));
    expect(review).toMatchObject({ method: 'POST', body: { decision: 'approve', reason: null } });
  });

  it('a visitor sees an approved shop with the rider credited, also later with no signal', async () => {
    const app = await renderAppWithApi('/arkansas-repair-shops', [
      { path: '/api/repair-shops', answer: { body: { shops: [submission('approved')] } } },
    ]);
    await screen.findByRole('heading', { name: shop.name });
    expect(screen.getByText(/Suggested by shops-rider/)).toBeTruthy();
    // Guests are asked to sign in to suggest, and see no review queue.
    expect(screen.queryByRole('form', { name: 'Suggest a repair shop' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Suggestions to review' })).toBeNull();
    // Wait until the fetched list is stored on the device before the app closes.
    await waitFor(() => expect(screen.getByText(/List fetched/)).toBeTruthy());

    app.unmount();
    await renderApp('/arkansas-repair-shops');
    await screen.findByRole('heading', { name: shop.name });
    expect(screen.getByText(/Suggested by shops-rider/)).toBeTruthy();
  });

  describe('on a weak connection (the query policy)', () => {
    /** Fills the suggestion form with `shop` and sends it. */
    async function suggest(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
      const form = await screen.findByRole('form', { name: 'Suggest a repair shop' });
      await user.type(within(form).getByLabelText('Shop name'), shop.name);
      await user.type(within(form).getByLabelText('Town'), shop.town);
      await user.type(within(form).getByLabelText('What they work on'), shop.services);
      await user.type(within(form).getByLabelText('How you know them'), shop.howYouKnow);
      await user.click(within(form).getByRole('button', { name: 'Suggest this shop' }));
      return form;
    }

    it('lists the approved shops when the first read was dropped', async () => {
      let reads = 0;
      const { requests } = await renderAppWithApi('/arkansas-repair-shops', [
        {
          path: '/api/repair-shops',
          answer: () => {
            reads += 1;
            if (reads === 1) throw new TypeError('Failed to fetch (packet dropped)');
            return { body: { shops: [submission('approved')] } };
          },
        },
      ]);
      expect(await screen.findByRole('heading', { name: shop.name })).toBeTruthy();
      expect(requests.filter((request) => request.path === '/api/repair-shops')).toHaveLength(2);
    });

    it('sends a suggestion whose first attempt was dropped once more, and says it was sent', async () => {
      const user = userEvent.setup();
      signInRider({ username: 'shops-rider' });
      let attempts = 0;
      let stored = 0;
      let mine: RepairShopSubmission[] = [];
      await renderAppWithApi('/arkansas-repair-shops', [
        { path: '/api/repair-shops', answer: { body: { shops: [] } } },
        {
          path: '/api/repair-shops/suggestions/mine',
          answer: () => ({ body: { submissions: mine } }),
        },
        {
          method: 'POST',
          path: '/api/repair-shops/suggestions',
          answer: () => {
            attempts += 1;
            if (attempts === 1) return { status: 503, body: { message: 'Try again.' } };
            stored += 1;
            mine = [submission('pending')];
            return { status: 201, body: { submission: mine[0] } };
          },
        },
      ]);
      await suggest(user);
      const toasts = screen.getByRole('region', { name: 'Notifications' });
      expect(await within(toasts).findByText('Shop suggested')).toBeTruthy();
      const yours = await screen.findByRole('heading', { name: 'Your suggestions' });
      expect(yours.nextElementSibling?.textContent).toBe(
        `${shop.name}, ${shop.town}: Waiting for review`,
      );
      expect(screen.queryByRole('alert')).toBeNull();
      expect([attempts, stored]).toEqual([2, 1]);
    });

    it('does not send a suggestion the server refused (400) again, and keeps what was typed', async () => {
      const user = userEvent.setup();
      signInRider({ username: 'shops-rider' });
      const { requests } = await renderAppWithApi('/arkansas-repair-shops', [
        { path: '/api/repair-shops', answer: { body: { shops: [] } } },
        { path: '/api/repair-shops/suggestions/mine', answer: { body: { submissions: [] } } },
        {
          method: 'POST',
          path: '/api/repair-shops/suggestions',
          answer: {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'That shop is already suggested.',
            },
          },
        },
      ]);
      const form = await suggest(user);
      expect((await within(form).findByRole('alert')).textContent).toBe(
        'That shop is already suggested.',
      );
      expect((within(form).getByLabelText('Shop name') as HTMLInputElement).value).toBe(shop.name);
      expect(
        requests.filter((request) => request.path === '/api/repair-shops/suggestions'),
      ).toHaveLength(1);
    });
  });
});
