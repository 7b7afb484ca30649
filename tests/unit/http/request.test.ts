import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  clearResponseCache,
  configureRequestQueue,
  HttpError,
  setRequestAuth,
  type RequestAuth,
} from '../../../src/lib/http/request.ts';
import { isAccountDeletedError } from '../../../src/lib/auth/auth-errors.ts';
import { retryDelayMs } from '../../../src/lib/http/backoff.ts';
import { EncodedJson } from '../../../src/lib/http/encoded-json.ts';

type FetchCall = { url: string; init: RequestInit };

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: FetchCall[] = [];
let answer: (call: FetchCall) => Response | Promise<Response>;

beforeEach(() => {
  calls = [];
  answer = () => jsonResponse({ ok: true });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
  configureRequestQueue({ isMobile: () => false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setRequestAuth(null);
  configureRequestQueue();
});

function headersOf(call: FetchCall): Record<string, string> {
  return call.init.headers as Record<string, string>;
}

type TestAuth = RequestAuth & { expired: number; token: string | null };

function auth(overrides: Partial<RequestAuth> = {}): TestAuth {
  const provider: TestAuth = {
    expired: 0,
    token: 'access-1',
    getAccessToken() {
      return provider.token;
    },
    async refresh() {
      provider.token = 'access-2';
      return true;
    },
    onTokenExpired() {
      provider.expired += 1;
    },
    ...overrides,
  };
  return provider;
}

describe('apiRequest', () => {
  it('sends credentials, a JSON body with its content type, and parses the JSON answer', async () => {
    answer = () => jsonResponse({ id: 'temp-1' }, 201);
    const result = await apiRequest<{ id: string }>('POST', '/api/trips', { name: 'Loop' });
    expect(result).toEqual({ id: 'temp-1' });
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"name":"Loop"}',
    });
    expect(headersOf(calls[0]!)['Content-Type']).toBe('application/json');
    expect(headersOf(calls[0]!).Authorization).toBeUndefined();
  });

  it('sends FormData as is, without a JSON content type', async () => {
    const form = new FormData();
    form.append('file', new Blob(['gpx']), 'ride.gpx');
    await apiRequest('POST', '/api/trips/import', form);
    expect(calls[0]!.init.body).toBe(form);
    expect(headersOf(calls[0]!)['Content-Type']).toBeUndefined();
  });

  it('sends an encoded JSON body as its bytes, also on the retry after a refresh', async () => {
    setRequestAuth(auth());
    answer = (call) =>
      headersOf(call).Authorization === 'Bearer access-2'
        ? jsonResponse({ conflicts: [] })
        : new Response('expired', { status: 401 });
    const body = EncodedJson.of({ rows: [{ newDocumentState: { id: 'trip-1', name: 'Ozark' } }] });
    expect(await apiRequest('POST', '/api/sync/trips/v1/push', body)).toEqual({ conflicts: [] });
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.init.body).toBe(body.bytes);
      expect(headersOf(call)['Content-Type']).toBe('application/json');
    }
    expect(JSON.parse(new TextDecoder().decode(body.bytes))).toEqual(body.value);
  });

  it('adds the bearer header when the auth provider has a valid token', async () => {
    setRequestAuth(auth());
    await apiRequest('GET', '/api/auth/user');
    expect(headersOf(calls[0]!).Authorization).toBe('Bearer access-1');
  });

  it('throws HttpError "status: text" for a non-OK answer, or the status text when empty', async () => {
    answer = () => new Response('Trail not found', { status: 404 });
    const error = await apiRequest('GET', '/api/trails/nope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
    expect((error as HttpError).message).toBe('404: Trail not found');

    answer = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(apiRequest('POST', '/api/trips', {})).rejects.toThrow('503: Service Unavailable');
  });

  it('tolerates an empty body', async () => {
    answer = () => new Response('', { status: 200 });
    expect(await apiRequest('GET', '/api/auth/user')).toBeNull();
  });

  it('refreshes once on 401 and retries once with the new token', async () => {
    const provider = auth();
    setRequestAuth(provider);
    answer = (call) =>
      headersOf(call).Authorization === 'Bearer access-2'
        ? jsonResponse(['trail'])
        : new Response('expired', { status: 401 });
    expect(await apiRequest('POST', '/api/trips', {})).toEqual(['trail']);
    expect(calls).toHaveLength(2);
    expect(provider.expired).toBe(0);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const refresh = vi.fn(async () => {
      provider.token = 'access-2';
      return true;
    });
    const provider = auth({ refresh });
    setRequestAuth(provider);
    answer = (call) =>
      headersOf(call).Authorization === 'Bearer access-2'
        ? jsonResponse('ok')
        : new Response('', { status: 401 });
    await Promise.all([apiRequest('POST', '/api/a', {}), apiRequest('POST', '/api/b', {})]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('retries without a second refresh when a 401 arrives after another request refreshed', async () => {
    const refresh = vi.fn(async () => {
      provider.token = 'access-2';
      return true;
    });
    const provider = auth({ refresh });
    setRequestAuth(provider);
    let releaseSlowAnswer: () => void = () => undefined;
    const slowAnswerSent = new Promise<void>((resolve) => {
      releaseSlowAnswer = resolve;
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const authorised = (init.headers as Record<string, string>).Authorization;
      if (authorised === 'Bearer access-2') return jsonResponse('ok');
      // The slow request's 401 arrives only after the fast one has refreshed and retried.
      if (url === '/api/slow') await slowAnswerSent;
      return new Response('', { status: 401 });
    });
    const slow = apiRequest('POST', '/api/slow', {});
    await apiRequest('POST', '/api/fast', {});
    releaseSlowAnswer();
    expect(await slow).toBe('ok');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('expires the session and throws when the refresh fails', async () => {
    const provider = auth({ refresh: async () => false });
    setRequestAuth(provider);
    answer = () => new Response('Unauthorized', { status: 401 });
    await expect(apiRequest('POST', '/api/trips', {})).rejects.toThrow('401: Unauthorized');
    expect(provider.expired).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('fails with the 410 account-deleted answer when the refresh learns the account was deleted', async () => {
    setRequestAuth(auth({ refresh: async () => false, accountDeleted: () => true }));
    answer = () => new Response('Unauthorized', { status: 401 });
    const failure = await apiRequest('GET', '/api/sync/trips/v3/pull', undefined, {
      bypassQueue: true,
    }).catch((error: unknown) => error);
    // The sync engine's watch reads it as any other answer of a deleted account.
    expect(isAccountDeletedError(failure)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('does not retry a second time when the retried request is still 401', async () => {
    setRequestAuth(auth());
    answer = () => new Response('nope', { status: 401 });
    await expect(apiRequest('POST', '/api/trips', {})).rejects.toThrow('401: nope');
    expect(calls).toHaveLength(2);
  });

  it('yields null for a 401 with returnNullOn401', async () => {
    answer = () => new Response('Unauthorized', { status: 401 });
    expect(
      await apiRequest('GET', '/api/auth/user', undefined, { returnNullOn401: true }),
    ).toBeNull();
  });

  it('does not refresh for a failed login', async () => {
    const provider = auth();
    setRequestAuth(provider);
    answer = () => new Response('{"message":"Invalid username or password"}', { status: 401 });
    await expect(
      apiRequest('POST', '/api/auth/login', { username: 'a', password: 'b' }),
    ).rejects.toThrow('401: {"message":"Invalid username or password"}');
    expect(calls).toHaveLength(1);
    expect(provider.expired).toBe(0);
  });
});

describe('GET queue', () => {
  it('shares identical in-flight GETs', async () => {
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    const first = apiRequest('GET', '/api/trails');
    const second = apiRequest('GET', '/api/trails');
    release(jsonResponse([{ id: 'a' }]));
    expect(await first).toEqual([{ id: 'a' }]);
    expect(await second).toEqual([{ id: 'a' }]);
    expect(calls).toHaveLength(1);
    answer = () => jsonResponse([]);
    // Once settled, the next GET is a new request (no reuse off phones).
    expect(await apiRequest('GET', '/api/trails')).toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('reuses answers for 60 s on phones only', async () => {
    let now = 1_000_000;
    configureRequestQueue({ isMobile: () => true, now: () => now });
    await apiRequest('GET', '/api/trails');
    now += 59_000;
    await apiRequest('GET', '/api/trails');
    expect(calls).toHaveLength(1);
    now += 2_000;
    await apiRequest('GET', '/api/trails');
    expect(calls).toHaveLength(2);

    configureRequestQueue({ isMobile: () => false, now: () => now });
    await apiRequest('GET', '/api/trails');
    await apiRequest('GET', '/api/trails');
    expect(calls).toHaveLength(4);
  });

  it('never reuses an answer for another token, and clearResponseCache keeps what is asked', async () => {
    configureRequestQueue({ isMobile: () => true });
    const provider = auth();
    setRequestAuth(provider);
    await apiRequest('GET', '/api/auth/user');
    await apiRequest('GET', '/api/trails');
    provider.token = 'someone-else';
    await apiRequest('GET', '/api/auth/user');
    expect(calls).toHaveLength(3);
    clearResponseCache((path) => path.includes('auth'));
    await apiRequest('GET', '/api/auth/user');
    provider.token = 'access-1';
    await apiRequest('GET', '/api/trails');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/auth/user',
      '/api/trails',
      '/api/auth/user',
      '/api/trails',
    ]);
  });

  it('does not cache failures', async () => {
    configureRequestQueue({ isMobile: () => true });
    answer = () => new Response('down', { status: 502 });
    await expect(apiRequest('GET', '/api/trails')).rejects.toThrow('502: down');
    answer = () => jsonResponse([]);
    expect(await apiRequest('GET', '/api/trails')).toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('aborts one caller without aborting a shared request others still wait for', async () => {
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    const controller = new AbortController();
    const aborted = apiRequest('GET', '/api/trails', undefined, { signal: controller.signal });
    const waiting = apiRequest('GET', '/api/trails');
    controller.abort(new Error('left the screen'));
    await expect(aborted).rejects.toThrow('left the screen');
    expect((calls[0]!.init.signal as AbortSignal).aborted).toBe(false);
    release(jsonResponse(['still here']));
    expect(await waiting).toEqual(['still here']);
  });
});

describe('retry timing', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});
