/**
 * Starting a realtime voice session (voice-navigation-campgrounds §7.1, §8; core-platform §9
 * "Query cache"): POST /api/realtime/client-secret follows the app's write policy — a dropped
 * request is tried once more after 1 s, a refusal is not — and the rider sees the §8 texts.
 * Stopping while the server answers opens no connection.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
// Loaded up front as the app would have it by the time a rider presses talk.
import '../../../src/lib/http/query-client.ts';
import { createRealtimeVoice } from '../../../src/lib/voice/realtime-voice.ts';

const dropped = () => Promise.reject(new TypeError('Failed to fetch'));
const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

function voiceWith(replies: (() => Promise<Response>)[]) {
  const sent: RequestInit[] = [];
  const createPeerConnection = vi.fn(() => {
    throw new Error('no WebRTC in this test');
  });
  const voice = createRealtimeVoice({
    authorization: () => 'Bearer access-1',
    createPeerConnection,
    fetch: (_input, init) => {
      sent.push(init ?? {});
      const reply = replies[sent.length - 1] ?? dropped;
      return reply();
    },
  });
  return { voice, sent, createPeerConnection };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the client secret request', () => {
  it('tries a dropped request once more after 1 s, then says "Failed to get client secret"', async () => {
    vi.useFakeTimers();
    const { voice, sent } = voiceWith([dropped, dropped, dropped]);

    const result = voice.connect({ onEvent: () => undefined });
    const failed = expect(result).rejects.toThrow('Failed to get client secret');
    await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 5_000 });
    await failed;

    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers).toMatchObject({ authorization: 'Bearer access-1' });
  });

  it('does not ask again after a refusal, and names an unconfigured server', async () => {
    const refused = voiceWith([() => answer(401, { error: 'Sign in' })]);
    await expect(refused.voice.connect({ onEvent: () => undefined })).rejects.toThrow(
      'Failed to get client secret',
    );
    expect(refused.sent).toHaveLength(1);

    vi.useFakeTimers();
    const unconfigured = voiceWith([
      () => answer(503, { error: 'Realtime voice is not configured on this server' }),
      () => answer(503, { error: 'Realtime voice is not configured on this server' }),
    ]);
    const result = unconfigured.voice.connect({ onEvent: () => undefined });
    const failed = expect(result).rejects.toThrow(
      'Realtime voice is not configured on this server',
    );
    await vi.waitFor(() => expect(unconfigured.sent).toHaveLength(2), { timeout: 5_000 });
    await failed;
  });

  it('opens no connection when the rider stopped while the server answered', async () => {
    let release: ((response: Response) => void) | null = null;
    const { voice, createPeerConnection } = voiceWith([
      () => new Promise<Response>((resolve) => (release = resolve)),
    ]);
    const result = voice.connect({ onEvent: () => undefined });
    await vi.waitFor(() => expect(release).not.toBeNull());

    voice.close();
    release!(new Response(JSON.stringify({ clientSecret: 'ek_1', callsUrl: 'https://x/calls' })));

    await expect(result).rejects.toThrow('Connection failed');
    expect(createPeerConnection).not.toHaveBeenCalled();
  });
});
