/**
 * The browser's side effects of the safety monitor (safety-check-machine.ts): the devicemotion
 * listener feeding the fall detector, iOS's motion permission request, and getting the rider's
 * attention (vibration, a spoken "Are you OK?", and a notification when the app is open in the
 * background). Phones pause all of this while the screen is locked.
 */
import { fromCallback } from 'xstate';
import { createFallDetector } from '../lib/outdoor/fall-detection.ts';
import { playPattern } from './haptics-machine.ts';
import {
  safetyCheckMachine,
  type SafetyCheckEvent,
  type SafetyPromptReason,
} from './safety-check-machine.ts';

/**
 * What the motion sensor gives this page: `unsupported` (no DeviceMotionEvent), `waiting` (no
 * sample yet), `receiving` (real samples arrive), `no-data` (listening for 5 s brought none:
 * no sensor, or the browser withholds it).
 */
export type MotionSensorStatus = 'unsupported' | 'waiting' | 'receiving' | 'no-data';

/** How long to wait for a first motion sample before saying none comes, ms. */
export const MOTION_DATA_WAIT_MS = 5000;

type MotionPermissionConstructor = { requestPermission?: () => Promise<'granted' | 'denied'> };

/** Whether this browser has the DeviceMotionEvent API at all. */
export function hasMotionSensorApi(): boolean {
  return typeof DeviceMotionEvent !== 'undefined';
}

/**
 * Asks for motion-sensor access where the browser requires it (iOS Safari 13+, from a tap);
 * other browsers grant it without asking. Resolves to the outcome, never rejects.
 */
export async function requestMotionPermission(): Promise<'granted' | 'denied' | 'unsupported'> {
  if (!hasMotionSensorApi()) return 'unsupported';
  const request = (DeviceMotionEvent as unknown as MotionPermissionConstructor).requestPermission;
  if (typeof request !== 'function') return 'granted';
  try {
    return (await request.call(DeviceMotionEvent)) === 'granted' ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

/** Words of the attention prompt, by reason. */
export const SAFETY_PROMPT_SPOKEN: Readonly<Record<SafetyPromptReason, string>> = {
  fall: 'Are you OK? A fall was detected. Tap I am OK to cancel.',
  'check-in': 'Are you OK? Your safety check-in is due. Tap I am OK.',
};

/** Hooks of the shell component. */
export interface SafetyCheckEffectsOptions {
  /** Opens the emergency text or dialer; called from the machine's `openEmergency`. */
  openEmergency: (reason: SafetyPromptReason, unanswered: boolean) => void;
  /** Reports what the motion sensor gives while fall detection listens. */
  onSensorStatus?: (status: MotionSensorStatus) => void;
  /** Whether to speak the prompt (emergencyAudioPrompts) and at what volume, 0..1. */
  speech?: () => { enabled: boolean; volume: number };
}

function notifyInBackground(reason: SafetyPromptReason): void {
  if (document.visibilityState !== 'hidden') return;
  if (!('Notification' in globalThis) || Notification.permission !== 'granted') return;
  const body = SAFETY_PROMPT_SPOKEN[reason];
  // Android Chrome only shows notifications through the service worker.
  if ('serviceWorker' in navigator) {
    void navigator.serviceWorker.ready
      .then((registration) =>
        registration.showNotification('Are you OK?', {
          body,
          tag: 'safety-check',
          requireInteraction: true,
        }),
      )
      .catch(() => undefined);
  }
}

/** The safety monitor with the browser's side effects. */
export function browserSafetyCheckMachine(options: SafetyCheckEffectsOptions) {
  return safetyCheckMachine.provide({
    actors: {
      motionSensor: fromCallback<SafetyCheckEvent>(({ sendBack }) => {
        if (!hasMotionSensorApi()) {
          options.onSensorStatus?.('unsupported');
          return () => undefined;
        }
        const detector = createFallDetector();
        let receiving = false;
        options.onSensorStatus?.('waiting');
        const noData = setTimeout(() => {
          if (!receiving) options.onSensorStatus?.('no-data');
        }, MOTION_DATA_WAIT_MS);
        const onMotion = (event: DeviceMotionEvent) => {
          const a = event.accelerationIncludingGravity;
          // Browsers without a sensor may still fire events whose values are all null.
          if (!a || a.x === null || a.y === null || a.z === null) return;
          if (!receiving) {
            receiving = true;
            options.onSensorStatus?.('receiving');
          }
          if (detector.push({ t: event.timeStamp, x: a.x, y: a.y, z: a.z }))
            sendBack({ type: 'fall.detected' });
        };
        window.addEventListener('devicemotion', onMotion);
        return () => {
          clearTimeout(noData);
          window.removeEventListener('devicemotion', onMotion);
        };
      }),
    },
    actions: {
      alertRider: (_, params: { reason: SafetyPromptReason }) => {
        playPattern('emergency-alert');
        const speech = options.speech?.();
        if (speech?.enabled && 'speechSynthesis' in globalThis) {
          const utterance = new SpeechSynthesisUtterance(SAFETY_PROMPT_SPOKEN[params.reason]);
          utterance.volume = speech.volume;
          utterance.lang = 'en-US';
          speechSynthesis.cancel();
          speechSynthesis.speak(utterance);
        }
        notifyInBackground(params.reason);
      },
      openEmergency: (_, params: { reason: SafetyPromptReason; unanswered: boolean }) => {
        options.openEmergency(params.reason, params.unanswered);
      },
    },
  });
}
