/**
 * The voice machine (voice-navigation-campgrounds §4.1, §5, §8, §9) with fake engines and a
 * simulated clock: the mode choice for every combination of network, realtime session and
 * offline model state, the realtime fallback, the offline record → transcribe → answer → speak
 * flow, browser recognition, typed questions, Stop from every state, the §5/§8 error texts and
 * spoken replies that cancel earlier speech and start 50 ms later.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  createBrowserSpeechSynthesizer,
  MICROPHONE_ERRORS,
  type RecognitionHandlers,
} from '../../../src/lib/voice/browser-speech.ts';
import type { VoiceReply } from '../../../src/lib/voice/voice-answers.ts';
import type { OfflineSpeechStatus, RealtimeEvent } from '../../../src/lib/voice/voice-engines.ts';
import { SPEECH_START_DELAY_MS, voiceMachine } from '../../../src/machines/voice-machine.ts';

type OfflineState = OfflineSpeechStatus['state'];

function fakeOffline(state: OfflineState) {
  let status: OfflineSpeechStatus = {
    state,
    progress: 0,
    modelBytes: 41_000_000,
    modelId: 'whisper-tiny.en',
    error: null,
  };
  const listeners = new Set<(status: OfflineSpeechStatus) => void>();
  return {
    getStatus: () => status,
    subscribe(listener: (status: OfflineSpeechStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    init: vi.fn(async () => undefined),
    refreshListing: vi.fn(async () => undefined),
    isModelOnDevice: vi.fn(async () => false),
    cancel: vi.fn(),
    remove: vi.fn(async () => undefined),
    transcribe: vi.fn(async (_audio: Float32Array, _rate: number) => "I'm stuck in mud"),
    emit(next: Partial<OfflineSpeechStatus>) {
      status = { ...status, ...next };
      for (const listener of listeners) listener(status);
    },
  };
}

function fakeRecorder() {
  return {
    start: vi.fn(async () => undefined),
    stop: vi.fn(async () => ({ audio: new Float32Array([0.1, 0.2]), sampleRate: 48000 })),
    cancel: vi.fn(),
  };
}

function fakeRealtime(result: 'connects' | Error) {
  let onEvent: ((event: RealtimeEvent) => void) | null = null;
  return {
    connect: vi.fn(
      async (options: { imageDataUrl?: string; onEvent: (e: RealtimeEvent) => void }) => {
        onEvent = options.onEvent;
        if (result instanceof Error) throw result;
      },
    ),
    sendText: vi.fn(),
    close: vi.fn(),
    emit: (event: RealtimeEvent) => onEvent?.(event),
  };
}

function fakeRecognizer() {
  let handlers: RecognitionHandlers | null = null;
  return {
    start: vi.fn((h: RecognitionHandlers) => {
      handlers = h;
    }),
    abort: vi.fn(),
    get handlers() {
      return handlers!;
    },
  };
}

function fakeSynthesizer(clock: SimulatedClock) {
  const log: string[] = [];
  let finish: (() => void) | null = null;
  return {
    log,
    cancel: vi.fn(() => log.push(`cancel@${clock.now()}`)),
    speak: vi.fn((text: string, onEnd: () => void) => {
      log.push(`speak@${clock.now()}:${text}`);
      finish = onEnd;
    }),
    finish: () => finish?.(),
  };
}

const reply = (text: string): VoiceReply => ({
  intent: 'emergency_help',
  category: 'stuck_recovery',
  text,
  action: null,
  sources: [],
});

interface Setup {
  online: boolean;
  offline?: OfflineState | null;
  realtime?: 'connects' | Error | null;
  recognizer?: boolean;
  answer?: (text: string) => Promise<VoiceReply>;
  checkMicrophone?: () => Promise<string | null>;
}

function start(setup: Setup) {
  const clock = new SimulatedClock();
  const offline = setup.offline ? fakeOffline(setup.offline) : null;
  const recorder = fakeRecorder();
  const realtime = setup.realtime ? fakeRealtime(setup.realtime) : null;
  const recognizer = setup.recognizer === false ? null : fakeRecognizer();
  const synthesizer = fakeSynthesizer(clock);
  const answer = vi.fn(setup.answer ?? (async (text: string) => reply(`Answer to ${text}`)));
  const actor = createActor(voiceMachine, {
    clock,
    input: {
      online: setup.online,
      engines: { offline, recorder, realtime, recognizer, synthesizer },
      answer,
      ...(setup.checkMicrophone ? { checkMicrophone: setup.checkMicrophone } : {}),
    },
  });
  actor.start();
  return { actor, clock, offline, recorder, realtime, recognizer, synthesizer, answer };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function stateOf(actor: ReturnType<typeof start>['actor']): string {
  return JSON.stringify(actor.getSnapshot().value);
}

describe('mode choice when pressing talk (§4.1)', () => {
  const rows: [
    name: string,
    setup: Setup,
    state: string,
    error: string | null,
    mode: string | null,
  ][] = [
    [
      'online, realtime connects, model ready',
      { online: true, realtime: 'connects', offline: 'ready' },
      '{"realtime":"listening"}',
      null,
      'realtime',
    ],
    [
      'online, realtime connects, model not ready',
      { online: true, realtime: 'connects', offline: 'not-ready' },
      '{"realtime":"listening"}',
      null,
      'realtime',
    ],
    [
      'online, realtime fails, model ready → offline recording',
      { online: true, realtime: new Error('Connection failed'), offline: 'ready' },
      '{"recording":"capturing"}',
      null,
      'offline',
    ],
    [
      'online, realtime fails, model not installed → the error',
      {
        online: true,
        realtime: new Error('Failed to get client secret'),
        offline: 'not-installed',
      },
      '"idle"',
      'Failed to get client secret',
      'realtime',
    ],
    [
      'online, realtime fails, model initializing → the error',
      { online: true, realtime: new Error('SDP exchange failed: 500'), offline: 'initializing' },
      '"idle"',
      'SDP exchange failed: 500',
      'realtime',
    ],
    [
      'online, realtime fails, model in error → the error',
      {
        online: true,
        realtime: new Error('Realtime voice is not configured on this server'),
        offline: 'error',
      },
      '"idle"',
      'Realtime voice is not configured on this server',
      'realtime',
    ],
    [
      'online, no realtime (signed out or not configured), model ready → offline recording',
      { online: true, realtime: null, offline: 'ready' },
      '{"recording":"capturing"}',
      null,
      'offline',
    ],
    [
      'online, no realtime, model not downloaded → browser recognition',
      { online: true, realtime: null, offline: 'not-ready' },
      '"listening"',
      null,
      'browser',
    ],
    [
      'online, no realtime, model still downloading → browser recognition',
      { online: true, realtime: null, offline: 'initializing' },
      '"listening"',
      null,
      'browser',
    ],
    [
      'offline, model ready → offline recording (realtime never tried)',
      { online: false, realtime: 'connects', offline: 'ready' },
      '{"recording":"capturing"}',
      null,
      'offline',
    ],
    [
      'offline, model not ready → browser recognition',
      { online: false, realtime: 'connects', offline: 'not-ready' },
      '"listening"',
      null,
      'browser',
    ],
    [
      'offline, model initializing → browser recognition',
      { online: false, offline: 'initializing' },
      '"listening"',
      null,
      'browser',
    ],
    [
      'offline, model in error → browser recognition',
      { online: false, offline: 'error' },
      '"listening"',
      null,
      'browser',
    ],
    [
      'offline, no offline engine → browser recognition',
      { online: false, offline: null },
      '"listening"',
      null,
      'browser',
    ],
    [
      'offline, model not installed, no browser recognition → §8 text',
      { online: false, offline: 'not-installed', recognizer: false },
      '"idle"',
      'Speech recognition not available',
      null,
    ],
  ];

  it.each(rows)('%s', async (_name, setup, state, error, mode) => {
    const { actor, realtime } = start(setup);
    actor.send({ type: 'voice.talk' });
    await flush();
    expect(stateOf(actor)).toBe(state);
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(actor.getSnapshot().context.mode).toBe(mode);
    if (!setup.online && realtime) expect(realtime.connect).not.toHaveBeenCalled();
  });

  it('follows network changes: the same press goes realtime online, offline recording offline', async () => {
    const { actor, realtime } = start({ online: false, realtime: 'connects', offline: 'ready' });
    actor.send({ type: 'network.change', online: true });
    actor.send({ type: 'voice.talk' });
    await flush();
    expect(stateOf(actor)).toBe('{"realtime":"listening"}');
    expect(realtime!.connect).toHaveBeenCalledTimes(1);
  });
});

describe('the realtime session', () => {
  it('shows the transcript and streamed reply, forwards typed questions, and closes on Stop', async () => {
    const { actor, realtime } = start({ online: true, realtime: 'connects' });
    actor.send({ type: 'voice.talk' });
    await flush();
    realtime!.emit({ type: 'transcript', text: 'is it going to storm' });
    realtime!.emit({ type: 'reply.delta', delta: 'Storms are ' });
    realtime!.emit({ type: 'reply.delta', delta: 'likely after 3 PM.' });
    expect(actor.getSnapshot().context).toMatchObject({
      transcript: 'is it going to storm',
      realtimeReply: 'Storms are likely after 3 PM.',
    });
    actor.send({ type: 'voice.ask', text: 'and tomorrow?' });
    expect(realtime!.sendText).toHaveBeenCalledWith('and tomorrow?');
    actor.send({ type: 'voice.stop' });
    expect(stateOf(actor)).toBe('"idle"');
    expect(realtime!.close).toHaveBeenCalled();
  });

  it('Show & Ask sends the photo with the session; a data-channel error is shown', async () => {
    const { actor, realtime } = start({ online: true, realtime: 'connects' });
    actor.send({ type: 'voice.askWithImage', imageDataUrl: 'data:image/jpeg;base64,AAAA' });
    await flush();
    expect(realtime!.connect.mock.calls[0]![0].imageDataUrl).toBe('data:image/jpeg;base64,AAAA');
    realtime!.emit({ type: 'error', message: 'Data channel error' });
    expect(stateOf(actor)).toBe('"idle"');
    expect(actor.getSnapshot().context.error).toBe('Data channel error');
  });
});

describe('offline recording → transcription → answer → speech', () => {
  it('records, transcribes the first channel offline, answers and speaks 50 ms after cancelling', async () => {
    const { actor, clock, offline, recorder, synthesizer, answer } = start({
      online: false,
      offline: 'ready',
    });
    actor.send({ type: 'voice.talk' });
    await flush();
    expect(recorder.start).toHaveBeenCalled();
    actor.send({ type: 'voice.finish' });
    await flush();
    await flush();
    expect(offline!.transcribe).toHaveBeenCalledWith(new Float32Array([0.1, 0.2]), 48000);
    expect(answer).toHaveBeenCalledWith("I'm stuck in mud");
    expect(stateOf(actor)).toBe('{"speaking":"waiting"}');
    expect(synthesizer.log).toEqual(['cancel@0']);
    clock.increment(SPEECH_START_DELAY_MS - 1);
    expect(synthesizer.speak).not.toHaveBeenCalled();
    clock.increment(1);
    expect(synthesizer.log).toEqual(['cancel@0', "speak@50:Answer to I'm stuck in mud"]);
    synthesizer.finish();
    expect(stateOf(actor)).toBe('"idle"');
    expect(actor.getSnapshot().context.reply?.text).toBe("Answer to I'm stuck in mud");
  });

  it('a transcription failure shows its §8 text', async () => {
    const { actor, offline } = start({ online: false, offline: 'ready' });
    offline!.transcribe.mockRejectedValueOnce(new Error('Transcription timeout'));
    actor.send({ type: 'voice.talk' });
    await flush();
    actor.send({ type: 'voice.finish' });
    await flush();
    await flush();
    expect(stateOf(actor)).toBe('"idle"');
    expect(actor.getSnapshot().context.error).toBe('Transcription timeout');
  });

  it.each([
    ['NotAllowedError', MICROPHONE_ERRORS.denied],
    ['NotFoundError', MICROPHONE_ERRORS.missing],
    ['NotReadableError', MICROPHONE_ERRORS.busy],
    ['TypeError', 'Failed to access microphone'],
  ])('a microphone %s shows the §8 text', async (name, text) => {
    const { actor, recorder } = start({ online: false, offline: 'ready' });
    recorder.start.mockRejectedValueOnce(new DOMException('nope', name));
    actor.send({ type: 'voice.talk' });
    await flush();
    await flush();
    expect(stateOf(actor)).toBe('"idle"');
    expect(actor.getSnapshot().context.error).toBe(text);
  });

  it('an already denied microphone stops before recording with the §5 text', async () => {
    const { actor, recorder } = start({
      online: false,
      offline: 'ready',
      checkMicrophone: async () => MICROPHONE_ERRORS.deniedBefore,
    });
    actor.send({ type: 'voice.talk' });
    await flush();
    expect(recorder.start).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.error).toBe(
      'Microphone access denied. Please enable it in your browser settings.',
    );
  });
});

describe('browser recognition', () => {
  it('offline, says in plain words why speech fails and that typing works', () => {
    const { actor, recognizer } = start({ online: false, offline: 'not-installed' });
    actor.send({ type: 'voice.talk' });
    recognizer!.handlers.onError('audio-capture');
    expect(actor.getSnapshot().context.error).toBe(
      'Error: audio-capture. Speech needs signal here: this browser’s speech recognition works through its server, and this installation has no offline speech model. Type your question instead: typed questions are answered on this device, offline.',
    );
  });

  it('shows interim words, answers the final result', async () => {
    const { actor, recognizer, answer } = start({ online: false, offline: 'not-ready' });
    actor.send({ type: 'voice.talk' });
    recognizer!.handlers.onResult('nearest', false);
    expect(actor.getSnapshot().context.transcript).toBe('nearest');
    recognizer!.handlers.onResult('nearest campground', true);
    await flush();
    expect(answer).toHaveBeenCalledWith('nearest campground');
    expect(stateOf(actor)).toBe('{"speaking":"waiting"}');
  });

  it('shows "Error: {code}" with what it means, but ignores an aborted recognition', () => {
    const first = start({ online: true });
    first.actor.send({ type: 'voice.talk' });
    first.recognizer!.handlers.onError('no-speech');
    expect(first.actor.getSnapshot().context.error).toBe(
      'Error: no-speech. No speech was heard. Press to talk and speak, or type your question.',
    );
    const second = start({ online: false });
    second.actor.send({ type: 'voice.talk' });
    second.recognizer!.handlers.onError('aborted');
    expect(stateOf(second.actor)).toBe('"idle"');
    expect(second.actor.getSnapshot().context.error).toBeNull();
  });
});

describe('typed questions and speech', () => {
  it('a new question while speaking cancels the earlier speech and speaks the new reply 50 ms later', async () => {
    const { actor, clock, synthesizer } = start({ online: false });
    actor.send({ type: 'voice.ask', text: 'safety check' });
    await flush();
    clock.increment(50);
    actor.send({ type: 'voice.ask', text: 'nearest campground' });
    await flush();
    clock.increment(49);
    expect(synthesizer.log.filter((entry) => entry.startsWith('speak'))).toHaveLength(1);
    clock.increment(1);
    expect(synthesizer.log.at(-1)).toBe('speak@100:Answer to nearest campground');
    expect(
      synthesizer.log.filter((entry) => entry.startsWith('cancel')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('a failing answer shows "Failed to generate response"', async () => {
    const { actor } = start({
      online: false,
      answer: async () => {
        throw new Error('boom');
      },
    });
    actor.send({ type: 'voice.ask', text: 'weather' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('Failed to generate response');
  });

  it('blank questions are ignored', () => {
    const { actor, answer } = start({ online: false });
    actor.send({ type: 'voice.ask', text: '   ' });
    expect(stateOf(actor)).toBe('"idle"');
    expect(answer).not.toHaveBeenCalled();
  });
});

describe('Stop from every state', () => {
  it('listening → idle, recognition aborted', () => {
    const { actor, recognizer } = start({ online: false });
    actor.send({ type: 'voice.talk' });
    actor.send({ type: 'voice.stop' });
    expect(stateOf(actor)).toBe('"idle"');
    expect(recognizer!.abort).toHaveBeenCalled();
  });

  it('recording → idle, audio discarded', async () => {
    const { actor, recorder, offline } = start({ online: false, offline: 'ready' });
    actor.send({ type: 'voice.talk' });
    await flush();
    actor.send({ type: 'voice.stop' });
    expect(stateOf(actor)).toBe('"idle"');
    expect(recorder.cancel).toHaveBeenCalled();
    expect(offline!.transcribe).not.toHaveBeenCalled();
  });

  it('connecting → idle, session closed', () => {
    const { actor, realtime } = start({ online: true, realtime: 'connects' });
    actor.send({ type: 'voice.talk' });
    expect(stateOf(actor)).toBe('{"realtime":"connecting"}');
    actor.send({ type: 'voice.stop' });
    expect(stateOf(actor)).toBe('"idle"');
    expect(realtime!.close).toHaveBeenCalled();
  });

  it('answering and speaking → idle, speech cancelled and nothing spoken later', async () => {
    const { actor, clock, synthesizer } = start({ online: false });
    actor.send({ type: 'voice.ask', text: 'weather' });
    expect(stateOf(actor)).toBe('"answering"');
    actor.send({ type: 'voice.stop' });
    await flush();
    expect(stateOf(actor)).toBe('"idle"');
    actor.send({ type: 'voice.ask', text: 'weather' });
    await flush();
    clock.increment(50);
    actor.send({ type: 'voice.stop' });
    expect(stateOf(actor)).toBe('"idle"');
    expect(synthesizer.log.at(-1)).toMatch(/^cancel@50$/);
  });
});

describe('offline engine status', () => {
  it('never loads the model by itself; offline.install starts it and progress is followed', () => {
    const { actor, offline } = start({ online: true, offline: 'not-ready' });
    expect(offline!.init).not.toHaveBeenCalled();
    actor.send({ type: 'offline.install' });
    expect(offline!.init).toHaveBeenCalledTimes(1);
    offline!.emit({ state: 'initializing', progress: 0.42 });
    expect(actor.getSnapshot().context.offline).toMatchObject({
      state: 'initializing',
      progress: 0.42,
    });
    offline!.emit({ state: 'ready', progress: 1 });
    expect(actor.getSnapshot().context.offline.state).toBe('ready');
  });

  it('passes cancel, remove and a new look at the listing on to the engine', () => {
    const { actor, offline } = start({ online: true, offline: 'initializing' });
    actor.send({ type: 'offline.cancel' });
    expect(offline!.cancel).toHaveBeenCalledTimes(1);
    actor.send({ type: 'offline.remove' });
    expect(offline!.remove).toHaveBeenCalledTimes(1);
    actor.send({ type: 'offline.refreshListing' });
    expect(offline!.refreshListing).toHaveBeenCalledTimes(1);
  });
});

describe('browser speech synthesis', () => {
  it('speaks at rate 0.95, pitch 1, volume 1, en-US, preferring a US English voice', () => {
    const spoken: {
      text: string;
      rate: number;
      pitch: number;
      volume: number;
      lang: string;
      voice: unknown;
    }[] = [];
    const usVoice = { lang: 'en-US', name: 'US' };
    vi.stubGlobal('window', {
      speechSynthesis: {
        cancel: vi.fn(),
        getVoices: () => [{ lang: 'en-GB', name: 'GB' }, usVoice],
        speak: (utterance: (typeof spoken)[number]) => spoken.push(utterance),
      },
    });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        rate = 1;
        pitch = 1;
        volume = 1;
        lang = '';
        voice: unknown = null;
        constructor(public text: string) {}
      },
    );
    try {
      createBrowserSpeechSynthesizer()!.speak('Air down to 8 PSI', () => undefined);
      expect(spoken[0]).toMatchObject({
        text: 'Air down to 8 PSI',
        rate: 0.95,
        pitch: 1,
        volume: 1,
        lang: 'en-US',
        voice: usVoice,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
