/**
 * Issue 17 pages in Chromium at 390 px: donate, privacy policy and terms show real content (no
 * directory placeholder; donate says plainly that no address is configured in this build), the
 * admin-and-test device pages are closed to guests and, for the tester, the Bluetooth page says
 * honestly what headless Chromium offers and the performance test measures and shows figures.
 * Page metadata: a plain route and a trail route set title, description, canonical and share tags.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { e2eAccounts, startServer, type RunningServer } from './server.ts';

let server: RunningServer;
let session: BrowserSession | undefined;

beforeAll(async () => {
  server = await startServer();
});

afterEach(async () => {
  await session?.close();
  session = undefined;
});

afterAll(async () => {
  await server?.stop();
});

/** Whether the page's main content is the directory placeholder of a later milestone. */
async function showsPlaceholder(page: Page): Promise<boolean> {
  return (await page.locator('.feature-page').count()) > 0;
}

/** Reads the metadata the page wrote into <head>. */
async function headMeta(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) =>
      document.head.querySelector<HTMLMetaElement>(selector)?.content ?? null;
    return {
      title: document.title,
      description: meta('meta[name="description"]'),
      keywords: meta('meta[name="keywords"]'),
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
      ogTitle: meta('meta[property="og:title"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogImage: meta('meta[property="og:image"]'),
      twitterTitle: meta('meta[name="twitter:title"]'),
    };
  });
}

async function signInAsTester(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/profile`);
  await page.getByLabel('Username').first().fill(e2eAccounts.tester.username);
  await page.getByLabel('Password').first().fill(e2eAccounts.tester.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/profile'), { timeout: 15_000 });
}

const aboutPages = [
  {
    path: '/donate',
    heading: 'Support Natural State Trails',
    texts: ['Donations are not set up on this installation', 'What donations are for'],
  },
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    texts: ['trackChunks', 'user_documents', 'emergency contacts', 'No third-party analytics'],
  },
  {
    path: '/terms-of-service',
    heading: 'Terms of Service',
    texts: ['cannot call or text anyone by itself', 'Open Database License', 'not legal advice'],
  },
] as const;

describe('donate, privacy policy and terms', () => {
  it('show their real content at 390 px, with metadata of their own', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    for (const { path, heading, texts } of aboutPages) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      for (const text of texts) await page.getByText(text).first().waitFor();
      expect(await showsPlaceholder(page), path).toBe(false);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
      await saveScreenshot(page, `static${path.replace('/', '-')}-phone`);
    }
    // Opened once with signal, each page reloads offline from the service worker's cache.
    await waitForOfflineReady(page);
    await session.context.setOffline(true);
    for (const { path, heading, texts } of aboutPages) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByText(texts[0]).first().waitFor();
    }
    await saveScreenshot(page, 'static-terms-of-service-phone-offline');
    await session.context.setOffline(false);
    // The donate page offers no link anywhere when no address is configured.
    await page.goto(`${server.baseUrl}/donate`);
    await page.getByText('Donations are not set up on this installation').waitFor();
    expect(await page.getByRole('link', { name: /Donate on/ }).count()).toBe(0);

    await page.goto(`${server.baseUrl}/privacy-policy`);
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    const meta = await headMeta(page);
    expect(meta).toMatchObject({
      title: 'Privacy Policy | Natural State Trails',
      canonical: `${server.baseUrl}/privacy-policy`,
      ogTitle: 'Privacy Policy | Natural State Trails',
      ogUrl: `${server.baseUrl}/privacy-policy`,
      ogImage: `${server.baseUrl}/icons/icon-512.png`,
      twitterTitle: 'Privacy Policy | Natural State Trails',
    });
    expect(meta.description).toContain('stores on your device');
  });
});

describe('page metadata of a trail route', () => {
  it('names the trail in the title, description, keywords and canonical link', async () => {
    const trails = (await (await fetch(`${server.baseUrl}/api/trails`)).json()) as {
      id: string;
      name: string;
    }[];
    const trail = trails[0]!;
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await page.goto(`${server.baseUrl}/map/${encodeURIComponent(trail.id)}`);
    await page.waitForFunction((name) => document.title.startsWith(name), trail.name, {
      timeout: 30_000,
    });
    const meta = await headMeta(page);
    expect(meta.title).toBe(`${trail.name}: Trail Map & Details | Natural State Trails`);
    expect(meta.description).toContain(trail.name);
    expect(meta.keywords).toContain(trail.name);
    expect(meta.canonical).toBe(`${server.baseUrl}/map/${encodeURIComponent(trail.id)}`);
    expect(meta.ogTitle).toBe(meta.title);

    // Moving on to a plain page replaces every tag, keywords included.
    await page.goto(`${server.baseUrl}/terms-of-service`);
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    const plain = await headMeta(page);
    expect(plain.title).toBe('Terms of Service | Natural State Trails');
    expect(plain.keywords).not.toContain(trail.name);
  });
});

describe('admin-and-test device pages', () => {
  it('are closed to guests', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    for (const path of ['/bluetooth-test', '/mobile-performance-test']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { name: 'Sign in required' }).waitFor();
    }
  });

  it('tell the tester honestly what Bluetooth headless Chromium offers', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await signInAsTester(page);
    await page.goto(`${server.baseUrl}/bluetooth-test`);
    await page.getByRole('heading', { name: 'Bluetooth Test', level: 1 }).waitFor();
    const status = page.getByTestId('bluetooth-support');
    await status.waitFor();
    const state = await status.getAttribute('data-state');
    // Headless Chromium either hides the API or has no adapter; never "available".
    expect(['unsupported', 'no-adapter']).toContain(state);
    await expect(status.textContent()).resolves.toMatch(
      state === 'unsupported' ? /does not offer Web Bluetooth/ : /reports no Bluetooth adapter/,
    );
    expect(await showsPlaceholder(page)).toBe(false);
    await saveScreenshot(page, 'static-bluetooth-test-phone');
  });

  it('measures the device and shows figures with units for the tester', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await context.grantPermissions(['geolocation'], { origin: server.baseUrl });
    await context.setGeolocation({ latitude: 35.0887, longitude: -92.4421, accuracy: 12 });
    await signInAsTester(page);
    await page.goto(`${server.baseUrl}/mobile-performance-test`);
    await page.getByRole('button', { name: 'Run the test' }).click();
    const report = page.getByTestId('performance-report');
    await report.waitFor({ timeout: 60_000 });
    const figure = (key: string) =>
      page.locator(`[data-measurement="${key}"]`).textContent() as Promise<string>;
    await expect(figure('frameRate')).resolves.toMatch(/^\d+\.\d frames per second/);
    await expect(figure('memory')).resolves.toMatch(/MB in use of a .* limit/);
    await expect(figure('storage')).resolves.toMatch(/MB used of .* allowed/);
    await expect(figure('indexedDb')).resolves.toMatch(/^\d+ writes per second \(200 records/);
    await expect(figure('gps')).resolves.toMatch(/fixes per second \(\d+ fixes in/);
    await expect(report.textContent()).resolves.toContain(
      'Natural State Trails mobile performance test',
    );
    await page.getByRole('button', { name: 'Copy results' }).waitFor();
    const databases = await page.evaluate(async () =>
      (await indexedDB.databases()).map((database) => database.name),
    );
    expect(databases).not.toContain('nst-performance-scratch');
    await saveScreenshot(page, 'static-mobile-performance-test-phone');
  });
});
