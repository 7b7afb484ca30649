/**
 * Loads what an admin page reads from the server (/fleet, /analytics-dashboard).
 * These figures exist only on the server, so offline the page says it needs a connection and
 * shows nothing rather than an old or made-up copy; it loads again when the connection returns.
 */
import { useEffect, useState } from 'react';
import { useOnlineStatus } from '../ui/use-online-status.ts';

/** Where the page's data is: waiting for a connection, loading, failed (with why) or here. */
export type AdminData<T> =
  | { state: 'offline' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; data: T };

/**
 * Calls `load` while online, again whenever `key` changes or the connection comes back. A
 * failure keeps the server's message (`401: …`, `403: …`) or says the server could not be
 * reached.
 */
export function useAdminData<T>(load: () => Promise<T>, key: string): AdminData<T> {
  const online = useOnlineStatus();
  const [result, setResult] = useState<{ key: string; data: AdminData<T> } | null>(null);
  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    load()
      .then((data) => {
        if (!cancelled) setResult({ key, data: { state: 'ready', data } });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message =
          error instanceof TypeError
            ? 'The server could not be reached. Check the connection and try again.'
            : error instanceof Error
              ? error.message
              : String(error);
        setResult({ key, data: { state: 'failed', message } });
      });
    return () => {
      cancelled = true;
    };
    // `load` is a new function on every render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, key]);
  if (!online) return { state: 'offline' };
  return result?.key === key ? result.data : { state: 'loading' };
}
