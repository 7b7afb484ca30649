/**
 * The group-ride routes of the server (sync-server/routes/group-ride-routes.ts). Every
 * call needs a connection; each throws HttpError for a refused request and the fetch TypeError
 * when offline (`groupRideProblemText` turns either into words for the rider).
 */
import { createParser } from 'eventsource-parser';
import type {
  GroupRide,
  GroupRidePlan,
  GroupRidePosition,
  GroupRidePositionReport,
} from '../../../schemas/group-rides.ts';
import { HttpError, apiRequest, openAuthorizedStream } from '../http/request.ts';

const base = '/api/group-rides';
const ridePath = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** What to tell the rider about a failed call: the server's message, or that signal is needed. */
export function groupRideProblemText(error: unknown): string {
  if (error instanceof TypeError) return 'No connection: this needs signal. Nothing was lost.';
  if (error instanceof HttpError) {
    const body = error.message.replace(/^\d+: /, '');
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // Not JSON: the text itself explains it.
    }
    return body;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Creates a ride organised by the signed-in rider; resolves to it. */
export async function createGroupRide(plan: GroupRidePlan): Promise<GroupRide> {
  return (await apiRequest<{ ride: GroupRide }>('POST', base, plan)).ride;
}

/** The rides the signed-in rider organises or joined, soonest first. */
export async function fetchMyGroupRides(): Promise<GroupRide[]> {
  const answer = await apiRequest<{ rides: GroupRide[] }>('GET', `${base}/mine`, undefined, {
    bypassQueue: true,
  });
  return answer.rides;
}

/** One ride as the signed-in rider sees it. */
export async function fetchGroupRide(id: string): Promise<GroupRide> {
  const answer = await apiRequest<{ ride: GroupRide }>('GET', ridePath(id), undefined, {
    bypassQueue: true,
  });
  return answer.ride;
}

/** Replaces the plan (organiser only). */
export async function editGroupRide(id: string, plan: GroupRidePlan): Promise<GroupRide> {
  return (await apiRequest<{ ride: GroupRide }>('PUT', ridePath(id), plan)).ride;
}

/** Join, leave or cancel (cancel: organiser only); resolves to the ride afterwards. */
export async function changeGroupRide(
  id: string,
  action: 'join' | 'leave' | 'cancel',
): Promise<GroupRide> {
  return (await apiRequest<{ ride: GroupRide }>('POST', `${ridePath(id)}/${action}`)).ride;
}

/** Opts in to (or out of) sharing the rider's position with the ride's members. */
export async function setGroupRideSharing(id: string, share: boolean): Promise<GroupRide> {
  return (await apiRequest<{ ride: GroupRide }>('PUT', `${ridePath(id)}/sharing`, { share })).ride;
}

/** Sends the rider's position ([lon, lat] degrees, accuracy m, time epoch ms) while opted in. */
export async function sendGroupRidePosition(
  id: string,
  position: GroupRidePositionReport,
): Promise<void> {
  await apiRequest<null>('PUT', `${ridePath(id)}/position`, position);
}

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
