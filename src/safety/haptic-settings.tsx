/**
 * The vibration settings on /safety (requirements §core-3 "Haptic settings", §core-4 "a test play
 * forces playback", §core-9 strength classes): the "Vibration" switch, the master intensity as a
 * slider with its strength class, the four feedback switches, the custom patterns and a test
 * button that plays through the page's shared haptics machine at the settings on screen. Every
 * change is stored at once in the haptic settings document and reaches the engine through the
 * outdoor settings host.
 */
import { useState } from 'react';
import {
  Button,
  Label,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
} from 'react-aria-components';
import type { HapticSettings, HapticSettingsPatch } from '../lib/outdoor/haptic-settings.ts';
import type { OutdoorFields, OutdoorSettings } from '../lib/outdoor/outdoor-settings.ts';
import { hapticStrength, type HapticStrength } from '../machines/haptics-engine.ts';
import {
  applyHapticSettings,
  getSharedHaptics,
  requestHapticPattern,
  scaledHapticPattern,
} from '../machines/haptics-machine.ts';
import { SelectSetting, ToggleSetting } from './setting-controls.tsx';

/** The pattern the test button plays: navigation's 100/50/100 (requirements §voice-9). */
export const TEST_PATTERN_ID = 'voice-navigation';

const strengthWords: Record<HapticStrength, string> = {
  strong: 'Strong',
  medium: 'Medium',
  subtle: 'Subtle',
  off: 'Off',
};

type CustomPatterns = HapticSettings['customPatterns'];

const turnOptions: readonly { value: CustomPatterns['turnIntensity']; label: string }[] = [
  { value: 'light', label: 'Light (shorter pulses)' },
  { value: 'medium', label: 'Medium' },
  { value: 'heavy', label: 'Heavy (longer pulses)' },
];
const waypointOptions: readonly { value: CustomPatterns['waypointStyle']; label: string }[] = [
  { value: 'single', label: 'Single pulse' },
  { value: 'double', label: 'Double pulse' },
];
const emergencyOptions: readonly { value: CustomPatterns['emergencyPattern']; label: string }[] = [
  { value: 'emergency-alert', label: 'Emergency alert (3 long pulses)' },
  { value: 'sos', label: 'SOS in Morse code' },
];

/** Whether this browser offers the Vibration API at all. */
function browserCanVibrate(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
}

/** "80 ms on, 40 ms off, 80 ms on" for the durations a pattern was sent with. */
function describeDurations(durations: readonly number[]): string {
  return durations.map((ms, index) => `${ms} ms ${index % 2 === 0 ? 'on' : 'off'}`).join(', ');
}

/**
 * The vibration group of the settings panel. `settings` are the stored outdoor settings;
 * `updateHaptics` and `updateOutdoor` store a change at once.
 */
export function HapticSettingsGroup({
  settings,
  updateHaptics,
  updateOutdoor,
}: {
  settings: OutdoorSettings;
  updateHaptics: (patch: HapticSettingsPatch) => Promise<void>;
  updateOutdoor: (patch: Partial<OutdoorFields>) => Promise<void>;
}) {
  const haptic = settings.hapticSettings;
  const vibrationOn = settings.vibrationEnabled && haptic.enabled;
  return (
    <>
      <h3 id="vibration-settings-title">Vibration</h3>
      <ToggleSetting
        label="Vibration"
        checked={vibrationOn}
        onChange={(on) => {
          void updateOutdoor({ vibrationEnabled: on });
          // Both switches must be on for anything to vibrate; switching on means both.
          if (on && !haptic.enabled) void updateHaptics({ enabled: true });
        }}
        description="Turns every vibration of the app on or off."
      />
      <IntensitySlider
        intensity={haptic.masterIntensity}
        onCommit={(masterIntensity) => void updateHaptics({ masterIntensity })}
      />
      <ToggleSetting
        label="Navigation cues"
        checked={haptic.navigationFeedback}
        onChange={(navigationFeedback) => void updateHaptics({ navigationFeedback })}
        description="Turns, waypoints, off route, distance done and spoken directions."
      />
      <ToggleSetting
        label="Emergency alerts"
        checked={haptic.emergencyFeedback}
        onChange={(emergencyFeedback) => void updateHaptics({ emergencyFeedback })}
      />
      <ToggleSetting
        label="Achievements"
        checked={haptic.achievementFeedback}
        onChange={(achievementFeedback) => void updateHaptics({ achievementFeedback })}
      />
      <ToggleSetting
        label="Notifications"
        checked={haptic.notificationFeedback}
        onChange={(notificationFeedback) => void updateHaptics({ notificationFeedback })}
        description="Weather and speed warnings, and the voice assistant's replies."
      />
      <ToggleSetting
        label="Shorter vibrations on low battery"
        checked={haptic.batteryOptimization}
        onChange={(batteryOptimization) => void updateHaptics({ batteryOptimization })}
        description="Below 30 % battery, vibrations are 30 % shorter."
      />
      <CustomPatternSettings
        customPatterns={haptic.customPatterns}
        onChange={(patch) => void updateHaptics({ customPatterns: patch })}
      />
      <TestVibration settings={settings} vibrationOn={vibrationOn} />
    </>
  );
}

