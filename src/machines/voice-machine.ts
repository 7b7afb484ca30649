/**
 * The voice assistant session (requirements §voice-4.1 "Voice session", §voice-7.1, §voice-8):
 * idle → realtime session / offline recording / browser listening → transcribing → answering →
 * speaking → idle, with `voice.stop` back to idle from every state. Pressing talk picks the mode
 * as §voice-4.1 says (src/lib/voice/voice-mode.ts): online with a realtime client → the realtime
 * AI session, falling back to offline recording when it fails and the offline engine is ready,
 * else its error; with no realtime client (signed out, a server without realtime) or offline, the
 * offline model when it is ready → record and transcribe offline; otherwise the browser's speech
 * recognition. The offline engine's own status (with download progress) is followed for the whole
 * life of the machine; it loads the model only when told (`offline.install`, sent once the rider
 * agreed to the download: src/voice/use-offline-model-consent.ts). Replies are spoken by
 * cancelling earlier speech and starting SPEECH_START_DELAY_MS later (§voice-4.1), at §voice-9
 * rate 0.95, en-US, and felt as the §voice-9 vibration of the reply's intent (action `vibrate`,
 * the shared haptics machine).
 *
 * Pure xstate: every engine arrives in `input.engines` (src/lib/voice/voice-engines.ts and
 * src/lib/voice/browser-speech.ts interfaces), and the answer function in `input.answer`, so tests
 * pass fakes and drive the 50 ms delay with a SimulatedClock.
 */
