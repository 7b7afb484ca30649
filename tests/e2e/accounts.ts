/**
 * Accounts in the browser tests: register a fresh rider through the API and sign a page in
 * through the Profile page's form, as a rider would.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  replicationBasePath,
  type PullResponse,
  type UserSyncedCollection,
} from '../../schemas/sync-protocol.ts';

/** A username and password the tests sign in with. */
export interface TestAccount {
  username: string;
  password: string;
}

/** Registers a new rider `<prefix>-<base-36 time>` on `baseUrl`; fails the test unless 201. */
export async function registerRider(baseUrl: string, prefix: string): Promise<TestAccount> {
  const rider = {
    username: `${prefix}-${Date.now().toString(36)}`,
    password: 'long enough password',
  };
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...rider, email: `${rider.username}@example.org` }),
  });
  expect(registered.status).toBe(201);
  return rider;
}

/**
 * Signs `page` in as `account` on /profile and waits until the app has taken the rider to the
 * page it sends riders to after a sign-in (/ai-trails, or a remembered return path) and that
 * page has loaded. Not the "Signed in as" line or the "Welcome back" toast: both show only for
 * the half second before that redirect, which a busy machine's next look can miss, and a test
 * that navigated on after seeing them could have its own navigation overtaken by the redirect.
 */
export async function signIn(page: Page, baseUrl: string, account: TestAccount): Promise<void> {
  await page.goto(`${baseUrl}/profile`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/profile', { waitUntil: 'load' });
  const storedUser = await page.evaluate(() => localStorage.getItem('user'));
  expect(storedUser, 'the signed-in rider is stored on the device').toContain(
    `"username":"${account.username}"`,
  );
}

/** Signs `account` in through the API: the rider's id and access token. Fails the test unless 200. */
export async function apiSignIn(
  baseUrl: string,
  account: TestAccount,
): Promise<{ id: string; token: string }> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { accessToken: string; user: { id: string } };
  return { id: body.user.id, token: body.accessToken };
}

/** The first 100 documents of `collection` the server holds for `account` (a fresh sign-in). */
export async function serverDocuments(
  baseUrl: string,
  account: TestAccount,
  collection: UserSyncedCollection,
): Promise<PullResponse['documents']> {
  const { token } = await apiSignIn(baseUrl, account);
  const answer = await fetch(`${baseUrl}${replicationBasePath(collection)}/pull?limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as PullResponse).documents;
}
