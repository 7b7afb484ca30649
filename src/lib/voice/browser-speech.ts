/**
 * The browser's own speech services behind small interfaces the voice machine drives
 * (requirements §voice-5 "Speech recognition: English (US), single result, interim
 * results allowed"; §voice-9 "Speech: rate 0.95, pitch 1, volume 1, US English voice preferred"),
 * and the §voice-5/§voice-8 microphone and camera error texts. The factories return null where the
 * browser lacks the service, so callers can hide what cannot work.
 */
import type { OfflineSpeechStatus } from './voice-engines.ts';

/** §voice-9 speech settings. */
export const SPEECH_SETTINGS = { rate: 0.95, pitch: 1, volume: 1, lang: 'en-US' } as const;

/** Callbacks of one recognition run. */
export interface RecognitionHandlers {
  /** A transcript; `isFinal` marks the single final result that ends listening. */
  onResult(text: string, isFinal: boolean): void;
  /** The SpeechRecognitionErrorEvent code ('no-speech', 'not-allowed', 'aborted', …). */
  onError(code: string): void;
  onEnd(): void;
}

/** One-shot speech recognition. */
export interface SpeechRecognizer {
  start(handlers: RecognitionHandlers): void;
  /** Stops without a result; the handlers get no more calls. */
  abort(): void;
}

/** Spoken replies. */
export interface SpeechSynthesizer {
  /** Cancels anything being spoken. */
  cancel(): void;
  /** Speaks `text` with SPEECH_SETTINGS; calls onEnd when done or failed. */
  speak(text: string, onEnd: () => void): void;
}

