/**
 * One trail straight from the server (GET /api/trails/:id) while a first visit's trail list is
 * still being stored on the device: a rider who opened a shared trail link sees the trail as
 * soon as its few kilobytes arrive instead of after the whole list (about 190 KB on the wire,
 * then stored in slices). The device's copy takes over once it is stored.
 */
import { useEffect, useState } from 'react';
import type { Trail } from '../../schemas/trails.ts';
import { apiRequest, HttpError } from '../lib/http/request.ts';

/** What the server said of a trail: not asked (or no answer), the trail, or no such trail. */
export type ServerTrail =
  { state: 'unknown' } | { state: 'found'; trail: Trail } | { state: 'missing' };

/** True for an answer with the fields every trail page reads (the server's copy is trusted). */
function isTrail(value: unknown, id: string): value is Trail {
  const trail = value as Partial<Trail> | null;
  return (
    typeof trail === 'object' &&
    trail !== null &&
    trail.id === id &&
    typeof trail.name === 'string' &&
    Array.isArray(trail.activities)
  );
}

/**
 * Asks the server for trail `trailId` while `wanted` (and only once per id). A network failure or
 * a server error leaves it `unknown`: the page keeps waiting for the device's list.
 */
export function useServerTrail(trailId: string, wanted: boolean): ServerTrail {
  const [answer, setAnswer] = useState<{ id: string; trail: ServerTrail } | null>(null);
  const asked = answer?.id === trailId;
  useEffect(() => {
    if (!wanted || asked) return undefined;
    const controller = new AbortController();
    apiRequest<unknown>('GET', `/api/trails/${encodeURIComponent(trailId)}`, undefined, {
      signal: controller.signal,
    }).then(
      (body) =>
        setAnswer({
          id: trailId,
          trail: isTrail(body, trailId) ? { state: 'found', trail: body } : { state: 'unknown' },
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof HttpError && error.status === 404;
        setAnswer({ id: trailId, trail: missing ? { state: 'missing' } : { state: 'unknown' } });
      },
    );
    return () => controller.abort();
  }, [trailId, wanted, asked]);
  return asked ? answer.trail : { state: 'unknown' };
}
