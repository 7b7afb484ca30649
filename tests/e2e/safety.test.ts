/**
 * The safety system end to end in Chromium (issue 7, issue 11 defect 3), with geolocation
 * overridden and the network off: a contact is added, the panic button is held (mouse down,
 * 3 s on Playwright's clock) with its visible countdown, the confirmation says what the phone
 * will open, and when it runs out the text opens with the coordinates and the screen says it still has to be sent;
 * with no contacts the dialer opens on 911; fall detection (synthetic devicemotion events) and
 * periodic check-ins (Playwright's clock) ask "Are you OK?" and open the text when needed;
 * glove mode makes every control on the safety and emergency pages at least 60 px;
 * /emergency-test reports its seven checks for a tester. What the waterway pages list is
 * component waterway-pages.test.tsx's.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  observeGeolocation,
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  waitForDeliveredFix,
  type BrowserSession,
} from './browser.ts';
import { DEFAULT_EMERGENCY_SETTINGS } from '../../src/lib/outdoor/outdoor-settings.ts';
import { e2eAccounts } from './server.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

/**
 * How long the panic button is held before the confirmation, and how long the confirmation
 * waits for an answer outdoors, in ms: the tests that hold it run Playwright's clock over these
 * instead of waiting them out.
 */
const holdMs = DEFAULT_EMERGENCY_SETTINGS.panicButtonDelay * 1000;
const confirmationMs = DEFAULT_EMERGENCY_SETTINGS.confirmation.timeout * 1000;

/** A point just east of Conway, in Faulkner County (us-atlas county boundaries). */
const position = { latitude: 35.0887, longitude: -92.4421, accuracy: 9 };

async function withLocation(current: BrowserSession): Promise<void> {
  await current.context.grantPermissions(['geolocation'], { origin: baseUrl });
  await current.context.setGeolocation(position);
  await observeGeolocation(current.context);
}

/**
 * Records every `sms:` and `tel:` link the page opens (a tap or the app's own opening) instead
 * of handing it to the system, which a headless browser does not have.
 */
async function recordOpenedLinks(current: BrowserSession): Promise<void> {
  await current.context.addInitScript(() => {
    const scope = window as unknown as { openedLinks: string[] };
    scope.openedLinks = [];
    document.addEventListener(
      'click',
      (event) => {
        const link = event.target instanceof Element ? event.target.closest('a') : null;
        const href = link?.getAttribute('href') ?? '';
        if (/^(sms|tel):/.test(href)) {
          scope.openedLinks.push(href);
          event.preventDefault();
        }
      },
      true,
    );
  });
}

async function openedLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { openedLinks: string[] }).openedLinks);
}

async function addContact(page: Page, name: string, phone: string, relation = ''): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Mobile phone').fill(phone);
  await page.getByLabel('Relation (optional)').fill(relation);
  await page.getByRole('button', { name: 'Add contact' }).click();
  await page.getByText(`${phone} ·`, { exact: false }).waitFor();
}

/**
 * Dispatches accelerometer samples 20 ms apart: `phases` of [g, duration ms] (total
 * acceleration including gravity, along z).
 */
