/**
 * Sign-in, session and roles end to end in Chromium against real servers (core-platform §4
 * "Session" and "Request auth", §5, §6, §8; voice-navigation §2.3): register, log out and log in;
 * the return path after sign-in, safe ones followed and unsafe ones refused; the silent refresh
 * of an aging access token; the signed-in state through an offline reload; an account deleted
 * elsewhere cleared from a phone that was offline past its access token's life; and role
 * filtering of the command palette and of direct visits.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { fileURLToPath } from 'node:url';
import { accountDeletionPath } from '../../schemas/account-deletion.ts';
import { ACCOUNT_DELETED_MESSAGE } from '../../src/machines/session-machine.ts';
import { apiSignIn, registerRider, signIn as signInRider } from './accounts.ts';
import { e2eAccounts, startServer, type RunningServer } from './server.ts';

const gpxFile = fileURLToPath(new URL('../fixtures/gpx/garmin-etrex.gpx', import.meta.url));

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

let accountCounter = 0;
/** A fresh, unique rider account name (usernames are unique per server). */
function uniqueUsername(prefix: string): string {
  accountCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${accountCounter}`;
}

/** Fills and sends the sign-in form on the current /profile page. */
async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens /profile (optionally with a redirect) and signs in; resolves once the toast shows. */
async function signIn(
  page: Page,
  server: string,
  account: { username: string; password: string },
  redirect?: string,
): Promise<void> {
  const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
  await page.goto(`${server}/profile${query}`);
  await submitSignIn(page, account.username, account.password);
  await page.getByText(`Welcome back, ${account.username}!`).waitFor();
}

/** The home page greets first-time visitors after 1 s; a rider dismisses it. */
async function dismissWelcome(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start exploring' }).click({ timeout: 10_000 });
}

function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** Forgets the session on this device without the UI (between return-path cases). */
async function forgetSession(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of ['user', 'accessToken', 'refreshToken', 'tokenExpiresAt', 'authReturnPath']) {
      localStorage.removeItem(key);
    }
  });
}

describe('session in Chromium', () => {
  it('registers with the form, logs out on /profile to /, and logs in again', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    const username = uniqueUsername('rider');
    const password = 'trail-ready-123';

    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(`  ${username} `);
    await form.getByLabel('Email').fill(`${username}@example.org`);
    await form.getByLabel('Password').fill(password);
    // core-platform §5: the vehicle type defaults to 4x4.
    await expect(form.getByRole('radio', { name: '4x4' }).isChecked()).resolves.toBe(true);
    await saveScreenshot(page, 'session-register-desktop');
    await form.getByRole('button', { name: 'Create account' }).click();

    await page.getByText('Registration Successful').waitFor();
    await page.waitForURL(`${baseUrl}/ai-trails`);
    const stored = JSON.parse((await storedItem(page, 'user')) ?? 'null') as {
      username: string;
      vehicleType: string;
    };
    expect(stored).toMatchObject({ username, vehicleType: '4x4' });

    // The Me menu now offers Logout instead of Login.
    await expect(page.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Me', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    // The profile's details follow the heading once the server answered: wait, not read once.
    await page.getByText('Rider', { exact: true }).waitFor();
    await saveScreenshot(page, 'session-profile-desktop');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('You have been successfully logged out').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    expect(await storedItem(page, 'user')).toBeNull();
    expect(await storedItem(page, 'accessToken')).toBeNull();
    await dismissWelcome(page);

    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await submitSignIn(page, username, 'not-the-password');
    await page.getByText('Login Failed').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await saveScreenshot(page, 'session-login-failed-desktop');

    await submitSignIn(page, username, password);
    await page.getByText(`Welcome back, ${username}!`).waitFor();
    await page.waitForURL(`${baseUrl}/ai-trails`);
    await page.getByRole('button', { name: 'Me', exact: true }).waitFor();
  });

  it('shows the sign-in forms and profile at phone size', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await saveScreenshot(page, 'session-sign-in-phone');
    await page.getByRole('tab', { name: 'Register' }).click();
    await saveScreenshot(page, 'session-register-phone');
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await submitSignIn(page, e2eAccounts.tester.username, e2eAccounts.tester.password);
    await page.waitForURL(`${baseUrl}/ai-trails`);
    await page.getByRole('link', { name: 'Profile' }).last().click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expect(page.getByText('Tester', { exact: true }).isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'session-profile-phone');
  });

  it('returns to the gated page a guest was sent from, and to safe redirects only', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;

    // A guest opening an admin page sees the polite gate, never the page. The start-up session
    // check is held back, so "Sign in" is tapped while it still runs (a slow network's case).
    let releaseCheck = () => {};
    const checkHeld = new Promise<void>((resolve) => {
      releaseCheck = resolve;
    });
    await page.route('**/api/auth/user', async (route) => {
      await checkHeld;
      await route.continue();
    });
    await page.goto(`${baseUrl}/fleet`);
    await page.getByRole('heading', { name: 'Sign in required' }).waitFor();
    await saveScreenshot(page, 'session-gate-guest-desktop');
    await page.getByRole('link', { name: 'Sign in' }).click();
    releaseCheck();
    await page.waitForURL(`${baseUrl}/profile`);
    await submitSignIn(page, e2eAccounts.admin.username, e2eAccounts.admin.password);
    await page.waitForURL(`${baseUrl}/fleet`);
    await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor();
    await expect(page.getByText('Sign in required').count()).resolves.toBe(0);
    await forgetSession(page);

    // A safe ?redirect= is followed.
    await signIn(page, baseUrl, e2eAccounts.tester, '/saved');
    await page.waitForURL(`${baseUrl}/saved`);
    await forgetSession(page);

    // An unsafe one is refused: the rider lands on /ai-trails. (Which targets are unsafe is
    // the unit tests' matter: tests/unit/session/auth-helpers.test.ts.)
    await signIn(page, baseUrl, e2eAccounts.tester, '//evil.example');
    await page.waitForURL(`${baseUrl}/ai-trails`);
    expect(new URL(page.url()).origin).toBe(baseUrl);
  });

  it('keeps the rider signed in through an offline reload, even with an aged token', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await signIn(page, baseUrl, e2eAccounts.tester);
    await page.waitForURL(`${baseUrl}/ai-trails`);
    await waitForOfflineReady(page);

    await context.setOffline(true);
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expect(page.getByText(e2eAccounts.tester.username).first().isVisible()).resolves.toBe(
      true,
    );

    // A day later, still without signal: the access token aged but the rider stays signed in.
    await page.evaluate(() =>
      localStorage.setItem('tokenExpiresAt', String(Date.now() - 86_400_000)),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    // The start-up session check has decided (it tried one refresh, offline) and kept the rider.
    await page.waitForFunction(() => document.documentElement.dataset.session !== 'loading');
    expect(await page.evaluate(() => document.documentElement.dataset.session)).toBe('signedIn');
    await expect(
      page.getByRole('heading', { name: 'Profile', level: 1 }).isVisible(),
    ).resolves.toBe(true);
    expect(await storedItem(page, 'user')).not.toBeNull();
    await saveScreenshot(page, 'session-profile-offline-phone');
  });
});

describe('silent token refresh in Chromium', () => {
  // 303 s tokens: the client's 5-minute margin makes each one "expiring" 3 s after it is
  // issued, so the test sees real refreshes without waiting minutes or faking clocks.
  const accessTokenTtlSeconds = 303;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      env: { ACCESS_TOKEN_TTL_SECONDS: String(accessTokenTtlSeconds) },
      seededDataDir: inject('seededDataDir'),
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Waits until the stored access token is within the 5-minute margin (client: expired). */
  async function waitUntilTokenAges(page: Page): Promise<void> {
    await page.waitForFunction(
      () => Date.now() > Number(localStorage.getItem('tokenExpiresAt')) - 300_000 + 100,
      null,
      { timeout: 15_000, polling: 100 },
    );
  }

  it('refreshes an aged access token and the next API call succeeds', async () => {
    session = await openBrowser(viewports.desktop, { profile: 'fresh' });
    const { page } = session;
    const authRequests: Array<{ request: Request; status: number }> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/auth/')) {
        authRequests.push({ request: response.request(), status: response.status() });
      }
    });

    await signIn(page, server.baseUrl, e2eAccounts.tester);
    await page.waitForURL(`${server.baseUrl}/ai-trails`);
    const firstRefreshToken = await storedItem(page, 'refreshToken');
    const firstAccessToken = await storedItem(page, 'accessToken');
    await waitUntilTokenAges(page);

    // In-app navigation: the profile page asks the server for the user. The client no longer
    // sends the aged token, gets 401, refreshes once and retries with the new token.
    authRequests.length = 0;
    await page.getByRole('button', { name: 'Me', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expect
      .poll(
        () =>
          authRequests.some(
            (entry) => entry.request.url().endsWith('/api/auth/user') && entry.status === 200,
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);

    const refreshes = authRequests.filter((entry) =>
      entry.request.url().endsWith('/api/auth/refresh'),
    );
    // Each token is "aged" 3 s after it is issued and the sync engine runs beside the page, so
    // how many refreshes fall inside this window depends on timing (none when the engine
    // refreshed just before it, two when a second token aged during it). What must hold: no
    // refresh was refused, and no refresh token was ever spent twice (the server would revoke
    // the whole family and sign the rider out everywhere).
    expect(refreshes.every((entry) => entry.status === 200)).toBe(true);
    const spentRefreshTokens = refreshes.map(
      (entry) => (entry.request.postDataJSON() as { refreshToken: string }).refreshToken,
    );
    expect(new Set(spentRefreshTokens).size).toBe(spentRefreshTokens.length);
    const newAccessToken = await storedItem(page, 'accessToken');
    expect(newAccessToken).not.toBe(firstAccessToken);
    expect(await storedItem(page, 'refreshToken')).not.toBe(firstRefreshToken);
    const answered = authRequests.find(
      (entry) => entry.request.url().endsWith('/api/auth/user') && entry.status === 200,
    );
    // The profile's answer came with a refreshed token, not the aged first one.
    const sentAuthorization = await answered?.request.headerValue('authorization');
    expect(sentAuthorization).toMatch(/^Bearer \S+$/);
    expect(sentAuthorization).not.toBe(`Bearer ${firstAccessToken}`);
    await expect(page.getByText('Session Expired').count()).resolves.toBe(0);
    // The profile asks once and gets its answer with the new token. Whoever notices the aged
    // token first refreshes (the profile or the sync engine running beside it), so the profile
    // sees at most one 401 before its 200.
    // The poll above waited for the profile's 200, which ends its requests.
    const userCalls = authRequests
      .filter((entry) => entry.request.url().endsWith('/api/auth/user'))
      .map((entry) => entry.status);
    expect([[200], [401, 200]]).toContainEqual(userCalls);

    // A rider coming back later: the reload finds an aged token and refreshes on start-up.
    await waitUntilTokenAges(page);
    authRequests.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expect
      .poll(
        () =>
          authRequests.filter((entry) => entry.request.url().endsWith('/api/auth/refresh')).length,
      )
      .toBeGreaterThanOrEqual(1);
    expect(
      authRequests
        .filter((entry) => entry.request.url().endsWith('/api/auth/refresh'))
        .every((entry) => entry.status === 200),
    ).toBe(true);
    await expect(page.getByText(e2eAccounts.tester.username).first().isVisible()).resolves.toBe(
      true,
    );
  });

  it('clears an account deleted elsewhere from a phone that was offline past its token’s life', async () => {
    const account = await registerRider(server.baseUrl, 'aged-deletion');
    session = await openBrowser(viewports.phone, { profile: 'fresh' });
    const { page, context } = session;
    await signInRider(page, server.baseUrl, account);
    await waitForOfflineReady(page);
    await page.goto(`${server.baseUrl}/record`);
    await page.getByLabel('Import GPX file').setInputFiles(gpxFile);
    await page.getByText('Imported track').first().waitFor();

    // No signal on the phone while the rider deletes the account on another device.
    await context.setOffline(true);
    const laptop = await apiSignIn(server.baseUrl, account);
    const deleted = await fetch(`${server.baseUrl}${accountDeletionPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${laptop.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: account.password, requestId: crypto.randomUUID() }),
    });
    expect(deleted.status).toBe(200);

    // Back online only after its access token aged: the refresh tells it, and it clears.
    await waitUntilTokenAges(page);
    // What the phone asked and was answered once online, and what went wrong in it: one loaded
    // run waited a minute for the message, which no run alone has repeated; if it happens again
    // the failure says how far the phone got.
    const afterOnline: string[] = [];
    const onlineAt = Date.now();
    const since = () => `${Date.now() - onlineAt} ms`;
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/api/')) {
        afterOnline.push(`${since()} ${response.request().method()} ${path} ${response.status()}`);
      }
    });
    page.on('requestfailed', (request) => {
      afterOnline.push(`${since()} ${request.method()} ${request.url()} failed`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') afterOnline.push(`${since()} console: ${message.text()}`);
    });
    await context.setOffline(false);
    await page
      .getByText(ACCOUNT_DELETED_MESSAGE)
      .waitFor({ timeout: 60_000 })
      .catch((error: unknown) => {
        throw new Error(
          `No account-deleted message; after going online:\n${afterOnline.join('\n')}`,
          {
            cause: error,
          },
        );
      });
    await expect(page.getByText('Session Expired').count()).resolves.toBe(0);
    expect(await storedItem(page, 'refreshToken')).toBeNull();
    await page.goto(`${server.baseUrl}/record`);
    await page.getByText(/^No trips yet/).waitFor();
  });
});
