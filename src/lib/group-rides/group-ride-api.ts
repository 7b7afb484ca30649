/**
 * The group-ride routes of the server (sync-server/routes/group-ride-routes.ts). Every
 * call needs a connection; each throws HttpError for a refused request and the fetch TypeError
 * when offline (`groupRideProblemText` turns either into words for the rider). The ride's event
 * stream is group-ride-stream.ts, so pages that only read the rider's rides do not load its
 * parser.
 */
import type {
  GroupRide,
  GroupRidePlan,
  GroupRidePositionReport,
} from '../../../schemas/group-rides.ts';
import { HttpError, apiRequest } from '../http/request.ts';

const base = '/api/group-rides';
/** The path of ride `id` under the group-ride routes. */
export const ridePath = (id: string) => `${base}/${encodeURIComponent(id)}`;

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