interface RecognitionResultLike {
  isFinal: boolean;
  0: { transcript: string };
}
interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult:
    ((event: { resultIndex: number; results: ArrayLike<RecognitionResultLike> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
}
type RecognitionConstructor = new () => RecognitionLike;

/** The browser's SpeechRecognition constructor (prefixed in Chromium and Safari), or null. */
function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Browser speech recognition (English (US), single result, interim results), or null. */
export function createBrowserSpeechRecognizer(): SpeechRecognizer | null {
  const Recognition = recognitionConstructor();
  if (!Recognition) return null;
  let current: RecognitionLike | null = null;
  return {
    start(handlers) {
      const recognition = new Recognition();
      recognition.lang = SPEECH_SETTINGS.lang;
      recognition.continuous = false;
      recognition.interimResults = true;
      recognition.maxAlternatives = 1;
      recognition.onresult = (event) => {
        let text = '';
        let isFinal = false;
        for (let i = event.resultIndex; i < event.results.length; i += 1) {
          const result = event.results[i]!;
          text += result[0].transcript;
          isFinal ||= result.isFinal;
        }
        handlers.onResult(text.trim(), isFinal);
      };
      recognition.onerror = (event) => handlers.onError(event.error);
      recognition.onend = () => handlers.onEnd();
      current = recognition;
      recognition.start();
    },
    abort() {
      if (!current) return;
      current.onresult = null;
      current.onerror = null;
      current.onend = null;
      current.abort();
      current = null;
    },
  };
}

/** speechSynthesis with an en-US voice when the device has one, or null without the API. */
export function createBrowserSpeechSynthesizer(): SpeechSynthesizer | null {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return null;
  const synth = window.speechSynthesis;
  return {
    cancel() {
      synth.cancel();
    },
    speak(text, onEnd) {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = SPEECH_SETTINGS.lang;
      utterance.rate = SPEECH_SETTINGS.rate;
      utterance.pitch = SPEECH_SETTINGS.pitch;
      utterance.volume = SPEECH_SETTINGS.volume;
      const voices = synth.getVoices();
      const voice =
        voices.find((candidate) => candidate.lang === 'en-US') ??
        voices.find((candidate) => candidate.lang.startsWith('en'));
      if (voice) utterance.voice = voice;
      utterance.onend = () => onEnd();
      utterance.onerror = () => onEnd();
      synth.speak(utterance);
    },
  };
}

/** §voice-8 microphone texts. */
export const MICROPHONE_ERRORS = {
  /** §voice-5: permission already denied before asking. */
  deniedBefore: 'Microphone access denied. Please enable it in your browser settings.',
  denied: 'Microphone access denied. Please allow microphone access in your browser settings.',
  missing: 'No microphone found. Please connect a microphone and try again.',
  busy: 'Microphone is being used by another application. Please close other apps and try again.',
  other: 'Failed to access microphone',
  recording: 'Failed to start recording',
} as const;

/** §voice-8 camera texts. */
export const CAMERA_ERRORS = {
  denied: 'Camera access denied',
  other: 'Failed to access camera',
  file: 'Failed to read image file',
} as const;

/** §voice-8 speech recognition texts. */
export const RECOGNITION_ERRORS = {
  unsupported: 'Voice recognition not supported in this browser',
  unavailable: 'Speech recognition not available',
  reply: 'Failed to generate response',
} as const;

/** What happened, in plain words, for a Web Speech API error code heard while online. */
const recognitionErrorWords: Readonly<Record<string, string>> = {
  'no-speech': 'No speech was heard. Press to talk and speak, or type your question.',
  'audio-capture':
    'The microphone gave no sound: check that one is connected and no other app is using it, or type your question.',
  'not-allowed':
    'Microphone access is blocked for this app: allow it in the browser’s site settings, or type your question.',
  'service-not-allowed':
    'This browser does not let the app use its speech recognition. Type your question instead.',
  network:
    'This browser’s speech recognition could not reach its server. Type your question: typed questions are answered on this device.',
};

/**
 * The §voice-8 text of a recognition error, "Error: {code}", then what it means in plain words
 * and what works now. Offline, whatever the code: this browser's recognition needs signal, and
 * why offline speech cannot stand in (`offlineSpeech`: the server has no model, or it is not on
 * this device yet); typing works, since typed questions are answered on the device.
 */
export function recognitionErrorText(
  code: string,
  situation: { online: boolean; offlineSpeech: OfflineSpeechStatus['state'] },
): string {
  const heading = `Error: ${code}.`;
  if (!situation.online) {
    const noModel =
      situation.offlineSpeech === 'not-installed'
        ? 'this installation has no offline speech model'
        : 'offline speech is not downloaded on this device yet';
    return `${heading} Speech needs signal here: this browser’s speech recognition works through its server, and ${noModel}. Type your question instead: typed questions are answered on this device, offline.`;
  }
  return `${heading} ${recognitionErrorWords[code] ?? 'Speech recognition stopped. Type your question instead.'}`;
}

const knownMicrophoneTexts = new Set<string>(Object.values(MICROPHONE_ERRORS));

/**
 * The §voice-8 text for a getUserMedia (or recorder) failure: NotAllowedError/SecurityError →
 * denied, NotFoundError/OverconstrainedError → no microphone, NotReadableError/AbortError → busy,
 * anything else → 'Failed to access microphone'. An Error already carrying a §voice-8 text keeps
 * it.
 */
export function microphoneErrorText(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && knownMicrophoneTexts.has(message)) return message;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return MICROPHONE_ERRORS.denied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return MICROPHONE_ERRORS.missing;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return MICROPHONE_ERRORS.busy;
    default:
      return MICROPHONE_ERRORS.other;
  }
}

/** The §voice-8 camera text for a getUserMedia failure: denied, or the generic one. */
export function cameraErrorText(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError'
    ? CAMERA_ERRORS.denied
    : CAMERA_ERRORS.other;
}

/**
 * §voice-5: when the microphone permission is already 'denied', the §voice-5 text; otherwise null
 * (granted, prompt, or a browser that cannot tell, where asking is the only way to find out).
 */
export async function microphoneDeniedBeforeAsking(
  permissions: Pick<Permissions, 'query'> | undefined = globalThis.navigator?.permissions,
): Promise<string | null> {
  if (!permissions) return null;
  try {
    const status = await permissions.query({ name: 'microphone' as PermissionName });
    return status.state === 'denied' ? MICROPHONE_ERRORS.deniedBefore : null;
  } catch {
    return null;
  }
}
