/**
 * Pure rules of group rides on the device: a ride's phase, the order of the rider's
 * list, what changed between two copies of a ride (for the "group ride changed" notification),
 * the age of a shared position, when to send the next position report, and the words for
 * vehicle types. Times are epoch ms.
 */
import {
  groupRidePastAfterMs,
  staleGroupPositionMs,
  type GroupRide,
} from '../../../schemas/group-rides.ts';

/** Where a ride stands: planned and ahead, under way (started less than 12 h ago), past, cancelled. */
export type GroupRidePhase = 'upcoming' | 'under-way' | 'past' | 'cancelled';

/** The phase of `ride` at `now`. */
export function groupRidePhase(ride: Pick<GroupRide, 'status' | 'startsAt'>, now: number) {
  if (ride.status === 'cancelled') return 'cancelled';
  if (ride.startsAt > now) return 'upcoming';
  return ride.startsAt + groupRidePastAfterMs >= now ? 'under-way' : 'past';
}

/** Words for each phase, as the list and the ride page show them. */
export const groupRidePhaseLabels: Record<GroupRidePhase, string> = {
  upcoming: 'Upcoming',
  'under-way': 'Under way',
  past: 'Past ride',
  cancelled: 'Cancelled',
};

/**
 * The rider's list order: upcoming and under-way rides first, soonest first; then past and
 * cancelled ones, most recent first.
 */
export function sortGroupRides(rides: readonly GroupRide[], now: number): GroupRide[] {
  const active = (ride: GroupRide) => {
    const phase = groupRidePhase(ride, now);
    return phase === 'upcoming' || phase === 'under-way';
  };
  return [...rides].sort((a, b) => {
    if (active(a) !== active(b)) return active(a) ? -1 : 1;
    return active(a) ? a.startsAt - b.startsAt : b.startsAt - a.startsAt;
  });
}

/** Words for the registration form's vehicle type ids (schemas/records.ts garageVehicleTypes). */
export const vehicleTypeLabels: Record<GroupRide['vehicleTypes'][number], string> = {
  atv: 'ATV',
  utv: 'UTV / side-by-side',
  '4x4': '4x4',
  'dirt-bike': 'Dirt bike',
  other: 'Other',
};

/** A notification's text for a ride that changed. */
export interface GroupRideNotice {
  title: string;
  body: string;
}

function rosterChanges(previous: GroupRide, next: GroupRide, me: string): string[] {
  const before = new Set(previous.members.map((member) => member.username));
  const after = new Set(next.members.map((member) => member.username));
  const joined = [...after].filter((name) => !before.has(name) && name !== me);
  const left = [...before].filter((name) => !after.has(name) && name !== me);
  return [
    ...(joined.length > 0 ? [`${joined.join(', ')} joined`] : []),
    ...(left.length > 0 ? [`${left.join(', ')} left`] : []),
  ];
}

/** Time and meeting-place changes in words (only the organiser makes them). */
function planChanges(
  previous: GroupRide,
  next: GroupRide,
  formatTime: (ms: number) => string,
): string[] {
  const changes: string[] = [];
  if (previous.startsAt !== next.startsAt) {
    changes.push(`now starts ${formatTime(next.startsAt)} (was ${formatTime(previous.startsAt)})`);
  }
  if (
    previous.meeting.name !== next.meeting.name ||
    previous.meeting.longitude !== next.meeting.longitude ||
    previous.meeting.latitude !== next.meeting.latitude
  ) {
    changes.push(`now meets at ${next.meeting.name}`);
  }
  return changes;
}

/**
 * What changed between the stored copy and a fresh one of the same ride, as the rider `me` is
 * told it: cancelled, new time, new meeting place, riders who joined or left. Never `me`'s own
 * doing: their joining or leaving, nor, when `me` organises the ride, its edits and
 * cancellation. Null when nothing they would want to hear about changed.
 */
export function groupRideNotice(
  previous: GroupRide,
  next: GroupRide,
  me: string,
  formatTime: (ms: number) => string,
): GroupRideNotice | null {
  const name = `${next.trailName} on ${formatTime(next.startsAt)}`;
  const organisedByMe = next.organiser === me;
  if (previous.status !== 'cancelled' && next.status === 'cancelled') {
    if (organisedByMe) return null;
    return { title: 'Group ride cancelled', body: `${next.organiser} cancelled ${name}.` };
  }
  const changes = [
    ...(organisedByMe ? [] : planChanges(previous, next, formatTime)),
    ...rosterChanges(previous, next, me),
  ];
  if (changes.length === 0) return null;
  return { title: 'Group ride changed', body: `${name}: ${changes.join('; ')}.` };
}

/**
 * The age of a shared position in words when it is older than 15 minutes ("position 23 min
 * old", "position 2 h old"); null while it is fresh.
 */
export function positionAgeText(recordedAt: number, now: number): string | null {
  const age = now - recordedAt;
  if (age < staleGroupPositionMs) return null;
  const minutes = Math.floor(age / 60_000);
  if (minutes < 60) return `position ${minutes} min old`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `position ${hours} h old` : `position ${Math.floor(hours / 24)} days old`;
}

/** Shortest time between two position reports, ms: live enough for riders, light on battery. */
export const positionReportIntervalMs = 10_000;

/** Wait after a first failed position report, ms; doubled after each further failure. */
export const positionRetryFirstDelayMs = 2_000;

/**
 * How long to wait before the next position report after `failures` failed ones in a row, ms:
 * 2 s, 4 s, 8 s, then the normal interval. A dropped report is soon replaced, yet a connection
 * that keeps failing is tried no more often than a working one (the server takes at most 30
 * reports a minute).
 */
export function nextPositionReportDelayMs(failures: number): number {
  if (failures <= 0) return positionReportIntervalMs;
  return Math.min(positionRetryFirstDelayMs * 2 ** (failures - 1), positionReportIntervalMs);
}
