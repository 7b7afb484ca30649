import { describe, expect, it } from 'vitest';
import {
  defaultHapticSettings,
  hapticConfigFromSettings,
} from '../../../src/lib/outdoor/haptic-settings.ts';

describe('the haptics engine config from the stored settings', () => {
  it('is silent when the outdoor Vibration switch is off, whatever the haptic settings say', () => {
    const settings = { ...defaultHapticSettings, enabled: true };
    expect(hapticConfigFromSettings(settings, true, false).enabled).toBe(false);
    expect(hapticConfigFromSettings(settings, true, true).enabled).toBe(true);
    expect(hapticConfigFromSettings({ ...settings, enabled: false }, true, true).enabled).toBe(
      false,
    );
  });

  it('carries outdoor mode and the intensity through', () => {
    const config = hapticConfigFromSettings(
      { ...defaultHapticSettings, masterIntensity: 0.4 },
      true,
    );
    expect(config).toMatchObject({ outdoorMode: true, masterIntensity: 0.4, enabled: true });
  });
});
