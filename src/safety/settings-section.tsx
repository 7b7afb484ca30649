/**
 * Outdoor and emergency settings on /safety (requirements §core-3, §core-4, §core-9): presets
 * (whole outdoor/indoor, haptics, emergency), the outdoor display settings that scale the whole UI,
 * the vibration settings (haptic-settings.tsx), and the emergency settings that change what the Emergency screen does. Every change is saved
 * at once. Fields that a browser cannot act on (screen brightness, biometrics) are kept in the
 * stored settings but not offered here, so nothing pretends to work. Fall detection and
 * check-ins are offered with what they open and the limit every web app has: they stop while
 * the screen is locked.
 */
import { useDatabase } from '../db-react/provider.tsx';
import {
  applyEmergencyPresetToDevice,
  applyHapticPresetToDevice,
  applyWholePresetToDevice,
} from '../db/safety-settings.ts';
import { useOutdoorSettings } from '../db-react/safety-settings.ts';
import {
  EMERGENCY_PRESETS,
  effectiveTouchTarget,
  type EmergencyPreset,
  type OutdoorFields,
} from '../lib/outdoor/outdoor-settings.ts';
import type { HapticPresetName } from '../lib/outdoor/haptic-settings.ts';
import { showToast } from '../lib/toast.ts';
import {
  ConfirmationSettings,
  DuringEmergencySettings,
  EmergencyButtonSettings,
  FallAndCheckInSettings,
  SharingSettings,
} from './emergency-settings.tsx';
import { HapticSettingsGroup } from './haptic-settings.tsx';
import { useOutdoor } from './outdoor-settings-provider.tsx';
import { SelectSetting, ToggleSetting } from './setting-controls.tsx';
import { UserTypeSetting } from './user-type-setting.tsx';

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

/** The settings panel: presets, display settings, then the emergency settings by topic. */
export function SettingsSection() {
  const { settings, updateOutdoor, updateEmergency, updateHaptics } = useOutdoorSettings();
  const emergency = settings.emergencySettings;
  const groupProps = { emergency, updateEmergency };
  return (
    <section className="safety-card" aria-labelledby="settings-title">
      <h2 id="settings-title">Outdoor and emergency settings</h2>
      <PresetSettings />
      <DisplaySettings settings={settings} updateOutdoor={updateOutdoor} />
      <HapticSettingsGroup
        settings={settings}
        updateHaptics={updateHaptics}
        updateOutdoor={updateOutdoor}
      />
      <EmergencyButtonSettings {...groupProps} />
      <ConfirmationSettings {...groupProps} />
      <SharingSettings {...groupProps} />
      <FallAndCheckInSettings {...groupProps} />
      <DuringEmergencySettings {...groupProps} />
    </section>
  );
}

/** The preset buttons: each applies a whole set of settings at once and says so in a toast. */
function PresetSettings() {
  const db = useDatabase();
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
    <>
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
    </>
  );
}

/** The outdoor display settings (requirements §core-3) that scale and recolour the whole UI. */
function DisplaySettings({
  settings,
  updateOutdoor,
}: {
  settings: OutdoorFields;
  updateOutdoor: (patch: Partial<OutdoorFields>) => Promise<void>;
}) {
  const { wakeLockStatus } = useOutdoor();
  return (
    <>
      <h3>Display and controls</h3>
      <UserTypeSetting />
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
    </>
  );
}
