// A sync transport for Node tests and benchmarks: fetch to a server on another port (or through
// the fault proxy) with a fixed bearer token, failing the way the app's transport does.
import { EncodedJson } from '../../../src/lib/http/encoded-json.ts';
import { HttpError } from '../../../src/lib/http/request.ts';
import type { SyncTransport } from '../../../src/sync/sync-transport.ts';

/**
 * A transport to `baseUrl` sending `token` (none for a guest, null); errors look like the app's
 * (HttpError, TypeError).
 */
export function createTestTransport(baseUrl: string, token: string | null): SyncTransport {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return {
    async request<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined
          ? {}
          : { body: body instanceof EncodedJson ? body.bytes : JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw new HttpError(response.status, `${response.status}: ${text}`);
      return JSON.parse(text) as T;
    },
    async openStream(path: string, signal: AbortSignal) {
      const response = await fetch(`${baseUrl}${path}`, { headers, signal });
      if (!response.ok)
        throw new HttpError(response.status, `${response.status}: ${await response.text()}`);
      return response;
    },
  };
}
