/**
 * Realtime AI voice client (voice-navigation-campgrounds §4.1, §7.1, §8, §9): a client secret
 * from our server, then WebRTC straight to the provider: the microphone goes up as an audio
 * track, the reply comes back as audio (played through a 24 kHz audio context), and a data
 * channel carries the events (OpenAI Realtime API event names).
 */
import type { RealtimeEvent, RealtimeVoice } from './voice-engines.ts';

/** §8 realtime texts, plus the server's 503 text. */
export const realtimeErrors = {
  clientSecret: 'Failed to get client secret',
  connection: 'Connection failed',
  unknown: 'Unknown error',
  dataChannel: 'Data channel error',
  notConfigured: 'Realtime voice is not configured on this server',
} as const;

/** §9: the realtime audio context runs at 24000 Hz. */
export const realtimeAudioSampleRate = 24_000;

/**
 * The fixed question sent with a camera image (§4.1: trail conditions, equipment or safety
 * concerns).
 */
export const imageQuestion =
  'What do you see in this photo? Tell me about the trail conditions, my equipment, or any safety concerns.';

/** Sent with the client-secret request (§7.1 body: voice, instructions). */
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

/**
 * Creates the client. `connect` rejects with the texts RealtimeVoice names; after it resolves,
 * provider events, errors and the end of the session arrive through `onEvent`.
 */
export function createRealtimeVoice(options: RealtimeVoiceOptions): RealtimeVoice {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const createPeerConnection = options.createPeerConnection ?? (() => new RTCPeerConnection());
  let peer: RTCPeerConnection | null = null;
  let channel: RTCDataChannel | null = null;
  let microphone: MediaStream | null = null;
  let audioContext: AudioContext | null = null;
  let onEvent: ((event: RealtimeEvent) => void) | null = null;

  function send(event: object): void {
    if (channel?.readyState === 'open') channel.send(JSON.stringify(event));
  }

  function askWithImage(imageDataUrl: string): void {
    send({
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
    send({ type: 'response.create' });
  }

  async function getClientSecret(): Promise<ClientSecretAnswer> {
    const authorization = options.authorization();
    let response: Response;
    try {
      response = await fetchImpl('/api/realtime/client-secret', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ voice: 'marin', instructions: realtimeInstructions }),
      });
    } catch {
      throw new Error(realtimeErrors.clientSecret);
    }
    if (response.status === 503) throw new Error(realtimeErrors.notConfigured);
    const body = (await response.json().catch(() => null)) as Partial<ClientSecretAnswer> | null;
    if (!response.ok || typeof body?.clientSecret !== 'string' || !body.callsUrl) {
      throw new Error(realtimeErrors.clientSecret);
    }
    return { clientSecret: body.clientSecret, callsUrl: body.callsUrl };
  }

  function playRemoteAudio(stream: MediaStream): void {
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
      // No audio output: the reply text still arrives through the data channel.
    }
  }

  function close(): void {
    const wasOpen = peer !== null;
    channel?.close();
    peer?.close();
    microphone?.getTracks().forEach((track) => track.stop());
    void audioContext?.close().catch(() => undefined);
    channel = null;
    peer = null;
    microphone = null;
    audioContext = null;
    const listener = onEvent;
    onEvent = null;
    if (wasOpen) listener?.({ type: 'closed' });
  }

  return {
    async connect({ imageDataUrl, onEvent: listener }) {
      close();
      const { clientSecret, callsUrl } = await getClientSecret();
      const connection = createPeerConnection();
      peer = connection;
      onEvent = listener;
      try {
        const mediaDevices = options.mediaDevices ?? globalThis.navigator?.mediaDevices ?? null;
        try {
          microphone = (await mediaDevices?.getUserMedia({ audio: true })) ?? null;
        } catch {
          // Without a microphone the session still answers typed questions and photos.
          microphone = null;
        }
        if (microphone) {
          for (const track of microphone.getAudioTracks()) connection.addTrack(track, microphone);
        } else {
          connection.addTransceiver('audio', { direction: 'recvonly' });
        }
        connection.ontrack = (event) => {
          const stream = event.streams[0] ?? new MediaStream([event.track]);
          playRemoteAudio(stream);
        };
        const dataChannel = connection.createDataChannel(dataChannelLabel);
        channel = dataChannel;
        const opened = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(realtimeErrors.connection)),
            connectTimeoutMs,
          );
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
        dataChannel.onmessage = (event: MessageEvent<string>) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(event.data);
          } catch {
            return;
          }
          const mapped = toRealtimeEvent(parsed);
          if (mapped) onEvent?.(mapped);
        };

        const offer = await connection.createOffer();
        await connection.setLocalDescription(offer);
        const answer = await fetchImpl(callsUrl, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${clientSecret}`,
            'content-type': 'application/sdp',
          },
          body: offer.sdp ?? '',
        }).catch(() => {
          throw new Error(realtimeErrors.connection);
        });
        if (!answer.ok) throw new Error(`SDP exchange failed: ${answer.status}`);
        await connection.setRemoteDescription({ type: 'answer', sdp: await answer.text() });
        await opened;

        dataChannel.onerror = () =>
          onEvent?.({ type: 'error', message: realtimeErrors.dataChannel });
        dataChannel.onclose = () => close();
        connection.onconnectionstatechange = () => {
          if (['failed', 'closed'].includes(connection.connectionState)) close();
        };
        onEvent?.({ type: 'connected' });
        if (imageDataUrl) askWithImage(imageDataUrl);
      } catch (error) {
        onEvent = null;
        close();
        const message = error instanceof Error ? error.message : '';
        throw new Error(
          message.startsWith('SDP exchange failed') ? message : realtimeErrors.connection,
        );
      }
    },

    sendText(text) {
      send({
        type: 'conversation.item.create',
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
      });
      send({ type: 'response.create' });
    },

    close,
  };
}
