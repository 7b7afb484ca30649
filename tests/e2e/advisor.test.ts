/**
 * The intelligent advisor in Chromium at phone size (issue 15): a signed-in rider with an
 * active two-day plan (pushed to the server, pulled by the app) sees advice by day; online, the
 * Mulberry River gauge shows its live level from a fake USGS serving the recorded test answer;
 * offline after a reload, the advice is all still there and the gauge says live levels need a
 * network connection, with its USGS page link.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replicationBasePath } from '../../schemas/sync-protocol.ts';
import { tripContextKey } from '../../schemas/trip-context.ts';
import { arkansasDay } from '../../src/lib/hunting/shooting-hours.ts';
import { startFakeUsgs, type FakeUsgs } from '../fixtures/fake-usgs.ts';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

const rider = { username: `advisor-${Date.now().toString(36)}`, password: 'long enough password' };
const planId = 'plan-advisor-e2e';
let usgs: FakeUsgs;
let server: RunningServer;
let session: BrowserSession | null = null;

beforeAll(async () => {
  usgs = await startFakeUsgs();
  server = await startServer({ USGS_IV_URL: usgs.ivUrl });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await usgs?.close();
});

afterEach(async () => {
  await session?.close();
  session = null;
});

async function api(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Registers the rider and stores an active plan: Mulberry float today, Wolf Pen Gap tomorrow. */
async function seedRiderWithPlan(): Promise<void> {
  const registered = await api('/api/auth/register', {
    ...rider,
    email: `${rider.username}@example.org`,
  });
  expect(registered.status).toBe(201);
  const { accessToken } = (await (await api('/api/auth/login', rider)).json()) as {
    accessToken: string;
  };
  const today = arkansasDay(new Date());
  const startDate = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  const now = Date.now();
  const plan = {
    id: planId,
    userId: 'anonymous',
    name: 'Mulberry float and Wolf Pen ride',
    description: 'Float the Mulberry, then ride Wolf Pen Gap',
    planData: {
      startDate,
      people: 2,
      days: [{ trailIds: ['mulberry-river-float'] }, { trailIds: ['wolf-pen-gap-ohv-trail'] }],
    },
    totalDuration: 720,
    totalDistance: 40,
    difficulty: 5,
    estimatedCost: 80,
    status: 'synced',
    aiConfidence: 0.8,
    createdAt: now,
    updatedAt: now,
    _deleted: false,
  };
  const context = {
    id: tripContextKey,
    currentRecommendations: null,
    activeTripPlan: { id: planId, name: plan.name },
    recentRecommendedTrails: [],
    tripPlannerHistory: [],
    navigationContext: null,
    updatedAt: now,
    _deleted: false,
  };
  for (const [collection, document] of [
    ['tripPlans', plan],
    ['tripContext', context],
  ] as const) {
    const pushed = await api(
      `${replicationBasePath(collection)}/push`,
      { rows: [{ newDocumentState: document }] },
      accessToken,
    );
    expect(pushed.status, `push ${collection}`).toBe(200);
    expect(await pushed.json()).toEqual({ conflicts: [] });
  }
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/profile`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(rider.username);
  await form.getByLabel('Password').fill(rider.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Welcome back, ${rider.username}!`).waitFor();
}

async function expectPlanAdvice(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Intelligent advisor' }).waitFor();
  await page
    .getByRole('heading', { level: 2, name: 'Mulberry float and Wolf Pen ride' })
    .waitFor({ timeout: 30_000 });
  await page.getByRole('heading', { level: 2, name: /^Day 1: .*\(today\)$/ }).waitFor();
  await page.getByRole('heading', { level: 2, name: /^Day 2: / }).waitFor();
  const mulberry = page.getByRole('article', { name: 'Mulberry River (float)' });
  await mulberry.getByText('Sunset').waitFor();
  await mulberry.getByText(/Season and closures: not published/).waitFor();
  const wolfPen = page.getByRole('article', { name: 'Wolf Pen Gap Trail Complex' });
  await wolfPen
    .getByText('Tire pressure: 8 PSI in mud, 10-12 PSI on rocks, 6-8 PSI in sand.')
    .waitFor();
  await page.getByText('2 gallons of water').first().waitFor();
  expect(await page.locator('.feature-page').count()).toBe(0);
}

describe('intelligent advisor', () => {
  it('advises on the active plan by day, with live gauge levels online only', async () => {
    await seedRiderWithPlan();
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await signIn(page);
    await page.goto(`${server.baseUrl}/intelligent-advisor`);
    await expectPlanAdvice(page);
    const gauge = page
      .getByRole('list', { name: 'USGS gauges near Mulberry River (float)' })
      .getByRole('listitem')
      .filter({ hasText: 'USGS 07252000' });
    await gauge.getByText(/Discharge: 187 ft³\/s · Gage height: 2\.41 ft/).waitFor();
    await gauge.getByText(/read 2:15 PM CST, provisional USGS data/).waitFor();
    expect(usgs.requests.some((query) => query.get('sites') === '07252000')).toBe(true);
    await saveScreenshot(page, 'advisor-online-390');
    await gauge.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'advisor-gauge-online-390');

    // Keyboard: arrow keys move between sources, skipping the one with nothing to advise on.
    await page.getByRole('radio', { name: 'My active trip plan' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'A trail I pick' }).isChecked()).toBe(true);
    await page.getByLabel('Trail', { exact: true }).selectOption('cossatot-river');
    await page.getByRole('article', { name: 'Cossatot River (whitewater)' }).waitFor();

    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    await expectPlanAdvice(page);
    const offlineGauge = page
      .getByRole('list', { name: 'USGS gauges near Mulberry River (float)' })
      .getByRole('listitem')
      .filter({ hasText: 'USGS 07252000' });
    await offlineGauge.getByText('Live levels need a network connection.').waitFor();
    expect(await offlineGauge.getByText(/Discharge/).count()).toBe(0);
    expect(
      await offlineGauge.getByRole('link', { name: /USGS 07252000/ }).getAttribute('href'),
    ).toBe('https://waterdata.usgs.gov/monitoring-location/07252000/');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'advisor-offline-390');
  }, 180_000);
});