/** The rider's turn intensity, waypoint style and emergency pattern, each stored at once. */
function CustomPatternSettings({
  customPatterns,
  onChange,
}: {
  customPatterns: CustomPatterns;
  onChange: (patch: Partial<CustomPatterns>) => void;
}) {
  return (
    <>
      <SelectSetting
        label="Turn cues"
        value={customPatterns.turnIntensity}
        options={turnOptions}
        onChange={(turnIntensity) => onChange({ turnIntensity })}
        description="Sharp turns always vibrate longer than slight ones."
      />
      <SelectSetting
        label="Waypoint cues"
        value={customPatterns.waypointStyle}
        options={waypointOptions}
        onChange={(waypointStyle) => onChange({ waypointStyle })}
      />
      <SelectSetting
        label="Emergency vibration"
        value={customPatterns.emergencyPattern}
        options={emergencyOptions}
        onChange={(emergencyPattern) => onChange({ emergencyPattern })}
        description="Played when the Emergency screen sends for help. SOS is three short, three long, three short pulses."
      />
    </>
  );
}

/**
 * Master intensity 0–100 % with its strength class. The value follows the thumb while it moves
 * and is stored when it stops, so a drag is one write, not fifty; the chosen value stays on
 * screen until the stored one has caught up with it.
 */
function IntensitySlider({
  intensity,
  onCommit,
}: {
  intensity: number;
  onCommit: (intensity: number) => void;
}) {
  const stored = Math.round(intensity * 100);
  const [chosen, setChosen] = useState<number | null>(null);
  // State adjusted during render (React's pattern for values derived from props).
  if (chosen !== null && chosen === stored) setChosen(null);
  const percent = chosen ?? stored;
  return (
    <Slider
      className="setting setting--slider"
      minValue={0}
      maxValue={100}
      step={5}
      value={percent}
      onChange={setChosen}
      onChangeEnd={(value) => onCommit(value / 100)}
    >
      <div className="setting__slider-head">
        <Label className="setting__label">Vibration strength</Label>
        <SliderOutput className="setting__slider-output">
          {({ state }) => {
            const value = state.getThumbValue(0);
            return `${value} % · ${strengthWords[hapticStrength(value / 100)]}`;
          }}
        </SliderOutput>
      </div>
      <SliderTrack className="setting__slider-track">
        <SliderThumb className="setting__slider-thumb" />
      </SliderTrack>
    </Slider>
  );
}

/** What the last test press did, said in plain words. */
type TestOutcome =
  { kind: 'played'; durations: number[] } | { kind: 'refused' } | { kind: 'silent' } | null;

/**
 * "Test vibration": plays TEST_PATTERN_ID as a test play (it skips the playing and cooldown
 * rules) at the settings on screen, and says what was sent, or why nothing can be.
 */
function TestVibration({
  settings,
  vibrationOn,
}: {
  settings: OutdoorSettings;
  vibrationOn: boolean;
}) {
  const [outcome, setOutcome] = useState<TestOutcome>(null);
  const supported = browserCanVibrate();
  const test = () => {
    const haptics = getSharedHaptics();
    // The host configures the engine too; doing it here as well means the press plays exactly
    // what the screen shows, even right after a change.
    applyHapticSettings(
      haptics,
      settings.hapticSettings,
      settings.isOutdoorMode,
      settings.vibrationEnabled,
    );
    const durations = scaledHapticPattern(haptics.getSnapshot().context, TEST_PATTERN_ID) ?? [];
    if (!durations.some((ms) => ms > 0)) {
      setOutcome({ kind: 'silent' });
      return;
    }
    const played = requestHapticPattern(haptics, TEST_PATTERN_ID, { test: true });
    setOutcome(played ? { kind: 'played', durations } : { kind: 'refused' });
  };
  let message: string;
  if (!supported) {
    message =
      'This browser cannot vibrate: it has no Vibration API. Your settings are still saved and apply on a device that can.';
  } else if (!vibrationOn) {
    message = 'Vibration is off. Switch it on above to test it.';
  } else if (outcome?.kind === 'played') {
    message = `Sent ${describeDurations(outcome.durations)}. Felt nothing? This device may have no vibration motor, or the phone's own settings turn vibration off.`;
  } else if (outcome?.kind === 'refused') {
    message = 'The browser refused to vibrate.';
  } else if (outcome?.kind === 'silent') {
    message = 'At 0 % strength there is nothing to feel. Raise the strength to test it.';
  } else {
    message = 'Plays the navigation pattern (100 ms, pause, 100 ms) at the strength above.';
  }
  return (
    <div className="setting setting--test">
      <Button className="button" isDisabled={!supported || !vibrationOn} onPress={test}>
        Test vibration
      </Button>
      <p className="setting__help" role="status">
        {message}
      </p>
    </div>
  );
}
