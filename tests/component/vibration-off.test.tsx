/**
 * The outdoor "Vibration" switch holds on the ride pages: /navigate and /record configure the
 * shared haptics engine themselves (`useHaptics`, before the shell's outdoor settings host has
 * loaded), and must keep it silent when the rider turned vibration off, also after a haptic
 * setting changes. The hook runs alone here, so no other configurer can mask it.
 */
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseProvider } from '../../src/db-react/provider.tsx';
import { SAFETY_SETTING_KEYS } from '../../src/db/safety-settings.ts';
import { settingDocumentId, writeLocalSetting } from '../../src/db/settings.ts';
import {
  defaultHapticSettings,
  hapticConfigFromSettings,
  hapticSettingsKey,
} from '../../src/lib/outdoor/haptic-settings.ts';
import { getSharedHaptics } from '../../src/machines/haptics-machine.ts';
import { useHaptics } from '../../src/ride/use-haptics.ts';
import { databaseWithCatalogues } from './render-app.tsx';

afterAll(async () => {
  // Settings are not rider data: put them back for the next file of this worker.
  const database = await databaseWithCatalogues();
  for (const key of [SAFETY_SETTING_KEYS.outdoor, hapticSettingsKey]) {
    await (await database.getLocal(settingDocumentId(key)))?.remove();
  }
  getSharedHaptics().send({
    type: 'haptics.configure',
    config: hapticConfigFromSettings(defaultHapticSettings),
  });
});

describe('vibration off', () => {
  it('keeps the haptics engine silent on the ride pages, also when a haptic setting changes', async () => {
    const database = await databaseWithCatalogues();
    await writeLocalSetting(database, SAFETY_SETTING_KEYS.outdoor, { vibrationEnabled: false });
    await writeLocalSetting(database, hapticSettingsKey, {
      ...defaultHapticSettings,
      enabled: true,
    });
    const config = () => getSharedHaptics().getSnapshot().context.config;
    // What the engine said before: whatever a page configured last.
    getSharedHaptics().send({ type: 'haptics.configure', config: { enabled: true } });
    renderHook(useHaptics, {
      wrapper: ({ children }: { children: ReactNode }) => (
        <DatabaseProvider database={database}>{children}</DatabaseProvider>
      ),
    });
    await waitFor(() => expect(config().enabled).toBe(false));

    await writeLocalSetting(database, hapticSettingsKey, {
      ...defaultHapticSettings,
      enabled: true,
      masterIntensity: 0.5,
    });
    await waitFor(() => expect(config().masterIntensity).toBe(0.5));
    expect(config().enabled).toBe(false);
  });
});
