/**
 * How the sync engine reaches the server. The app's transport goes through the request helper
 * (bearer header, refresh on 401, same origin); tests and benchmarks supply one that talks to
 * a server on another port, or through a proxy that drops connections.
 */
import { apiRequest, openAuthorizedStream } from '../lib/http/request.ts';

export interface SyncTransport {
  /**
   * Sends a JSON request and resolves to the parsed answer. Throws on a non-OK answer (with
   * `status` for HTTP errors), on network failure, and when `signal` aborts.
   */
  request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<T>;
  /** Opens a Server-Sent Events GET and resolves to the open response; throws like `request`. */
  openStream(path: string, signal: AbortSignal): Promise<Response>;
}

/** Longest wait for one sync request, ms: a stalled connection must not hold sync forever. */
export const syncRequestTimeoutMs = 60_000;

/** The app's transport: same-origin requests through src/lib/http/request.ts. */
export const browserSyncTransport: SyncTransport = {
  request: (method, path, body, signal) => {
    const timeout = AbortSignal.timeout(syncRequestTimeoutMs);
    return apiRequest(method, path, body, {
      bypassQueue: true,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  },
  openStream: (path, signal) => openAuthorizedStream(path, signal),
};
