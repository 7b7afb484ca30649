/**
 * A local stand-in for an OpenAI Realtime API compatible provider, on loopback only:
 * POST /client_secrets (server key → short-lived secret) and POST /calls (secret + SDP offer →
 * SDP answer from a real WebRTC peer, werift). Over the "oai-events" data channel it answers
 * each `response.create` with text deltas and `response.done`, and once the rider's microphone
 * audio has arrived over RTP it sends an input-audio transcription event.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { RTCPeerConnection } from 'werift';

/** Key the sync server must present. */
export const providerApiKey = 'test-provider-key';

/** What the provider saw, for assertions. */
export interface ProviderRecord {
  clientSecretRequests: Array<{ authorization: string | undefined; body: unknown }>;
  calls: Array<{ authorization: string | undefined; contentType: string | undefined }>;
  /** Every data-channel event the browser sent. */
  events: Array<Record<string, unknown>>;
  /** RTP packets of the browser's microphone track. */
  audioPackets: number;
}

/** The running provider. */
export interface FakeRealtimeProvider {
  /** Base URL to put in REALTIME_API_URL. */
  apiUrl: string;
  record: ProviderRecord;
  /** Answer the next /calls with this status instead of an SDP answer. */
  failNextCall(status: number): void;
  stop(): Promise<void>;
}

/** Reply text the provider streams for every response. */
export const providerReplyChunks = ['The trail looks ', 'dry and clear.'];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Keeps only loopback ICE candidates, so no packet is ever sent to another address. */
function loopbackOnly(sdp: string): string {
  return sdp
    .split('\r\n')
    .filter((line) => !line.startsWith('a=candidate:') || line.includes(' 127.0.0.1 '))
    .join('\r\n');
}

/** Starts the provider on a free loopback port. */
export async function startFakeRealtimeProvider(): Promise<FakeRealtimeProvider> {
  const record: ProviderRecord = {
    clientSecretRequests: [],
    calls: [],
    events: [],
    audioPackets: 0,
  };
  const secrets = new Set<string>();
  const peers: RTCPeerConnection[] = [];
  let failStatus: number | null = null;

  async function answer(offerSdp: string): Promise<string> {
    const peer = new RTCPeerConnection({
      iceUseIpv6: false,
      iceInterfaceAddresses: { udp4: '127.0.0.1' },
      iceAdditionalHostAddresses: ['127.0.0.1'],
      iceFilterCandidatePair: (pair) => pair.remoteCandidate.host.startsWith('127.'),
    });
    peers.push(peer);
    let transcribed = false;
    peer.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe(() => {
        record.audioPackets += 1;
        if (!transcribed && record.audioPackets >= 25 && channelOpen) {
          transcribed = true;
          sendEvent({
            type: 'conversation.item.input_audio_transcription.completed',
            transcript: 'heard the rider',
          });
        }
      });
    });
    let channelOpen = false;
    let sendEvent: (event: object) => void = () => undefined;
    peer.onDataChannel.subscribe((channel) => {
      sendEvent = (event) => channel.send(JSON.stringify(event));
      channelOpen = true;
      channel.onMessage.subscribe((data) => {
        const event = JSON.parse(data.toString()) as Record<string, unknown>;
        record.events.push(event);
        if (event.type === 'response.create') {
          for (const delta of providerReplyChunks) {
            sendEvent({ type: 'response.output_text.delta', delta });
          }
          sendEvent({ type: 'response.done' });
        }
      });
    });
    await peer.setRemoteDescription({ type: 'offer', sdp: loopbackOnly(offerSdp) });
    await peer.setLocalDescription(await peer.createAnswer());
    if (peer.iceGatheringState !== 'complete') {
      await new Promise<void>((resolve) => {
        peer.iceGatheringStateChange.subscribe((state) => {
          if (state === 'complete') resolve();
        });
      });
    }
    return loopbackOnly(peer.localDescription?.sdp ?? '');
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', 'authorization, content-type');
      response.setHeader('access-control-allow-methods', 'POST');
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      const body = await readBody(request);
      const authorization = request.headers.authorization;
      if (request.method === 'POST' && request.url === '/v1/realtime/client_secrets') {
        record.clientSecretRequests.push({ authorization, body: JSON.parse(body) as unknown });
        if (authorization !== `Bearer ${providerApiKey}`) {
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { message: 'bad key' } }));
          return;
        }
        const secret = `ek_test_${record.clientSecretRequests.length}`;
        secrets.add(secret);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ value: secret, expires_at: 1_900_000_000 }));
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/realtime/calls') {
        record.calls.push({ authorization, contentType: request.headers['content-type'] });
        const secret = authorization?.replace(/^Bearer /, '') ?? '';
        if (failStatus !== null || !secrets.has(secret)) {
          response.writeHead(failStatus ?? 401).end();
          failStatus = null;
          return;
        }
        response.writeHead(201, { 'content-type': 'application/sdp' });
        response.end(await answer(body));
        return;
      }
      response.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    apiUrl: `http://127.0.0.1:${port}/v1/realtime`,
    record,
    failNextCall(status) {
      failStatus = status;
    },
    async stop() {
      await Promise.all(peers.map((peer) => peer.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
