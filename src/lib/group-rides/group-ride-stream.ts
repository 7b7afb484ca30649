/**
 * The event stream of one group ride (GET /api/group-rides/{id}/stream, Server-Sent Events),
 * online only like every group-ride route (group-ride-api.ts). A stream, not a one-shot call:
 * its caller reconnects with the shared backoff when it drops.
 */
import { createParser } from 'eventsource-parser';
import type { GroupRide, GroupRidePosition } from '../../../schemas/group-rides.ts';
import { openAuthorizedStream } from '../http/request.ts';
import { ridePath } from './group-ride-api.ts';

/** The ride's live state as its stream sends it. */
export type GroupRideEvent =
  { type: 'ride'; ride: GroupRide } | { type: 'positions'; positions: GroupRidePosition[] };

/**
 * Follows the ride's Server-Sent Events stream (`ride` for everyone, `positions` for members)
 * until `signal` aborts. Resolves when the stream ends; rejects when it cannot open or drops
 * (the caller reconnects).
 */
export async function followGroupRide(
  id: string,
  onEvent: (event: GroupRideEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await openAuthorizedStream(`${ridePath(id)}/stream`, signal);
  const parser = createParser({
    onEvent(event) {
      const data = JSON.parse(event.data) as Record<string, unknown>;
      if (event.event === 'ride') onEvent({ type: 'ride', ride: data.ride as GroupRide });
      if (event.event === 'positions') {
        onEvent({ type: 'positions', positions: data.positions as GroupRidePosition[] });
      }
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}
