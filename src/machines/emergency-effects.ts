/**
 * The browser's side effects of the emergency machine (emergency-machine.ts): geolocation,
 * the beacon (WebAudio siren + SOS vibration; the flashing screen is drawn by the page), speech
 * recognition for voice triggers, haptics through the shared haptics machine, spoken prompts
 * and opening the messages app or dialer (`openExternalLink`). All of them work without a data connection except the browser's speech
 * recognition, which in Chrome sends audio to a server (the page says so).
 */
import { fromCallback, fromPromise } from 'xstate';
import type { LocationFix } from '../lib/outdoor/emergency-message.ts';
import type { EmergencyContactPlan } from '../lib/outdoor/emergency-plan.ts';
import { EMERGENCY_CUE_ID } from './haptics-engine.ts';
import { playPattern } from './haptics-machine.ts';
import {
  emergencyMachine,
  type AnnounceParams,
  type BeaconInput,
  type EmergencyEvent,
  type EmergencyTrigger,
  type LocateInput,
  type VoiceListenerInput,
} from './emergency-machine.ts';

/** SOS in Morse as a vibration pattern (ms): three short, three long, three short. */
export const SOS_VIBRATION = [
  150, 100, 150, 100, 150, 300, 450, 100, 450, 100, 450, 300, 150, 100, 150, 100, 150,
];

/** One fix from navigator.geolocation; rejects with a readable reason. */
export function browserLocate(input: LocateInput): Promise<LocationFix> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('This browser has no GPS location'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
          timestamp: position.timestamp,
        }),
      (error) => {
        const reasons: Record<number, string> = {
          1: 'Location permission denied',
          2: 'No GPS fix available here',
          3: 'Timed out waiting for a GPS fix',
        };
        reject(new Error(reasons[error.code] ?? error.message));
      },
      { enableHighAccuracy: input.highAccuracy, timeout: input.timeoutMs, maximumAge: 0 },
    );
  });
}

type SpeechRecognitionLike = {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start(): void;
  abort(): void;
};

/** The browser's speech recognition constructor, when it has one. */
export function speechRecognitionConstructor(): (new () => SpeechRecognitionLike) | null {
  const scope = globalThis as unknown as {
    SpeechRecognition?: new () => SpeechRecognitionLike;
    webkitSpeechRecognition?: new () => SpeechRecognitionLike;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

function startSiren(volume: number): () => void {
  const AudioContextClass =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return () => undefined;
  const audio = new AudioContextClass();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'square';
  gain.gain.value = Math.max(0, Math.min(1, volume)) * 0.6;
  oscillator.connect(gain).connect(audio.destination);
  // A wailing siren: the pitch sweeps 650 → 1250 Hz and back every 1.2 s.
  const sweep = () => {
    const now = audio.currentTime;
    oscillator.frequency.cancelScheduledValues(now);
    oscillator.frequency.setValueAtTime(650, now);
    oscillator.frequency.linearRampToValueAtTime(1250, now + 0.6);
    oscillator.frequency.linearRampToValueAtTime(650, now + 1.2);
  };
  sweep();
  const timer = setInterval(sweep, 1200);
  oscillator.start();
  void audio.resume().catch(() => undefined);
  return () => {
    clearInterval(timer);
    try {
      oscillator.stop();
    } catch {
      // already stopped
    }
    void audio.close().catch(() => undefined);
  };
}

/**
 * Opens an `sms:` or `tel:` link the way a tap on it would: through a link element, so the
 * phone offers its messages app or dialer and the page stays loaded. Phones open these only
 * for the page in front; the rider then presses Send or Call (a page cannot do either).
 */
export function openExternalLink(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Hooks the page passes in: where activations are logged, and how a plan becomes a link (the
 * page knows the latest fix and builds the text body).
 */
export interface EmergencyEffectsOptions {
  onActivation?: (at: number, trigger: EmergencyTrigger | null) => void;
  openPlan?: (plan: EmergencyContactPlan) => void;
}

/** The emergency machine with the browser's side effects. */
export function browserEmergencyMachine(options: EmergencyEffectsOptions = {}) {
  return emergencyMachine.provide({
    actors: {
      locate: fromPromise<LocationFix, LocateInput>(({ input }) => browserLocate(input)),
      beacon: fromCallback<EmergencyEvent, BeaconInput>(({ input }) => {
        const stopSiren = startSiren(input.volume);
        const vibrate = () => {
          if ('vibrate' in navigator) navigator.vibrate(SOS_VIBRATION);
        };
        vibrate();
        const timer = setInterval(vibrate, 4000);
        return () => {
          clearInterval(timer);
          stopSiren();
          if ('vibrate' in navigator) navigator.vibrate(0);
        };
      }),
      voiceListener: fromCallback<EmergencyEvent, VoiceListenerInput>(({ sendBack }) => {
        const Recognition = speechRecognitionConstructor();
        if (!Recognition) return () => undefined;
        let stopped = false;
        const recognition = new Recognition();
        recognition.continuous = true;
        recognition.interimResults = false;
        recognition.lang = 'en-US';
        recognition.onresult = (event) => {
          const results = Array.from(event.results);
          const latest = results[results.length - 1];
          const transcript = latest?.[0]?.transcript;
          if (transcript) sendBack({ type: 'voice.transcript', transcript });
        };
        // Recognition stops on silence; keep listening until the machine stops the actor.
        recognition.onend = () => {
          if (!stopped) {
            try {
              recognition.start();
            } catch {
              // already started
            }
          }
        };
        recognition.onerror = (event) => {
          if (event.error === 'not-allowed' || event.error === 'service-not-allowed') {
            stopped = true;
          }
        };
        try {
          recognition.start();
        } catch {
          // the microphone is busy; nothing to listen with
        }
        return () => {
          stopped = true;
          recognition.abort();
        };
      }),
    },
    actions: {
      hapticTick: () => {
        playPattern('system');
      },
      hapticAlert: () => {
        // The rider's chosen emergency pattern (emergency alert or SOS, HapticSettings).
        playPattern(EMERGENCY_CUE_ID);
      },
      announce: (_, params: AnnounceParams) => {
        if (!('speechSynthesis' in globalThis)) return;
        const utterance = new SpeechSynthesisUtterance(params.text);
        utterance.volume = params.volume;
        utterance.lang = 'en-US';
        speechSynthesis.cancel();
        speechSynthesis.speak(utterance);
      },
      openContactApp: (_, params: { plan: EmergencyContactPlan }) => {
        options.openPlan?.(params.plan);
      },
      recordActivation: (_, params: { at: number; trigger: EmergencyTrigger | null }) => {
        options.onActivation?.(params.at, params.trigger);
      },
    },
  });
}
