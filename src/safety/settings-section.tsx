/**
 * Outdoor and emergency settings on /safety (core-platform §3, §4, §9): presets (whole
 * outdoor/indoor, haptics, emergency), the outdoor display settings that scale the whole UI,
 * and the emergency settings that change what the Emergency screen does. Every change is saved
 * at once. Fields that a browser cannot act on (screen brightness, biometrics, fall detection)
 * are kept in the stored settings but not offered here, so nothing pretends to work.
 */
import { useDatabase } from '../db/provider.tsx';
import {
  applyEmergencyPresetToDevice,
  applyHapticPresetToDevice,
  applyWholePresetToDevice,
  useOutdoorSettings,
} from '../db/safety-settings.ts';
import {
  EMERGENCY_PRESETS,
  effectiveTouchTarget,
  type EmergencyPreset,
} from '../lib/outdoor/outdoor-settings.ts';
import type { HapticPresetName } from '../lib/outdoor/haptic-settings.ts';
import { showToast } from '../lib/toast.ts';
import { useOutdoor } from './outdoor-settings-provider.tsx';
import { NumberSetting, SelectSetting, ToggleSetting } from './setting-controls.tsx';

const wakeLockText = {
  off: 'Off.',
  held: 'The screen is being kept on now.',
  'waiting-for-visible': 'Will keep the screen on when the app is visible again.',
  unsupported:
    'This browser cannot keep the screen on; raise the auto-lock time in the phone settings.',
  refused: 'The browser refused to keep the screen on (battery saver may block it).',
} as const;

const hapticPresetOptions: { id: HapticPresetName; label: string }[] = [
  { id: 'outdoor', label: 'Outdoor' },
  { id: 'indoor', label: 'Indoor' },
  { id: 'batterySaver', label: 'Battery saver' },
  { id: 'accessibility', label: 'Accessibility' },
];

