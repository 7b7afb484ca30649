/**
 * First-party page-view counting (requirements §voice-7.2 "page_view on each route
 * change"): loaded lazily after the first screen, it queues the route pattern of every page the
 * rider opens (never the address with its ids or query, no user, no time of day) and sends the
 * queue to this installation's server whenever the browser is online: at once, when the
 * connection comes back and every 30 s. With Do Not Track or Global Privacy Control on it
 * records and sends nothing. Nothing goes to a third party.
 */
import { useEffect, useMemo } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useDatabase } from '../db-react/provider.tsx';
import { recordUsage, sendUsageQueue } from '../db/usage-queue.ts';
import { sendUsageBatch } from '../lib/analytics/analytics-api.ts';
import {
  pageViewEntry,
  routePatternForCount,
  usageCountingAllowed,
} from '../lib/analytics/usage-queue.ts';

/** How often the queue is offered to the server while online, ms. */
export const usageSendIntervalMs = 30_000;

/** Records the current page, then every route change, and sends the queue while online. */
export function UsageReporter() {
  const db = useDatabase();
  const allowed = useMemo(() => usageCountingAllowed(navigator), []);
  // The route pattern and the matched path change together: one page view per route change.
  const routeId = useRouterState({
    select: (state) => state.matches.at(-1)?.routeId as string | undefined,
  });
  const path = useRouterState({ select: (state) => state.matches.at(-1)?.pathname ?? '' });

  useEffect(() => {
    if (!allowed) return;
    const pattern = routePatternForCount(routeId);
    if (!pattern) return;
    recordUsage(db, pageViewEntry(pattern, Date.now())).catch(() => {
      // The database closed while the page changed; that view goes uncounted.
    });
  }, [allowed, db, routeId, path]);

  useEffect(() => {
    if (!allowed) return;
    let sending = false;
    const send = () => {
      if (sending || !navigator.onLine) return;
      sending = true;
      sendUsageQueue(db, sendUsageBatch)
        .catch(() => {
          // Offline or the server is unwell: the batch stays pending and goes next time.
        })
        .finally(() => {
          sending = false;
        });
    };
    // Give the page view of the first screen a moment to be queued before the first send.
    const first = setTimeout(send, 1000);
    const timer = setInterval(send, usageSendIntervalMs);
    window.addEventListener('online', send);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [allowed, db]);

  return null;
}
