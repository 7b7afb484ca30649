/**
 * Repair shops from rider suggestions (issue 16) in Chromium at phone size: a rider suggests a
 * shop, it is not listed until the admin approves it on the same page, then a signed-out
 * visitor sees it with the rider credited, and still sees it after a reload with the network off.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { registerRider, signIn } from './accounts.ts';
import { e2eAccounts } from './server.ts';

const baseUrl = inject('baseUrl');
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function open(): Promise<Page> {
  const session = await openBrowser(viewports.phone);
  sessions.push(session);
  return session.page;
}

describe('repair shops suggested by riders', () => {
  it('lists a suggested shop only after an admin approves it, for everyone and offline', async () => {
    const shopName = `Ridge Powersports ${Date.now().toString(36)}`;
    const rider = await registerRider(baseUrl, 'shops');
    const riderPage = await open();
    await signIn(riderPage, baseUrl, rider);
    await riderPage.goto(`${baseUrl}/arkansas-repair-shops`);
    const form = riderPage.getByRole('form', { name: 'Suggest a repair shop' });
    await form.getByLabel('Shop name').fill(shopName);
    await form.getByLabel('Town').fill('Mountain View');
    await form.getByLabel('Phone (optional)').fill('(870) 555-0100');
    await form.getByLabel('What they work on').fill('Polaris and Can-Am belts and clutches');
    await form.getByLabel('How you know them').fill('They fixed my RZR belt in June 2026');
    await form.getByRole('button', { name: 'Suggest this shop' }).click();
    await riderPage.getByText(`${shopName}, Mountain View: Waiting for review`).waitFor();
    await expect(riderPage.getByRole('heading', { name: shopName }).count()).resolves.toBe(0);
    await saveScreenshot(riderPage, 'repair-shops-suggested-phone');

    const adminPage = await open();
    await signIn(adminPage, baseUrl, e2eAccounts.admin);
    await adminPage.goto(`${baseUrl}/arkansas-repair-shops`);
    await adminPage.getByRole('heading', { name: 'Suggestions to review' }).waitFor();
    await adminPage.getByRole('button', { name: `Approve ${shopName}` }).click();
    await adminPage.getByRole('heading', { name: 'Shops riders suggested' }).waitFor();
    await saveScreenshot(adminPage, 'repair-shops-approved-admin-phone');

    const visitorPage = await open();
    await visitorPage.goto(`${baseUrl}/arkansas-repair-shops`);
    await visitorPage.getByRole('heading', { name: shopName }).waitFor();
    await visitorPage.getByText(`Suggested by ${rider.username}`).waitFor();
    await waitForOfflineReady(visitorPage);
    await visitorPage.context().setOffline(true);
    await visitorPage.reload();
    await visitorPage.getByRole('heading', { name: shopName }).waitFor();
    await saveScreenshot(visitorPage, 'repair-shops-listed-offline-phone');
  });
});
