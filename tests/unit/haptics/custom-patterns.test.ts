/**
 * The rider's haptic settings that change what is felt (requirements §core-3 "Haptic settings"
 * customPatterns, §core-9 strength classes, §voice-9 vibration): the emergency plays the chosen
 * emergency pattern, turn cues follow the turn intensity, waypoint cues the waypoint style, and
 * the voice assistant's navigation replies vibrate 100/50/100. The motor is provided with
 * `.provide()`; the shared actor's motor is a stubbed `navigator.vibrate`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { defaultHapticSettings } from '../../../src/lib/outdoor/haptic-settings.ts';
import type { VoiceIntent } from '../../../src/lib/voice/intents.ts';
import type { VoiceReply } from '../../../src/lib/voice/voice-answers.ts';
import {
  EMERGENCY_CUE_ID,
  hapticStrength,
  type CustomHapticPatterns,
} from '../../../src/machines/haptics-engine.ts';
import {
  applyHapticSettings,
  getSharedHaptics,
  hapticsMachine,
  playPattern,
  requestHapticPattern,
} from '../../../src/machines/haptics-machine.ts';
import { voiceMachine, voiceReplyHapticPattern } from '../../../src/machines/voice-machine.ts';

const custom = (patch: Partial<CustomHapticPatterns>): CustomHapticPatterns => ({
  ...defaultHapticSettings.customPatterns,
  ...patch,
});

/** What the motor receives for one pattern at master intensity 1, indoors, full battery. */
function felt(patternId: string, customPatterns: CustomHapticPatterns): number[] | null {
  const played: number[][] = [];
  const machine = hapticsMachine.provide({
    actions: { vibrate: (_, { durations }) => void played.push(durations) },
    guards: { canVibrate: () => true },
  });
  const actor = createActor(machine, {
    input: { config: { masterIntensity: 1 }, customPatterns },
    clock: new SimulatedClock(),
  }).start();
  const started = requestHapticPattern(actor, patternId);
  actor.stop();
  return started ? (played[0] ?? null) : null;
}

describe('strength classes (§core-9)', () => {
  it('calls 0.8 and above strong, 0.5 and above medium, above 0 subtle, and 0 off', () => {
    expect(hapticStrength(1)).toBe('strong');
    expect(hapticStrength(0.8)).toBe('strong');
    expect(hapticStrength(0.79)).toBe('medium');
    expect(hapticStrength(0.5)).toBe('medium');
    expect(hapticStrength(0.49)).toBe('subtle');
    expect(hapticStrength(0.01)).toBe('subtle');
    expect(hapticStrength(0)).toBe('off');
  });
});

describe('custom patterns', () => {
  it('plays the chosen emergency pattern for the emergency, boosted ×1.5', () => {
    expect(felt(EMERGENCY_CUE_ID, custom({ emergencyPattern: 'emergency-alert' }))).toEqual([
      750, 300, 750, 300, 750,
    ]);
    // SOS in Morse: three short, three long, three short.
    expect(felt(EMERGENCY_CUE_ID, custom({ emergencyPattern: 'sos' }))?.slice(0, 7)).toEqual([
      150, 150, 150, 150, 150, 450, 450,
    ]);
  });

  it('turn cues follow the turn intensity; medium keeps the spec patterns', () => {
    expect(felt('sharp-left', custom({ turnIntensity: 'medium' }))).toEqual([300]);
    expect(felt('slight-left', custom({ turnIntensity: 'medium' }))).toEqual([100]);
    expect(felt('sharp-left', custom({ turnIntensity: 'light' }))).toEqual([180]);
    expect(felt('sharp-left', custom({ turnIntensity: 'heavy' }))).toEqual([450]);
    // Slight and sharp still differ at every intensity.
    expect(felt('slight-right', custom({ turnIntensity: 'heavy' }))).toEqual([150, 120, 60]);
  });

  it('waypoint cues are one pulse in the single style and two in the double', () => {
    expect(felt('waypoint-approach', custom({ waypointStyle: 'single' }))).toEqual([150]);
    expect(felt('waypoint-approach', custom({ waypointStyle: 'double' }))).toEqual([150, 75, 150]);
  });

  it('leaves other patterns as they are', () => {
    expect(felt('off-trail', custom({ turnIntensity: 'heavy', waypointStyle: 'single' }))).toEqual([
      200, 100, 200, 100, 200, 100, 200,
    ]);
  });
});

describe('the shared engine follows the stored settings', () => {
  afterEach(() => {
    getSharedHaptics().send({ type: 'haptics.stop' });
    vi.unstubAllGlobals();
    applyHapticSettings(getSharedHaptics(), defaultHapticSettings, false, true);
  });

  it('an emergency on the page plays SOS once the rider chose it', () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { vibrate });
    applyHapticSettings(
      getSharedHaptics(),
      {
        ...defaultHapticSettings,
        masterIntensity: 1,
        customPatterns: custom({ emergencyPattern: 'sos' }),
      },
      false,
      true,
    );
    expect(playPattern(EMERGENCY_CUE_ID, { test: true })).toBe(true);
    expect(vibrate).toHaveBeenCalledTimes(1);
    // SOS in Morse is 17 durations; the emergency alert would be 5.
    expect((vibrate.mock.calls[0] as unknown as [number[]])[0]).toHaveLength(17);
  });
});

describe('voice replies vibrate by intent (§voice-9)', () => {
  it('maps navigation to 100/50/100, emergency to 200/100/200/100/200 and the rest to 50', () => {
    expect(felt(voiceReplyHapticPattern('navigation'), custom({}))).toEqual([100, 50, 100]);
    // Emergency patterns carry the ×1.5 emergency boost of §core-9.
    expect(felt(voiceReplyHapticPattern('emergency_help'), custom({}))).toEqual([
      300, 150, 300, 150, 300,
    ]);
    expect(felt(voiceReplyHapticPattern('weather_check'), custom({}))).toEqual([50]);
  });

  it('the assistant plays the navigation pattern when it answers a navigation question', async () => {
    const vibrated: string[] = [];
    const answer = async (text: string): Promise<VoiceReply> => ({
      intent: 'navigation' satisfies VoiceIntent,
      category: 'navigation',
      text: `Directions for ${text}`,
      action: null,
      sources: [],
    });
    const actor = createActor(
      voiceMachine.provide({
        actions: { vibrate: (_, { patternId }) => void vibrated.push(patternId) },
      }),
      {
        clock: new SimulatedClock(),
        input: {
          online: false,
          engines: {
            offline: null,
            recorder: null,
            realtime: null,
            recognizer: null,
            synthesizer: null,
          },
          answer,
        },
      },
    ).start();
    actor.send({ type: 'voice.ask', text: 'how do I get to Wolf Pen Gap' });
    await vi.waitFor(() => expect(vibrated).toEqual(['voice-navigation']));
    actor.stop();
  });
});
