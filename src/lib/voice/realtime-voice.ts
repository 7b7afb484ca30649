/**
 * Realtime AI voice client (requirements §voice-4.1, §voice-7.1, §voice-8, §voice-9): a client
 * secret from our server, then WebRTC straight to the provider: the microphone goes up as an audio
 * track, the reply comes back as audio (played through a 24 kHz audio context), and a data
 * channel carries the events (OpenAI Realtime API event names).
 */
import { HttpError } from '../http/request.ts';
import type { RealtimeEvent, RealtimeVoice } from './voice-engines.ts';

/** §voice-8 realtime texts, plus the server's 503 text. */
export const realtimeErrors = {
  clientSecret: 'Failed to get client secret',
  connection: 'Connection failed',
  unknown: 'Unknown error',
  dataChannel: 'Data channel error',
  notConfigured: 'Realtime voice is not configured on this server',
} as const;

/** §voice-9: the realtime audio context runs at 24000 Hz. */
export const realtimeAudioSampleRate = 24_000;

/**
 * The fixed question sent with a camera image (§voice-4.1: trail conditions, equipment or safety
 * concerns).
 */
export const imageQuestion =
  'What do you see in this photo? Tell me about the trail conditions, my equipment, or any safety concerns.';

/** Sent with the client-secret request (§voice-7.1 body: voice, instructions). */
export const realtimeInstructions =
  'You are the voice assistant of Natural State Trails, an app for off-road riders, campers, hikers, hunters and anglers in Arkansas. Answer briefly and put safety first. In an emergency, tell the rider to call 911.';

/** Name of the data channel the provider expects. */
const dataChannelLabel = 'oai-events';

/** How long the data channel may take to open after the SDP answer. */
const connectTimeoutMs = 20_000;

/** Options of `createRealtimeVoice`. */
export interface RealtimeVoiceOptions {
  fetch?: typeof fetch;
  /** The `Authorization` header value of the signed-in rider, or null. */
  authorization: () => string | null;
  /** Default the browser's RTCPeerConnection. */
  createPeerConnection?: () => RTCPeerConnection;
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'> | null;
}

interface ClientSecretAnswer {
  clientSecret: string;
  callsUrl: string;
}

/** Maps one provider event to what the voice machine hears, or null for the many it ignores. */
export function toRealtimeEvent(message: unknown): RealtimeEvent | null {
  if (typeof message !== 'object' || message === null) return null;
  const event = message as {
    type?: unknown;
    transcript?: unknown;
    delta?: unknown;
    error?: { message?: unknown };
  };
  // The .text/.audio_transcript names are the API beta's, still sent by some compatible providers.
  switch (event.type) {
    case 'conversation.item.input_audio_transcription.completed':
      return typeof event.transcript === 'string'
        ? { type: 'transcript', text: event.transcript }
        : null;
    case 'response.output_text.delta':
    case 'response.output_audio_transcript.delta':
    case 'response.text.delta':
    case 'response.audio_transcript.delta':
      return typeof event.delta === 'string' ? { type: 'reply.delta', delta: event.delta } : null;
    case 'response.done':
      return { type: 'reply.done' };
    case 'error':
      return {
        type: 'error',
        message:
          typeof event.error?.message === 'string' ? event.error.message : realtimeErrors.unknown,
      };
    default:
      return null;
  }
}

/** Reads one data-channel message as a provider event; null for malformed or ignored ones. */
function parseChannelMessage(data: string): RealtimeEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  return toRealtimeEvent(parsed);
}

/**
 * Asks for the microphone and adds its audio tracks to the connection; without one the
 * connection only receives audio, and the session still answers typed questions and photos.
 * Resolves to the stream to stop on close, or null.
 */
async function attachMicrophone(
  connection: RTCPeerConnection,
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | null,
): Promise<MediaStream | null> {
  let microphone: MediaStream | null;
  try {
    microphone = (await mediaDevices?.getUserMedia({ audio: true })) ?? null;
  } catch {
    microphone = null;
  }
  if (microphone) {
    for (const track of microphone.getAudioTracks()) connection.addTrack(track, microphone);
  } else {
    connection.addTransceiver('audio', { direction: 'recvonly' });
  }
  return microphone;
}

/**
 * Resolves when the data channel opens; rejects with the §voice-8 connection text when the peer
 * connection fails first or `connectTimeoutMs` (20 s) passes.
 */