/** The settings panel. */
export function SettingsSection() {
  const db = useDatabase();
  const { settings, updateOutdoor, updateEmergency } = useOutdoorSettings();
  const { wakeLockStatus } = useOutdoor();
  const emergency = settings.emergencySettings;
  const confirmation = emergency.confirmation;
  const setConfirmation = (patch: Partial<typeof confirmation>) =>
    void updateEmergency({ confirmation: { ...confirmation, ...patch } });

  const wholePreset = async (preset: 'outdoor' | 'indoor') => {
    await applyWholePresetToDevice(db, preset);
    showToast({
      title: preset === 'outdoor' ? 'Outdoor preset applied' : 'Indoor preset applied',
      description:
        preset === 'outdoor'
          ? 'Glove mode, high contrast, large text, screen kept on, 8 s confirmation.'
          : 'Standard sizes and theme, screen may lock, 5 s confirmation.',
    });
  };
  const emergencyPreset = async (preset: EmergencyPreset) => {
    await applyEmergencyPresetToDevice(db, preset);
    showToast({
      title: 'Emergency preset applied',
      description: EMERGENCY_PRESETS.find((item) => item.id === preset)?.label ?? preset,
    });
  };
  const hapticPreset = async (preset: HapticPresetName) => {
    await applyHapticPresetToDevice(db, preset);
    showToast({ title: 'Vibration preset applied', description: preset });
  };

  return (
    <section className="safety-card" aria-labelledby="settings-title">
      <h2 id="settings-title">Outdoor and emergency settings</h2>

      <h3>Presets</h3>
      <div className="preset-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void wholePreset('outdoor')}
        >
          Outdoor preset
        </button>
        <button type="button" className="button" onClick={() => void wholePreset('indoor')}>
          Indoor preset
        </button>
      </div>
      <p className="safety-muted">Vibration presets</p>
      <div className="preset-row">
        {hapticPresetOptions.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="button"
            onClick={() => void hapticPreset(preset.id)}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <p className="safety-muted">Emergency presets</p>
      <ul className="preset-list">
        {EMERGENCY_PRESETS.map((preset) => (
          <li key={preset.id}>
            <button
              type="button"
              className="button"
              onClick={() => void emergencyPreset(preset.id)}
            >
              {preset.label}
            </button>
            <span>{preset.summary}</span>
          </li>
        ))}
      </ul>

      <h3>Display and controls</h3>
      <ToggleSetting
        label="Glove mode"
        checked={settings.gloveMode}
        onChange={(gloveMode) => void updateOutdoor({ gloveMode })}
        description="Every button, link and field at least 60 px, for riding gloves."
      />
      <ToggleSetting
        label="High contrast"
        checked={settings.isHighContrast}
        onChange={(isHighContrast) => void updateOutdoor({ isHighContrast })}
        description="White and yellow on black for direct sun; overrides your theme while on."
      />
      <ToggleSetting
        label="Outdoor mode"
        checked={settings.isOutdoorMode}
        onChange={(isOutdoorMode) => void updateOutdoor({ isOutdoorMode })}
        description="Controls at least 56 px and stronger vibrations."
      />
      <SelectSetting
        label="Text size"
        value={settings.fontSize}
        options={[
          { value: 'normal', label: 'Normal' },
          { value: 'large', label: 'Large' },
          { value: 'extra-large', label: 'Extra large' },
        ]}
        onChange={(fontSize) => void updateOutdoor({ fontSize })}
      />
      <SelectSetting
        label="Touch target size"
        value={settings.touchTargetSize}
        options={[
          { value: 'standard', label: 'Standard (44 px)' },
          { value: 'comfortable', label: 'Comfortable (48 px)' },
          { value: 'glove-friendly', label: 'Glove friendly (60 px)' },
        ]}
        onChange={(touchTargetSize) => void updateOutdoor({ touchTargetSize })}
        description={`Controls are now at least ${effectiveTouchTarget(settings)} px.`}
      />
      <ToggleSetting
        label="Keep the screen on"
        checked={settings.screenLockPrevention}
        onChange={(screenLockPrevention) => void updateOutdoor({ screenLockPrevention })}
        description={wakeLockText[wakeLockStatus]}
      />
      <ToggleSetting
        label="Vibration"
        checked={settings.vibrationEnabled}
        onChange={(vibrationEnabled) => void updateOutdoor({ vibrationEnabled })}
      />

      <h3>Emergency button</h3>
      <NumberSetting
        label="Hold the panic button for"
        value={emergency.panicButtonDelay}
        min={1}
        max={10}
        unit="seconds"
        onChange={(panicButtonDelay) => void updateEmergency({ panicButtonDelay })}
      />
      <ToggleSetting
        label="Show the emergency button on every page"
        checked={emergency.alwaysShowEmergencyButton}
        onChange={(alwaysShowEmergencyButton) =>
          void updateEmergency({ alwaysShowEmergencyButton })
        }
      />
      <SelectSetting
        label="Emergency panel"
        value={emergency.emergencyPanelMode}
        options={[
          { value: 'floating', label: 'Floating round button' },
          { value: 'full', label: 'Full-width bar' },
          { value: 'compact', label: 'Compact pill' },
        ]}
        onChange={(emergencyPanelMode) => void updateEmergency({ emergencyPanelMode })}
      />
      <SelectSetting
        label="Button position"
        value={emergency.emergencyPanelPosition}
        options={[
          { value: 'bottom-right', label: 'Bottom right' },
          { value: 'bottom-left', label: 'Bottom left' },
          { value: 'bottom-center', label: 'Bottom centre' },
          { value: 'top-right', label: 'Top right' },
          { value: 'top-left', label: 'Top left' },
        ]}
        onChange={(emergencyPanelPosition) => void updateEmergency({ emergencyPanelPosition })}
      />
      <SelectSetting
        label="Button size"
        value={emergency.emergencyButtonSize}
        options={[
          { value: 'normal', label: 'Normal' },
          { value: 'large', label: 'Large' },
          { value: 'extra-large', label: 'Extra large' },
        ]}
        onChange={(emergencyButtonSize) => void updateEmergency({ emergencyButtonSize })}
      />
      <NumberSetting
        label="Full-width bar shrinks after"
        value={emergency.emergencyUITimeout}
        min={5}
        max={600}
        unit="seconds"
        onChange={(emergencyUITimeout) => void updateEmergency({ emergencyUITimeout })}
      />

      <h3>Confirmation</h3>
      <ToggleSetting
        label="Confirm before sending help"
        checked={emergency.requireEmergencyConfirmation}
        onChange={(requireEmergencyConfirmation) =>
          void updateEmergency({ requireEmergencyConfirmation })
        }
      />
      <ToggleSetting
        label="Confirmations on (sending and stopping)"
        checked={confirmation.enabled}
        onChange={(enabled) => setConfirmation({ enabled })}
      />
      <NumberSetting
        label="Confirmation time"
        value={confirmation.timeout}
        min={1}
        max={60}
        unit="seconds"
        onChange={(timeout) => setConfirmation({ timeout })}
      />
      <SelectSetting
        label="When the time runs out"
        value={confirmation.confirmationType}
        options={[
          { value: 'countdown', label: 'Send help (you may be unable to answer)' },
          { value: 'tap', label: 'Cancel (only a tap sends help)' },
        ]}
        onChange={(confirmationType) => setConfirmation({ confirmationType })}
      />
      <ToggleSetting
        label="Skip confirmation when someone is hurt"
        checked={confirmation.skipConfirmationInCritical}
        onChange={(skipConfirmationInCritical) => setConfirmation({ skipConfirmationInCritical })}
        description="Voice triggers “mayday”, “injured” and “accident” send help at once."
      />
      <ToggleSetting
        label="Confirm twice before stopping an emergency"
        checked={confirmation.doubleConfirmForDestruction}
        onChange={(doubleConfirmForDestruction) => setConfirmation({ doubleConfirmForDestruction })}
      />

      <h3>Sharing and calling</h3>
      <SelectSetting
        label="Contact method"
        value={emergency.preferredContactMethod}
        options={[
          { value: 'both', label: 'Text and call' },
          { value: 'sms', label: 'Text only' },
          { value: 'call', label: 'Call only' },
        ]}
        onChange={(preferredContactMethod) => void updateEmergency({ preferredContactMethod })}
      />
      <ToggleSetting
        label="Text all contacts"
        checked={emergency.shareLocationWithAllContacts}
        onChange={(shareLocationWithAllContacts) =>
          void updateEmergency({ shareLocationWithAllContacts })
        }
      />
      <SelectSetting
        label="Otherwise text contacts up to"
        value={emergency.emergencyContactPriority}
        options={[
          { value: 1, label: 'Primary only' },
          { value: 2, label: 'Primary and secondary' },
          { value: 3, label: 'Primary, secondary and backup' },
        ]}
        onChange={(emergencyContactPriority) => void updateEmergency({ emergencyContactPriority })}
      />
      <SelectSetting
        label="Location precision in texts"
        value={emergency.shareLocationPrecision}
        options={[
          { value: 'exact', label: 'Exact (about 1 m)' },
          { value: 'approximate', label: 'Approximate (about 110 m)' },
          { value: 'general', label: 'General (about 1 km)' },
        ]}
        onChange={(shareLocationPrecision) => void updateEmergency({ shareLocationPrecision })}
      />
      <ToggleSetting
        label="Leave the nearest town out of texts"
        checked={emergency.anonymizeEmergencyData}
        onChange={(anonymizeEmergencyData) => void updateEmergency({ anonymizeEmergencyData })}
      />
      <ToggleSetting
        label="Short texts for weak signal"
        checked={emergency.lowSignalOptimization}
        onChange={(lowSignalOptimization) => void updateEmergency({ lowSignalOptimization })}
      />
      <ToggleSetting
        label="Call 911 automatically when an emergency starts"
        checked={emergency.autoCall911}
        onChange={(autoCall911) => void updateEmergency({ autoCall911 })}
        description="Opens the phone’s dialer on 911; some browsers still ask you to tap Call."
      />

      <h3>During an emergency</h3>
      <NumberSetting
        label="Update location every"
        value={emergency.locationUpdateInterval}
        min={5}
        max={600}
        unit="seconds"
        onChange={(locationUpdateInterval) => void updateEmergency({ locationUpdateInterval })}
      />
      <ToggleSetting
        label="High-accuracy GPS"
        checked={emergency.highAccuracyGPS}
        onChange={(highAccuracyGPS) => void updateEmergency({ highAccuracyGPS })}
      />
      <ToggleSetting
        label="Start the beacon automatically"
        checked={emergency.emergencyBeaconMode}
        onChange={(emergencyBeaconMode) => void updateEmergency({ emergencyBeaconMode })}
        description="Flashing screen, siren and SOS vibration so searchers can find you."
      />
      <ToggleSetting
        label="Spoken prompts"
        checked={emergency.emergencyAudioPrompts}
        onChange={(emergencyAudioPrompts) => void updateEmergency({ emergencyAudioPrompts })}
      />
      <NumberSetting
        label="Prompt and siren volume"
        value={emergency.emergencyAudioVolume}
        min={0}
        max={100}
        unit="%"
        onChange={(emergencyAudioVolume) => void updateEmergency({ emergencyAudioVolume })}
      />
      <ToggleSetting
        label="Keep the screen on during an emergency"
        checked={emergency.enableWakeLock}
        onChange={(enableWakeLock) => void updateEmergency({ enableWakeLock })}
      />
      <ToggleSetting
        label="Voice triggers"
        checked={emergency.voiceActivationEnabled}
        onChange={(voiceActivationEnabled) => void updateEmergency({ voiceActivationEnabled })}
        description={`While the Emergency screen is open, saying ${emergency.emergencyVoiceTriggers.join(', ')} starts an emergency. The browser's speech recognition may need a data connection.`}
      />
      <ToggleSetting
        label="Test mode"
        checked={emergency.emergencyTestMode}
        onChange={(emergencyTestMode) => void updateEmergency({ emergencyTestMode })}
        description="Texts say they are a test and 911 is never dialled automatically."
      />
      <NumberSetting
        label="Keep the emergency log for"
        value={emergency.emergencyDataRetention}
        min={1}
        max={365}
        unit="days"
        onChange={(emergencyDataRetention) => void updateEmergency({ emergencyDataRetention })}
      />
    </section>
  );
}