import { assign, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import {
  MICROPHONE_ERRORS,
  RECOGNITION_ERRORS,
  microphoneErrorText,
  recognitionErrorText,
  type SpeechRecognizer,
  type SpeechSynthesizer,
} from '../lib/voice/browser-speech.ts';
import type { VoiceIntent } from '../lib/voice/intents.ts';
import type { VoiceReply } from '../lib/voice/voice-answers.ts';
import {
  chooseTalkMode,
  modeAfterRealtimeFailure,
  type TalkModeInputs,
} from '../lib/voice/voice-mode.ts';
import type {
  MicrophoneRecorder,
  OfflineSpeechEngine,
  OfflineSpeechStatus,
  RealtimeEvent,
  RealtimeVoice,
} from '../lib/voice/voice-engines.ts';
import { playPattern } from './haptics-machine.ts';

/** §voice-4.1: a new spoken reply starts this long after cancelling the previous one, ms. */
export const SPEECH_START_DELAY_MS = 50;

/**
 * The vibration that comes with a reply, by its intent (requirements §voice-9 "Vibration"):
 * emergency 200/100/200/100/200 ms, navigation 100/50/100, every other intent the default 50.
 * Played through the shared haptics machine, so the rider's haptic settings apply.
 */
export function voiceReplyHapticPattern(intent: VoiceIntent): string {
  if (intent === 'emergency_help') return 'voice-emergency';
  if (intent === 'navigation') return 'voice-navigation';
  return 'voice-reply';
}

/** The fixed question sent with a Show & Ask photo (§voice-4.1 "Realtime session"). */
export const IMAGE_QUESTION =
  'What do you see in this photo? Tell me about the trail conditions, any equipment problems, or safety concerns.';

/** §voice-8 realtime default text when a failure has no message of its own. */
export const REALTIME_DEFAULT_ERROR = 'Connection failed';

/** The engines the machine drives; null where this build or browser has none. */
export interface VoiceEngines {
  offline: OfflineSpeechEngine | null;
  recorder: MicrophoneRecorder | null;
  realtime: RealtimeVoice | null;
  recognizer: SpeechRecognizer | null;
  synthesizer: SpeechSynthesizer | null;
}

/** What the machine is created with. */
export interface VoiceMachineInput {
  engines: VoiceEngines;
  /** Answers a transcript or typed question; a rejection shows 'Failed to generate response'. */
  answer: (text: string) => Promise<VoiceReply>;
  /** navigator.onLine at start; later changes arrive as `network.change`. */
  online: boolean;
  /** §voice-5 pre-check: resolves to the 'denied' text when the microphone is already refused. */
  checkMicrophone?: () => Promise<string | null>;
}

/** Which engine heard the last question. */
export type VoiceMode = 'realtime' | 'offline' | 'browser' | 'typed';

/** The machine's context (§voice-3.1 "Voice panel state", "Offline speech state"). */
export interface VoiceContext {
  engines: VoiceEngines;
  answer: (text: string) => Promise<VoiceReply>;
  checkMicrophone: () => Promise<string | null>;
  online: boolean;
  offline: OfflineSpeechStatus;
  mode: VoiceMode | null;
  /** What was heard (interim while listening) or typed. */
  transcript: string;
  reply: VoiceReply | null;
  /** Text of a realtime reply, growing with each delta. */
  realtimeReply: string;
  /** One of the §voice-8 texts, shown in the red card; cleared by the next action. */
  error: string | null;
  audio: { audio: Float32Array; sampleRate: number } | null;
  imageDataUrl: string | null;
}

/** Events, named domain.verb (docs/architecture.md "Machines"). */
export type VoiceEvent =
  | { type: 'voice.talk' }
  | { type: 'voice.stop' }
  | { type: 'voice.finish' }
  | { type: 'voice.ask'; text: string }
  | { type: 'voice.askWithImage'; imageDataUrl: string }
  | { type: 'voice.error'; message: string }
  | { type: 'voice.dismissError' }
  | { type: 'network.change'; online: boolean }
  | { type: 'offline.install' }
  | { type: 'offline.cancel' }
  | { type: 'offline.remove' }
  | { type: 'offline.refreshListing' }
  | { type: 'offline.status'; status: OfflineSpeechStatus }
  | { type: 'microphone.ok' }
  | { type: 'microphone.denied'; message: string }
  | { type: 'realtime.connected' }
  | { type: 'realtime.failed'; message: string }
  | { type: 'realtime.event'; event: RealtimeEvent }
  | { type: 'recording.done'; audio: Float32Array; sampleRate: number }
  | { type: 'recording.failed'; message: string }
  | { type: 'recognition.result'; text: string; isFinal: boolean }
  | { type: 'recognition.error'; code: string }
  | { type: 'recognition.end' }
  | { type: 'speech.end' };

/** Status before the offline engine reports (or when this build has none). */
export const OFFLINE_NOT_INSTALLED: OfflineSpeechStatus = {
  state: 'not-installed',
  progress: 0,
  modelBytes: null,
  modelId: null,
  error: null,
};

const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

const realtimeSession = fromCallback<
  { type: 'sendText'; text: string } | VoiceEvent,
  { realtime: RealtimeVoice | null; imageDataUrl: string | null }
>(({ input, sendBack, receive }) => {
  const { realtime, imageDataUrl } = input;
  let closed = false;
  if (!realtime) {
    sendBack({ type: 'realtime.failed', message: REALTIME_DEFAULT_ERROR });
    return () => undefined;
  }
  realtime
    .connect({
      ...(imageDataUrl ? { imageDataUrl } : {}),
      onEvent: (event) => {
        if (!closed) sendBack({ type: 'realtime.event', event });
      },
    })
    .then(
      () => {
        if (!closed) sendBack({ type: 'realtime.connected' });
      },
      (error: unknown) => {
        if (!closed)
          sendBack({
            type: 'realtime.failed',
            message: errorMessage(error, REALTIME_DEFAULT_ERROR),
          });
      },
    );
  receive((event) => {
    if (event.type === 'sendText') realtime.sendText(event.text);
  });
  return () => {
    closed = true;
    realtime.close();
  };
});

const microphoneCheck = fromCallback<VoiceEvent, { check: () => Promise<string | null> }>(
  ({ input, sendBack }) => {
    let cancelled = false;
    input.check().then(
      (denied) => {
        if (cancelled) return;
        sendBack(
          denied ? { type: 'microphone.denied', message: denied } : { type: 'microphone.ok' },
        );
      },
      () => {
        if (!cancelled) sendBack({ type: 'microphone.ok' });
      },
    );
    return () => {
      cancelled = true;
    };
  },
);

const offlineRecording = fromCallback<
  { type: 'finish' } | VoiceEvent,
  { recorder: MicrophoneRecorder | null }
>(({ input, sendBack, receive }) => {
  const { recorder } = input;
  let settled = false;
  if (!recorder) {
    sendBack({ type: 'recording.failed', message: MICROPHONE_ERRORS.recording });
    return () => undefined;
  }
  const started: Promise<boolean> = recorder.start().then(
    () => true,
    (error: unknown) => {
      settled = true;
      sendBack({ type: 'recording.failed', message: microphoneErrorText(error) });
      return false;
    },
  );
  receive((event) => {
    if (event.type !== 'finish' || settled) return;
    void started.then(async (ok) => {
      if (!ok || settled) return;
      try {
        const { audio, sampleRate } = await recorder.stop();
        if (settled) return;
        settled = true;
        sendBack({ type: 'recording.done', audio, sampleRate });
      } catch (error) {
        if (settled) return;
        settled = true;
        sendBack({ type: 'recording.failed', message: microphoneErrorText(error) });
      }
    });
  });
  return () => {
    if (!settled) {
      settled = true;
      recorder.cancel();
    }
  };
});

const browserRecognition = fromCallback<VoiceEvent, { recognizer: SpeechRecognizer | null }>(
  ({ input, sendBack }) => {
    const { recognizer } = input;
    if (!recognizer) {
      sendBack({ type: 'recognition.error', code: 'unavailable' });
      return () => undefined;
    }
    recognizer.start({
      onResult: (text, isFinal) => sendBack({ type: 'recognition.result', text, isFinal }),
      onError: (code) => sendBack({ type: 'recognition.error', code }),
      onEnd: () => sendBack({ type: 'recognition.end' }),
    });
    return () => recognizer.abort();
  },
);

const transcribeOffline = fromPromise<
  string,
  { engine: OfflineSpeechEngine | null; audio: Float32Array; sampleRate: number }
>(async ({ input }) => {
  if (!input.engine) throw new Error('Worker not initialized');
  return input.engine.transcribe(input.audio, input.sampleRate);
});

const answerQuestion = fromPromise<
  VoiceReply,
  { answer: (text: string) => Promise<VoiceReply>; text: string }
>(({ input }) => input.answer(input.text));

const speakReply = fromCallback<
  VoiceEvent,
  { synthesizer: SpeechSynthesizer | null; text: string }
>(({ input, sendBack }) => {
  const { synthesizer, text } = input;
  if (!synthesizer) {
    sendBack({ type: 'speech.end' });
    return () => undefined;
  }
  let done = false;
  synthesizer.speak(text, () => {
    if (done) return;
    done = true;
    sendBack({ type: 'speech.end' });
  });
  return () => {
    if (!done) {
      done = true;
      synthesizer.cancel();
    }
  };
});

/** What the machine asks of the offline engine. */
type OfflineEngineCommand = { type: 'init' | 'cancel' | 'remove' | 'refreshListing' };

const offlineEngineStatus = fromCallback<
  OfflineEngineCommand | VoiceEvent,
  { engine: OfflineSpeechEngine | null }
>(({ input, sendBack, receive }) => {
  const { engine } = input;
  if (!engine) return () => undefined;
  const unsubscribe = engine.subscribe((status) => sendBack({ type: 'offline.status', status }));
  sendBack({ type: 'offline.status', status: engine.getStatus() });
  // Failures arrive as an 'error' status with its §voice-8 text; nothing more to do here.
  receive((event) => {
    if (event.type === 'init') engine.init().catch(() => undefined);
    else if (event.type === 'cancel') engine.cancel();
    else if (event.type === 'remove') engine.remove().catch(() => undefined);
    else if (event.type === 'refreshListing') engine.refreshListing().catch(() => undefined);
  });
  return unsubscribe;
});

/** The §voice-4.1 mode inputs as the machine's context has them. */
function talkModeInputs(context: VoiceContext): TalkModeInputs {
  return {
    online: context.online,
    realtimeAvailable: context.engines.realtime !== null,
    offlineModelReady: context.offline.state === 'ready',
    hasRecorder: context.engines.recorder !== null,
    hasRecognizer: context.engines.recognizer !== null,
  };
}

/** The machine definition; create it with `createActor(voiceMachine, { input })`. */
export const voiceMachine = setup({
  types: {
    context: {} as VoiceContext,
    events: {} as VoiceEvent,
    input: {} as VoiceMachineInput,
  },
  actors: {
    realtimeSession,
    microphoneCheck,
    offlineRecording,
    browserRecognition,
    transcribeOffline,
    answerQuestion,
    speakReply,
    offlineEngineStatus,
  },
  delays: {
    speechStart: SPEECH_START_DELAY_MS,
  },
  guards: {
    useRealtime: ({ context }) => chooseTalkMode(talkModeInputs(context)) === 'realtime',
    useOfflineRecording: ({ context }) => chooseTalkMode(talkModeInputs(context)) === 'offline',
    canFallBackToOffline: ({ context }) =>
      modeAfterRealtimeFailure({
        ...talkModeInputs(context),
        withImage: context.imageDataUrl !== null,
      }) === 'offline',
    hasRecognizer: ({ context }) => chooseTalkMode(talkModeInputs(context)) === 'browser',
  },
  actions: {
    cancelSpeech: ({ context }) => context.engines.synthesizer?.cancel(),
    /** Plays library pattern `patternId` on the page's shared haptics machine. */
    vibrate: (_, params: { patternId: string }) => {
      playPattern(params.patternId);
    },
    clearTurn: assign({
      error: null,
      transcript: '',
      reply: null,
      realtimeReply: '',
      audio: null,
      imageDataUrl: null,
    }),
  },
}).createMachine({
  id: 'voice',
  context: ({ input }) => ({
    engines: input.engines,
    answer: input.answer,
    checkMicrophone: input.checkMicrophone ?? (async () => null),
    online: input.online,
    offline: input.engines.offline?.getStatus() ?? OFFLINE_NOT_INSTALLED,
    mode: null,
    transcript: '',
    reply: null,
    realtimeReply: '',
    error: null,
    audio: null,
    imageDataUrl: null,
  }),
  invoke: {
    id: 'offlineEngine',
    src: 'offlineEngineStatus',
    input: ({ context }) => ({ engine: context.engines.offline }),
  },
  on: {
    'offline.status': { actions: assign({ offline: ({ event }) => event.status }) },
    'offline.install': { actions: sendTo('offlineEngine', { type: 'init' }) },
    'offline.cancel': { actions: sendTo('offlineEngine', { type: 'cancel' }) },
    'offline.remove': { actions: sendTo('offlineEngine', { type: 'remove' }) },
    'offline.refreshListing': { actions: sendTo('offlineEngine', { type: 'refreshListing' }) },
    'network.change': { actions: assign({ online: ({ event }) => event.online }) },
    'voice.stop': { target: '.idle', actions: 'cancelSpeech' },
    'voice.dismissError': { actions: assign({ error: null }) },
    'voice.error': { target: '.idle', actions: assign({ error: ({ event }) => event.message }) },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'voice.talk': { target: 'choosingMode', actions: 'clearTurn' },
        'voice.ask': {
          guard: ({ event }) => event.text.trim() !== '',
          target: 'answering',
          actions: [
            'clearTurn',
            assign({ transcript: ({ event }) => event.text.trim(), mode: 'typed' }),
          ],
        },
        'voice.askWithImage': [
          {
            guard: 'useRealtime',
            target: 'realtime',
            actions: [
              'clearTurn',
              assign({ imageDataUrl: ({ event }) => event.imageDataUrl, mode: 'realtime' }),
            ],
          },
          { actions: assign({ error: REALTIME_DEFAULT_ERROR }) },
        ],
      },
    },
    choosingMode: {
      always: [
        { guard: 'useRealtime', target: 'realtime', actions: assign({ mode: 'realtime' }) },
        { guard: 'useOfflineRecording', target: 'recording', actions: assign({ mode: 'offline' }) },
        { guard: 'hasRecognizer', target: 'listening', actions: assign({ mode: 'browser' }) },
        { target: 'idle', actions: assign({ error: RECOGNITION_ERRORS.unavailable }) },
      ],
    },
    realtime: {
      initial: 'connecting',
      invoke: {
        id: 'realtimeSession',
        src: 'realtimeSession',
        input: ({ context }) => ({
          realtime: context.engines.realtime,
          imageDataUrl: context.imageDataUrl,
        }),
      },
      on: {
        'realtime.failed': [
          {
            guard: 'canFallBackToOffline',
            target: 'recording',
            actions: assign({ mode: 'offline' }),
          },
          { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
        ],
        'realtime.event': [
          {
            guard: ({ event }) => event.event.type === 'closed',
            target: 'idle',
          },
          {
            guard: ({ event }) => event.event.type === 'error',
            target: 'idle',
            actions: assign({
              error: ({ event }) =>
                event.event.type === 'error' && event.event.message
                  ? event.event.message
                  : 'Unknown error',
            }),
          },
          {
            actions: assign(({ context, event }) => {
              const realtimeEvent = event.event;
              if (realtimeEvent.type === 'transcript')
                return { transcript: realtimeEvent.text, realtimeReply: '' };
              if (realtimeEvent.type === 'reply.delta')
                return { realtimeReply: context.realtimeReply + realtimeEvent.delta };
              return {};
            }),
          },
        ],
      },
      states: {
        connecting: { on: { 'realtime.connected': 'listening' } },
        /** Connected: the data channel is open and the session listens (§voice-4.1). */
        listening: {
          on: {
            'voice.ask': {
              guard: ({ event }) => event.text.trim() !== '',
              actions: [
                assign({ transcript: ({ event }) => event.text.trim(), realtimeReply: '' }),
                sendTo('realtimeSession', ({ event }) => ({
                  type: 'sendText',
                  text: event.text.trim(),
                })),
              ],
            },
          },
        },
      },
    },
    recording: {
      initial: 'checkingPermission',
      states: {
        checkingPermission: {
          invoke: {
            src: 'microphoneCheck',
            input: ({ context }) => ({ check: context.checkMicrophone }),
          },
          on: {
            'microphone.ok': 'capturing',
            'microphone.denied': {
              target: '#voice.idle',
              actions: assign({ error: ({ event }) => event.message }),
            },
          },
        },
        capturing: {
          invoke: {
            id: 'recorder',
            src: 'offlineRecording',
            input: ({ context }) => ({ recorder: context.engines.recorder }),
          },
          on: {
            'voice.finish': { actions: sendTo('recorder', { type: 'finish' }) },
            'recording.done': {
              target: '#voice.transcribing',
              actions: assign({
                audio: ({ event }) => ({ audio: event.audio, sampleRate: event.sampleRate }),
              }),
            },
            'recording.failed': {
              target: '#voice.idle',
              actions: assign({ error: ({ event }) => event.message }),
            },
          },
        },
      },
    },
    listening: {
      invoke: {
        src: 'browserRecognition',
        input: ({ context }) => ({ recognizer: context.engines.recognizer }),
      },
      on: {
        'recognition.result': [
          {
            guard: ({ event }) => event.isFinal && event.text.trim() !== '',
            target: 'answering',
            actions: assign({ transcript: ({ event }) => event.text.trim() }),
          },
          { actions: assign({ transcript: ({ event }) => event.text }) },
        ],
        'recognition.error': [
          // §voice-8: an aborted recognition is not an error the rider needs to see.
          { guard: ({ event }) => event.code === 'aborted', target: 'idle' },
          {
            guard: ({ event }) => event.code === 'unavailable',
            target: 'idle',
            actions: assign({ error: RECOGNITION_ERRORS.unavailable }),
          },
          {
            target: 'idle',
            actions: assign({
              error: ({ event, context }) =>
                recognitionErrorText(event.code, {
                  online: context.online,
                  offlineSpeech: context.offline.state,
                }),
            }),
          },
        ],
        'recognition.end': 'idle',
        'voice.finish': 'idle',
      },
    },
    transcribing: {
      invoke: {
        src: 'transcribeOffline',
        input: ({ context }) => ({
          engine: context.engines.offline,
          audio: context.audio?.audio ?? new Float32Array(0),
          sampleRate: context.audio?.sampleRate ?? 16000,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.trim() !== '',
            target: 'answering',
            actions: assign({ transcript: ({ event }) => event.output.trim(), audio: null }),
          },
          { target: 'idle', actions: assign({ audio: null }) },
        ],
        onError: {
          target: 'idle',
          actions: assign({
            audio: null,
            error: ({ event }) => errorMessage(event.error, 'Transcription timeout'),
          }),
        },
      },
    },
    answering: {
      invoke: {
        src: 'answerQuestion',
        input: ({ context }) => ({ answer: context.answer, text: context.transcript }),
        onDone: {
          target: 'speaking',
          actions: [
            assign({ reply: ({ event }) => event.output }),
            {
              type: 'vibrate',
              params: ({ event }) => ({ patternId: voiceReplyHapticPattern(event.output.intent) }),
            },
          ],
        },
        onError: { target: 'idle', actions: assign({ error: RECOGNITION_ERRORS.reply }) },
      },
    },
    speaking: {
      entry: 'cancelSpeech',
      initial: 'waiting',
      on: {
        'speech.end': 'idle',
        'voice.talk': { target: 'choosingMode', actions: ['cancelSpeech', 'clearTurn'] },
        'voice.ask': {
          guard: ({ event }) => event.text.trim() !== '',
          target: 'answering',
          actions: [
            'cancelSpeech',
            'clearTurn',
            assign({ transcript: ({ event }) => event.text.trim(), mode: 'typed' }),
          ],
        },
      },
      states: {
        waiting: { after: { speechStart: 'talking' } },
        talking: {
          invoke: {
            src: 'speakReply',
            input: ({ context }) => ({
              synthesizer: context.engines.synthesizer,
              text: context.reply?.text ?? '',
            }),
          },
        },
      },
    },
  },
});

/** A running voice actor. */
export type VoiceActor = ActorRefFrom<typeof voiceMachine>;