async function shake(page: Page, phases: [number, number][]): Promise<void> {
  await page.evaluate(async (steps) => {
    for (const [g, ms] of steps) {
      for (let elapsed = 0; elapsed < ms; elapsed += 20) {
        window.dispatchEvent(
          new DeviceMotionEvent('devicemotion', {
            accelerationIncludingGravity: { x: 0, y: 0, z: g * 9.80665 },
            interval: 20,
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }, phases);
}

async function goOffline(page: Page, current: BrowserSession, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await waitForOfflineReady(page);
  await current.context.setOffline(true);
  await page.reload();
}

/** Sizes of every visible interactive element smaller than `min` px in either dimension. */
async function undersizedControls(page: Page, min: number): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="switch"]',
    ].join(',');
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Not rendered, or visually hidden for screen readers only (react-aria's hidden inputs).
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (element.closest('.visually-hidden') || (box.width <= 1 && box.height <= 1)) continue;
      if (box.width < minimum || box.height < minimum) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
        problems.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return problems;
  }, min);
}

describe('safety and emergency in Chromium', () => {
  it('holds the panic button offline; the unanswered countdown opens the text with the coordinates and says to press Send', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await withLocation(session);
    await recordOpenedLinks(session);
    // The 3 s hold and the 8 s confirmation run on Playwright's clock, moved on by the test.
    await page.clock.install();
    await goOffline(page, session, '/safety');
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await expect(page.getByText('Carry 1 gallon of water per person.').isVisible()).resolves.toBe(
      true,
    );

    await page.getByLabel('Name').fill('Dana Rivers');
    await page.getByLabel('Mobile phone').fill('(501) 555-0142');
    await page.getByLabel('Relation (optional)').fill('Sister');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByText('(501) 555-0142 · Sister · Primary').waitFor();

    await page.getByRole('link', { name: 'Open the Emergency screen' }).click();
    await page.waitForURL(`${baseUrl}/emergency`);
    const panic = page.getByRole('button', { name: /Hold for SOS/ });
    await panic.waitFor();
    // The card shows where the rider is, from the shipped data, before any emergency.
    await page.getByText('Faulkner County, Arkansas', { exact: true }).waitFor();
    await expect(page.getByTestId('card-decimal').textContent()).resolves.toBe(
      '35.08870, -92.44210',
    );

    await panic.hover();
    await page.mouse.down();
    await page.getByText(/Keep holding: [123] s/).waitFor({ timeout: 2000 });
    await saveScreenshot(page, 'emergency-countdown-phone-offline');
    await page.clock.runFor(holdMs);
    await page.getByRole('heading', { name: 'Start an emergency?' }).waitFor();
    await page.mouse.up();
    await expect(page.getByTestId('emergency-plan').textContent()).resolves.toBe(
      'Your phone will open a text to your 1 contact, Dana Rivers, with your location. Press Send.',
    );
    await page.getByText(/It opens in \d s unless you cancel\./).waitFor();
    await saveScreenshot(page, 'emergency-confirm-phone-offline');
    expect(await openedLinks(page)).toEqual([]);
    // Nobody answers: the 8 s countdown ends by opening the text, not by a claim.
    await page.clock.runFor(confirmationMs);
    await page.getByRole('heading', { name: 'Emergency active' }).waitFor();
    await expect(page.getByTestId('emergency-opened').textContent()).resolves.toBe(
      'No answer to the confirmation. Your phone opened a text to your 1 contact, Dana Rivers, with your location. It is not sent until you press Send. If nothing opened, use the buttons below.',
    );
    const opened = await openedLinks(page);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.startsWith('sms:+15015550142?&body=')).toBe(true);
    const openedBody = decodeURIComponent(opened[0]?.split('body=')[1] ?? '');
    expect(openedBody).toContain('35.08870, -92.44210 (±9 m)');

    const sms = page.getByTestId('sms-all');
    await sms.waitFor();
    const href = (await sms.getAttribute('href')) ?? '';
    expect(href.startsWith('sms:+15015550142?&body=')).toBe(true);
    const body = decodeURIComponent(href.split('body=')[1] ?? '');
    expect(body).toContain('EMERGENCY: I need help.');
    expect(body).toContain('35.08870, -92.44210 (±9 m)');
    expect(body).toContain('https://www.openstreetmap.org/?mlat=35.08870&mlon=-92.44210');
    await expect(
      page.getByRole('link', { name: 'Call 911', exact: true }).getAttribute('href'),
    ).resolves.toBe('tel:911');
    await saveScreenshot(page, 'emergency-active-phone-offline');

    // Stopping is destructive: it takes two confirmations.
    await page.getByRole('button', { name: 'Stop emergency' }).click();
    await page.getByRole('button', { name: 'Yes, stop' }).click();
    await page.getByText('Step 2 of 2').waitFor();
    await page.getByRole('button', { name: 'Yes, stop' }).click();
    await page.getByText('Emergency stopped.').waitFor();
  });

  it('with no contacts saved, says so and the confirmed emergency opens the dialer on 911', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await withLocation(session);
    await recordOpenedLinks(session);
    await page.clock.install();
    await page.goto(`${baseUrl}/emergency`);
    await page.getByRole('button', { name: /Hold for SOS/ }).hover();
    await page.mouse.down();
    await page.getByText(/Keep holding/).waitFor();
    await page.clock.runFor(holdMs);
    await page.getByRole('heading', { name: 'Start an emergency?' }).waitFor();
    await page.mouse.up();
    await expect(page.getByTestId('emergency-plan').textContent()).resolves.toBe(
      'You have no emergency contacts saved, so there is no one to text. Your phone will open the dialer on 911. Press Call.',
    );
    await page.getByRole('button', { name: 'Open the dialer now' }).click();
    await page.getByRole('heading', { name: 'Emergency active' }).waitFor();
    expect(await openedLinks(page)).toEqual(['tel:911']);
    await expect(page.getByTestId('emergency-opened').textContent()).resolves.toContain(
      'Your phone opened the dialer on 911. The call starts only when you press Call.',
    );
    await saveScreenshot(page, 'emergency-no-contacts-phone');
  });

  it('fall detection: a free fall then an impact asks "Are you OK?", and "I need help" opens the text', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await withLocation(session);
    await recordOpenedLinks(session);
    // Chromium asks for motion sensors like iOS does (DeviceMotionEvent.requestPermission).
    await session.context.grantPermissions(['geolocation', 'accelerometer', 'gyroscope'], {
      origin: baseUrl,
    });
    await page.goto(`${baseUrl}/safety`);
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await addContact(page, 'Dana Rivers', '(501) 555-0142');
    await expect(
      page.getByText(/only while this app is open and the screen is on/).count(),
    ).resolves.toBe(2);
    // Saved once the motion permission is settled (iOS asks here) and the write has stored, so
    // click, then wait for the switch to show it.
    await page.getByLabel('Fall detection').click();
    await page.getByTestId('motion-status').waitFor();
    await expect.poll(() => page.getByLabel('Fall detection').isChecked()).toBe(true);
    await page.getByLabel('Fall detection').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'fall-settings-phone');

    // Riding bumps (hard spikes without a free fall) do not ask.
    await shake(page, [
      [1, 200],
      [3.5, 40],
      [1, 200],
      [3.5, 40],
      [1, 200],
    ]);
    await page.getByTestId('motion-status').getByText('Motion data is coming in').waitFor();
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);

    // A drop (0.1 g for 300 ms) and then a 4 g hit.
    await shake(page, [
      [0.1, 300],
      [4, 40],
      [1, 100],
    ]);
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Are you OK?' }).waitFor();
    await dialog.getByText('Your phone’s motion sensors noticed what may be a fall.').waitFor();
    await expect(page.getByTestId('safety-watch-plan').textContent()).resolves.toBe(
      'Your phone will open a text to your 1 contact, Dana Rivers, with your location. Press Send.',
    );
    await saveScreenshot(page, 'fall-prompt-phone');
    await dialog.getByRole('button', { name: 'I’m OK' }).click();
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    expect(await openedLinks(page)).toEqual([]);

    await shake(page, [
      [0.1, 300],
      [4, 40],
    ]);
    await dialog.getByRole('heading', { name: 'Are you OK?' }).waitFor();
    // The location for the text arrives while the prompt shows.
    await waitForDeliveredFix(page);
    await dialog.getByRole('button', { name: 'I need help' }).click();
    await expect(page.getByTestId('safety-watch-opened').textContent()).resolves.toBe(
      'Your phone opened a text to your 1 contact, Dana Rivers, with your location. It is not sent until you press Send. If nothing opened, use the buttons below.',
    );
    const opened = await openedLinks(page);
    expect(opened).toHaveLength(1);
    expect(decodeURIComponent(opened[0] ?? '')).toContain('35.08870, -92.44210 (±9 m)');
    await saveScreenshot(page, 'fall-opened-phone');
  });

  it('a periodic check-in nobody answers opens the text to both contacts, offline', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await withLocation(session);
    await recordOpenedLinks(session);
    await page.clock.install();
    await goOffline(page, session, '/safety');
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await addContact(page, 'Dana Rivers', '(501) 555-0142');
    await addContact(page, 'Lee Park', '(501) 555-0177');
    await page.getByLabel('Check in every').fill('5');
    // Saved to the on-device database, then shown: click and wait rather than check().
    await page.getByLabel('Safety check-ins').click();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('label')).some(
        (label) =>
          label.textContent === 'Safety check-ins' &&
          (document.getElementById(label.htmlFor) as HTMLInputElement | null)?.checked,
      ),
    );
    await page.getByText(/Asks “Are you OK\?” every 5 minutes\./).waitFor();

    await page.clock.runFor(4 * 60_000);
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    await page.clock.runFor(60_000 + 500);
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Are you OK?' }).waitFor();
    await dialog.getByText('Your safety check-in is due (every 5 minutes).').waitFor();
    await expect(page.getByTestId('safety-watch-plan').textContent()).resolves.toBe(
      'Your phone will open a text to your 2 contacts with your location. Press Send.',
    );
    await saveScreenshot(page, 'check-in-prompt-phone-offline');
    // The location for the text arrives while the prompt shows.
    await waitForDeliveredFix(page);
    expect(await openedLinks(page)).toEqual([]);
    await page.clock.runFor(30_000);
    await dialog.getByRole('heading', { name: 'No answer to “Are you OK?”' }).waitFor();
    await expect(page.getByTestId('safety-watch-opened').textContent()).resolves.toBe(
      'Your phone opened a text to your 2 contacts with your location. It is not sent until you press Send. If nothing opened, use the buttons below.',
    );
    const opened = await openedLinks(page);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.startsWith('sms:+15015550142,+15015550177?&body=')).toBe(true);
    expect(decodeURIComponent(opened[0] ?? '')).toContain('35.08870, -92.44210');
    await saveScreenshot(page, 'check-in-opened-phone-offline');
    await dialog.getByRole('button', { name: 'I’m OK now, close' }).click();
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
  });

  it('releases early to cancel the hold', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await withLocation(session);
    await page.clock.install();
    await page.goto(`${baseUrl}/emergency`);
    const panic = page.getByRole('button', { name: /Hold for SOS/ });
    await panic.hover();
    await page.mouse.down();
    await page.getByText(/Keep holding/).waitFor();
    await page.mouse.up();
    await page.getByText('Cancelled: you let go before the countdown ended.').waitFor();
    // Past the end of the 3-second hold: a cancelled hold starts nothing.
    await page.clock.runFor(holdMs + 500);
    await expect(page.getByRole('heading', { name: 'Start an emergency?' }).count()).resolves.toBe(
      0,
    );
  });

  it('glove mode makes every control on the page at least 60 px, and the setting survives a reload', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await withLocation(session);
    await recordOpenedLinks(session);
    await page.clock.install();
    await goOffline(page, session, '/safety');
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    expect((await undersizedControls(page, 60)).length).toBeGreaterThan(0);

    await page.getByLabel('Glove mode').click();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'safety-glove-phone-offline');

    await page.reload();
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    // The switch shows the stored setting when the page's settings render, just after the class.
    await expect.poll(() => page.getByLabel('Glove mode').isChecked()).toBe(true);

    await page.goto(`${baseUrl}/emergency`);
    await page.getByRole('button', { name: /Hold for SOS/ }).waitFor();
    // Settings come from the on-device database, a moment after the page itself.
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    await page.getByText('Faulkner County, Arkansas', { exact: true }).waitFor();
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'emergency-glove-phone-offline');

    // The whole emergency flow with gloves on: hold, confirm, and the active screen's controls.
    await page.getByRole('button', { name: /Hold for SOS/ }).hover();
    await page.mouse.down();
    await page.getByText(/Keep holding/).waitFor();
    await page.clock.runFor(holdMs);
    await page.getByRole('heading', { name: 'Start an emergency?' }).waitFor();
    await page.mouse.up();
    await page.getByRole('button', { name: 'Open the dialer now' }).click();
    await page.getByRole('heading', { name: 'Emergency active' }).waitFor();
    await page.getByText('35.08870, -92.44210').first().waitFor();
    await expect(
      page.getByRole('link', { name: 'Call 911', exact: true }).getAttribute('href'),
    ).resolves.toBe('tel:911');
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'emergency-active-glove-phone-offline');

    await page.setViewportSize(viewports.desktop);
    await page.goto(`${baseUrl}/safety`);
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'safety-glove-desktop-offline');
  });

  it('runs the seven emergency checks for a tester and says why each passed or failed', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await withLocation(session);
    await page.goto(`${baseUrl}/profile`);
    await page.getByLabel('Username').first().fill(e2eAccounts.tester.username);
    await page.getByLabel('Password').first().fill(e2eAccounts.tester.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/profile'), { timeout: 15_000 });
    await page.goto(`${baseUrl}/emergency-test`);
    const score = page.getByTestId('emergency-test-score');
    await score.waitFor({ timeout: 30_000 });
    await expect(score.textContent()).resolves.toMatch(/(Passed|Not passed): \d of 7 checks/);
    await expect(page.locator('.test-result').count()).resolves.toBe(7);
    await expect(
      page.getByRole('heading', { name: 'GPS location: pass' }).isVisible(),
    ).resolves.toBe(true);
    await saveScreenshot(page, 'emergency-test-desktop');
  });
});