function dataChannelOpened(
  connection: RTCPeerConnection,
  dataChannel: RTCDataChannel,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(realtimeErrors.connection)), connectTimeoutMs);
    dataChannel.onopen = () => {
      clearTimeout(timer);
      resolve();
    };
    connection.onconnectionstatechange = () => {
      if (connection.connectionState === 'failed') {
        clearTimeout(timer);
        reject(new Error(realtimeErrors.connection));
      }
    };
  });
}

/**
 * Sends our SDP offer to the provider's calls URL with the client secret and applies its
 * answer. Throws the §voice-8 connection text when the request cannot be made, and
 * 'SDP exchange failed: <status>' when the provider refuses it.
 */
async function exchangeSdp(
  connection: RTCPeerConnection,
  secret: ClientSecretAnswer,
  fetchImpl: typeof fetch,
): Promise<void> {
  const offer = await connection.createOffer();
  await connection.setLocalDescription(offer);
  const answer = await fetchImpl(secret.callsUrl, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret.clientSecret}`,
      'content-type': 'application/sdp',
    },
    body: offer.sdp ?? '',
  }).catch(() => {
    throw new Error(realtimeErrors.connection);
  });
  if (!answer.ok) throw new Error(`SDP exchange failed: ${answer.status}`);
  await connection.setRemoteDescription({ type: 'answer', sdp: await answer.text() });
}

/**
 * Plays the provider's reply audio through a 24 kHz audio context (§voice-9). Returns the context
 * to close with the session, or null when the device has no audio output (the reply text still
 * arrives through the data channel).
 */
function playRemoteAudio(stream: MediaStream): AudioContext | null {
  let audioContext: AudioContext | null = null;
  try {
    audioContext = new AudioContext({ sampleRate: realtimeAudioSampleRate });
    audioContext.createMediaStreamSource(stream).connect(audioContext.destination);
    // Started after awaits, the context may begin suspended despite the rider's tap.
    void audioContext.resume().catch(() => undefined);
    // Chromium plays a remote WebRTC stream through Web Audio only while an element holds it.
    const element = new Audio();
    element.muted = true;
    element.srcObject = stream;
  } catch {
    // Keeps whatever context was made, so close() still releases it.
  }
  return audioContext;
}

/**
 * One realtime session at a time: the peer connection, its data channel, the microphone and
 * the audio context, all released by `close`. `createRealtimeVoice` exposes it as plain
 * functions.
 */
class RealtimeVoiceClient {
  private readonly fetchImpl: typeof fetch;
  private readonly createPeerConnection: () => RTCPeerConnection;
  private peer: RTCPeerConnection | null = null;
  private channel: RTCDataChannel | null = null;
  private microphone: MediaStream | null = null;
  private audioContext: AudioContext | null = null;
  private onEvent: ((event: RealtimeEvent) => void) | null = null;
  /** Bumped by every connect and close, so a connect that was stopped while it waited ends. */
  private attempt = 0;

  constructor(private readonly options: RealtimeVoiceOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.createPeerConnection = options.createPeerConnection ?? (() => new RTCPeerConnection());
  }

  /**
   * See `RealtimeVoice.connect`: rejects with the §voice-8 texts; events arrive through onEvent.
   */
  async connect({ imageDataUrl, onEvent }: Parameters<RealtimeVoice['connect']>[0]) {
    this.close();
    const attempt = this.attempt;
    const secret = await this.getClientSecret();
    // Stopped while the server answered: open nothing (no microphone, no provider session).
    if (attempt !== this.attempt) throw new Error(realtimeErrors.connection);
    const connection = this.createPeerConnection();
    this.peer = connection;
    this.onEvent = onEvent;
    try {
      await this.openSession(connection, secret);
      this.onEvent?.({ type: 'connected' });
      if (imageDataUrl) this.askWithImage(imageDataUrl);
    } catch (error) {
      this.onEvent = null;
      this.close();
      const message = error instanceof Error ? error.message : '';
      throw new Error(
        message.startsWith('SDP exchange failed') ? message : realtimeErrors.connection,
      );
    }
  }

  /** Sends a typed question and asks for a reply. */
  sendText(text: string): void {
    this.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
    });
    this.send({ type: 'response.create' });
  }

  /** Releases everything; tells the listener 'closed' when a session was open. */
  close(): void {
    this.attempt += 1;
    const wasOpen = this.peer !== null;
    this.channel?.close();
    this.peer?.close();
    this.microphone?.getTracks().forEach((track) => track.stop());
    void this.audioContext?.close().catch(() => undefined);
    this.channel = null;
    this.peer = null;
    this.microphone = null;
    this.audioContext = null;
    const listener = this.onEvent;
    this.onEvent = null;
    if (wasOpen) listener?.({ type: 'closed' });
  }

  /**
   * Microphone up, reply audio down, the event channel, the SDP exchange; resolves once the
   * channel is open and then watches for the session ending.
   */
  private async openSession(connection: RTCPeerConnection, secret: ClientSecretAnswer) {
    const mediaDevices = this.options.mediaDevices ?? globalThis.navigator?.mediaDevices ?? null;
    this.microphone = await attachMicrophone(connection, mediaDevices);
    connection.ontrack = (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.audioContext = playRemoteAudio(stream) ?? this.audioContext;
    };
    const dataChannel = connection.createDataChannel(dataChannelLabel);
    this.channel = dataChannel;
    const opened = dataChannelOpened(connection, dataChannel);
    dataChannel.onmessage = (event: MessageEvent<string>) => {
      const mapped = parseChannelMessage(event.data);
      if (mapped) this.onEvent?.(mapped);
    };
    await exchangeSdp(connection, secret, this.fetchImpl);
    await opened;
    dataChannel.onerror = () =>
      this.onEvent?.({ type: 'error', message: realtimeErrors.dataChannel });
    dataChannel.onclose = () => this.close();
    connection.onconnectionstatechange = () => {
      if (['failed', 'closed'].includes(connection.connectionState)) this.close();
    };
  }

  /**
   * POST /api/realtime/client-secret (§voice-7.1) under the app's mutation policy
   * (src/lib/http/query-client.ts: a dropped request or a 5xx is tried once more after 1 s).
   * Throws the §voice-8 text, or the server's 503 text. The policy's module (and TanStack Query)
   * loads with the first realtime session, not with the assistant on every page.
   */
  private async getClientSecret(): Promise<ClientSecretAnswer> {
    const { runOnlineMutation } = await import('../http/query-client.ts');
    try {
      return await runOnlineMutation(() => this.requestClientSecret());
    } catch (error) {
      if (error instanceof HttpError && error.status === 503) {
        throw new Error(realtimeErrors.notConfigured);
      }
      throw new Error(realtimeErrors.clientSecret);
    }
  }

  /**
   * One client-secret request. Throws the fetch TypeError when there is no answer and HttpError
   * for a refused or malformed one, which the mutation policy tells apart.
   */
  private async requestClientSecret(): Promise<ClientSecretAnswer> {
    const authorization = this.options.authorization();
    const response = await this.fetchImpl('/api/realtime/client-secret', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({ voice: 'marin', instructions: realtimeInstructions }),
    });
    const body = (await response.json().catch(() => null)) as Partial<ClientSecretAnswer> | null;
    if (!response.ok) throw new HttpError(response.status, `${response.status}: client secret`);
    if (typeof body?.clientSecret !== 'string' || !body.callsUrl) {
      // Asking again would get the same answer: an error the policy does not retry.
      throw new HttpError(response.status, `${response.status}: no client secret in the answer`);
    }
    return { clientSecret: body.clientSecret, callsUrl: body.callsUrl };
  }

  /** Sends one event when the channel is open; dropped otherwise. */
  private send(event: object): void {
    if (this.channel?.readyState === 'open') this.channel.send(JSON.stringify(event));
  }

  /** Sends the photo with the fixed §voice-4.1 question and asks for a reply. */
  private askWithImage(imageDataUrl: string): void {
    this.send({
      type: 'conversation.item.create',
      item: {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: imageQuestion },
          { type: 'input_image', image_url: imageDataUrl },
        ],
      },
    });
    this.send({ type: 'response.create' });
  }
}

/**
 * Creates the client. `connect` rejects with the texts RealtimeVoice names; after it resolves,
 * provider events, errors and the end of the session arrive through `onEvent`.
 */
export function createRealtimeVoice(options: RealtimeVoiceOptions): RealtimeVoice {
  const client = new RealtimeVoiceClient(options);
  return {
    connect: (request) => client.connect(request),
    sendText: (text) => client.sendText(text),
    close: () => client.close(),
  };
}
