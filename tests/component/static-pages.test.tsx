/**
 * Donate, privacy policy and terms show their real content (donate says plainly that no
 * address is configured and links nowhere) and write metadata of their own into <head>, as a
 * trail route does with the trail's name; the admin-and-test device pages are closed to guests,
 * and the Bluetooth page tells the tester honestly what the browser offers. (Their fit on a
 * 390 px phone and the performance test's real measurements are checked in Chromium:
 * tests/e2e/static-pages.test.ts.)
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { headMeta, openPage } from './app-helpers.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { forgetRider, signInRider } from './rider-fixtures.tsx';

afterEach(() => {
  forgetRider();
  delete (navigator as Navigator & { bluetooth?: unknown }).bluetooth;
});

/** The app served over HTTPS, as Web Bluetooth requires (jsdom's page is not a secure context). */
function secureContext(): void {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
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
    texts: [
      'trackChunks',
      'user_documents',
      'emergency contacts',
      'No third-party analytics',
      'When you delete your account',
      'Kept: It is the public catalogue',
    ],
  },
  {
    path: '/terms-of-service',
    heading: 'Terms of Service',
    texts: ['cannot call or text anyone by itself', 'Open Database License', 'not legal advice'],
  },
] as const;

describe('donate, privacy policy and terms', () => {
  it('show their real content, and donate offers no link without an address', async () => {
    const app = await renderApp(aboutPages[0].path);
    for (const [index, { path, heading, texts }] of aboutPages.entries()) {
      if (index > 0) await openPage(app, path);
      await screen.findByRole('heading', { level: 1, name: heading });
      for (const text of texts) {
        expect(screen.getAllByText(new RegExp(text)).length, `${path}: ${text}`).toBeGreaterThan(0);
      }
      if (path === '/donate') {
        expect(screen.queryAllByRole('link', { name: /Donate on/ })).toEqual([]);
      }
    }
  });

  it('write metadata of their own into the page head', async () => {
    await renderApp('/privacy-policy');
    const origin = window.location.origin;
    // Written by the page's effect, just after the page shows (the last test's are there before).
    await waitFor(() =>
      expect(headMeta()).toMatchObject({
        title: 'Privacy Policy | Natural State Trails',
        canonical: `${origin}/privacy-policy`,
        ogTitle: 'Privacy Policy | Natural State Trails',
        ogUrl: `${origin}/privacy-policy`,
        ogImage: `${origin}/icons/icon-512.png`,
        twitterTitle: 'Privacy Policy | Natural State Trails',
      }),
    );
    expect(headMeta().description).toContain('stores on your device');
  });
});

describe('page metadata of a trail route', () => {
  it('names the trail in the title, description, keywords and canonical link', async () => {
    const database = await databaseWithCatalogues();
    const trail = (await database.trails.findOne().exec())!.toJSON();
    const path = `/map/${encodeURIComponent(trail.id)}`;
    const app = await renderApp(path);
    await screen.findByRole('heading', { level: 1, name: trail.name });
    await waitFor(() =>
      expect(headMeta().title).toBe(`${trail.name}: Trail Map & Details | Natural State Trails`),
    );
    const meta = headMeta();
    expect(meta.description).toContain(trail.name);
    expect(meta.keywords).toContain(trail.name);
    expect(meta.canonical).toBe(`${window.location.origin}${path}`);
    expect(meta.ogTitle).toBe(meta.title);

    // Moving on to a plain page replaces every tag, keywords included.
    await openPage(app, '/terms-of-service');
    await waitFor(() => expect(headMeta().title).toBe('Terms of Service | Natural State Trails'));
    const plain = headMeta();
    expect(plain.keywords ?? '').not.toContain(trail.name);
  });
});

describe('admin-and-test device pages', () => {
  it('are closed to guests', async () => {
    const app = await renderApp('/bluetooth-test');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in required');
    await openPage(app, '/mobile-performance-test', 'Sign in required');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in required');
    expect(screen.queryByRole('button', { name: 'Run the test' })).toBeNull();
  });

  it('tell the tester honestly when the browser offers no Web Bluetooth', async () => {
    signInRider({ username: 'component-tester', roleId: 'test' });
    secureContext();
    await renderApp('/bluetooth-test');
    await screen.findByRole('heading', { level: 1, name: 'Bluetooth Test' });
    const status = await screen.findByTestId('bluetooth-support');
    expect(status.dataset.state).toBe('unsupported');
    expect(status.textContent).toMatch(/does not offer Web Bluetooth/);
  });

  it('tell the tester when Web Bluetooth reports no adapter', async () => {
    signInRider({ username: 'component-tester', roleId: 'test' });
    secureContext();
    Object.defineProperty(navigator, 'bluetooth', {
      value: { getAvailability: () => Promise.resolve(false) },
      configurable: true,
    });
    await renderApp('/bluetooth-test');
    const status = await screen.findByTestId('bluetooth-support');
    expect(status.dataset.state).toBe('no-adapter');
    expect(status.textContent).toMatch(/reports no Bluetooth adapter/);
  });
});
