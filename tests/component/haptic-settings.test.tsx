/**
 * The vibration settings on /safety: the strength slider stores the master intensity and names
 * its strength class, the feedback switches and custom patterns are stored at once, and "Test
 * vibration" sends the scaled pattern to `navigator.vibrate` when vibration is on, never when it
 * is off, and says so plainly where the browser has no Vibration API.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readOutdoorSettings, SAFETY_SETTING_KEYS } from '../../src/db/safety-settings.ts';
import { settingDocumentId } from '../../src/db/settings.ts';
import { defaultHapticSettings, hapticSettingsKey } from '../../src/lib/outdoor/haptic-settings.ts';
import { applyHapticSettings, getSharedHaptics } from '../../src/machines/haptics-machine.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';

async function stored() {
  return readOutdoorSettings(await databaseWithCatalogues());
}

/** Gives jsdom (which has none) a vibration motor that accepts every pattern. */
function stubVibrate() {
  const vibrate = vi.fn((_pattern: VibratePattern) => true);
  Object.defineProperty(window.navigator, 'vibrate', { value: vibrate, configurable: true });
  return vibrate;
}

afterEach(() => {
  getSharedHaptics().send({ type: 'haptics.stop' });
  Reflect.deleteProperty(window.navigator, 'vibrate');
});

afterAll(async () => {
  // Settings are not rider data: put them back for the next file of this worker.
  const database = await databaseWithCatalogues();
  for (const key of [SAFETY_SETTING_KEYS.outdoor, hapticSettingsKey]) {
    await (await database.getLocal(settingDocumentId(key)))?.remove();
  }
  applyHapticSettings(getSharedHaptics(), defaultHapticSettings, false, true);
});

describe('vibration settings', () => {
  it('stores the strength from the slider and names its class', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp('/safety');
    const slider = await screen.findByRole('slider', { name: 'Vibration strength' });
    expect(screen.getByText('80 % · Strong')).toBeTruthy();

    await user.click(slider);
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByText('75 % · Medium')).toBeTruthy();
    await waitFor(async () => expect((await stored()).hapticSettings.masterIntensity).toBe(0.75));

    await user.keyboard('{PageDown}{PageDown}{PageDown}');
    expect(await screen.findByText('45 % · Subtle')).toBeTruthy();
    await user.keyboard('{Home}');
    expect(await screen.findByText('0 % · Off')).toBeTruthy();
    await waitFor(async () => expect((await stored()).hapticSettings.masterIntensity).toBe(0));
  });

  it('stores the feedback switches and the custom patterns at once', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp('/safety');
    const navigation = await screen.findByRole('checkbox', { name: 'Navigation cues' });
    expect((navigation as HTMLInputElement).checked).toBe(true);
    await user.click(navigation);
    await waitFor(async () =>
      expect((await stored()).hapticSettings.navigationFeedback).toBe(false),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Achievements' }));
    await waitFor(async () =>
      expect((await stored()).hapticSettings.achievementFeedback).toBe(false),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Emergency vibration' }), [
      'emergency-alert',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Turn cues' }), ['heavy']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Waypoint cues' }), ['single']);
    await waitFor(async () =>
      expect((await stored()).hapticSettings.customPatterns).toEqual({
        emergencyPattern: 'emergency-alert',
        turnIntensity: 'heavy',
        waypointStyle: 'single',
      }),
    );
    // The engine plays what was chosen.
    await waitFor(() =>
      expect(getSharedHaptics().getSnapshot().context.customPatterns.turnIntensity).toBe('heavy'),
    );
  });

  it('tests the vibration at the chosen strength when on, and not when off', async () => {
    const vibrate = stubVibrate();
    const user = userEvent.setup({ delay: null });
    await renderApp('/safety');
    const slider = await screen.findByRole('slider', { name: 'Vibration strength' });
    await user.click(slider);
    await user.keyboard('{End}');
    await user.keyboard('{PageDown}{PageDown}{PageDown}{PageDown}{PageDown}');
    expect(await screen.findByText('50 % · Medium')).toBeTruthy();
    await waitFor(async () => expect((await stored()).hapticSettings.masterIntensity).toBe(0.5));

    await user.click(screen.getByRole('button', { name: 'Test vibration' }));
    // Navigation's 100/50/100 at 50 %.
    expect(vibrate).toHaveBeenCalledWith([50, 25, 50]);
    expect(await screen.findByText(/Sent 50 ms on, 25 ms off, 50 ms on\./)).toBeTruthy();

    vibrate.mockClear();
    await user.click(screen.getByRole('checkbox', { name: 'Vibration' }));
    await waitFor(async () => expect((await stored()).vibrationEnabled).toBe(false));
    const test = screen.getByRole('button', { name: 'Test vibration' });
    await waitFor(() => expect(test.hasAttribute('disabled')).toBe(true));
    await user.click(test);
    expect(vibrate).not.toHaveBeenCalled();
    expect(screen.getByText('Vibration is off. Switch it on above to test it.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Vibration' }));
    await waitFor(async () => expect((await stored()).vibrationEnabled).toBe(true));
  });

  it('says plainly when the browser cannot vibrate', async () => {
    await renderApp('/safety');
    expect(
      await screen.findByText(/This browser cannot vibrate: it has no Vibration API\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test vibration' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
