/**
 * Achievement progress from the rider's own data (catalogue: data/achievements.json,
 * schemas/achievements.ts). Pure: the database layer gathers a `RiderActivity`, this turns it
 * into one value per metric. A metric the app has nothing to measure with yet (stored pre-ride
 * checklists) is `null`, shown as
 * NOT_TRACKED_TEXT, and never earns: progress is never invented.
 */
import { getPosition } from 'suncalc';
import type { Achievement, AchievementMetric } from '../../../schemas/achievements.ts';

/** Shown for an achievement whose metric the app cannot measure yet. */
export const NOT_TRACKED_TEXT = 'Not tracked yet in this app';

/**
 * Metrics counted from the device's copies of data that lives on the server (group rides need
 * an account and a connection to fetch): for these, a null value means the device does not hold
 * the rider's copies yet, not that the app cannot measure them.
 */
export function isCountedFromServerCopies(metric: AchievementMetric): boolean {
  return metric === 'group_rides_joined';
}

/**
 * Sun altitude (degrees) at sunset and sunrise: the upper limb on the horizon with standard
 * refraction, the definition suncalc and the US Naval Observatory use.
 */
export const SUNSET_ALTITUDE_DEGREES = -0.833;

/** The parts of a trip progress reads (schemas/trips.ts); times epoch ms, distance miles. */
export interface TripFacts {
  recordingState: 'recording' | 'paused' | 'finished';
  distanceMiles: number;
  trailId: string | null;
  startedAt: number;
  endedAt: number | null;
  /** [west, south, east, north] in degrees, null for a trip without points. */
  bbox?: readonly number[] | null;
}

/** Everything the rider did that the achievements count. */
export interface RiderActivity {
  /** The rider's trips on this device, recorded or imported, any recording state. */
  trips: readonly TripFacts[];
  /** Region (schemas/common.ts `arkansasRegions`) of every trail in the catalogue, by id. */
  trailRegions: ReadonlyMap<string, string>;
  /** Skills lessons whose quiz the rider passed. */
  skillsModulesCompleted: number;
  /** Waypoints the rider owns (marked by hand or imported from their GPX files). */
  waypointsCreated: number;
  /** Offline map regions whose archive is on this device. */
  offlineRegionsDownloaded: number;
  /** Emergency contacts stored on this device. */
  emergencyContacts: number;
  /** Trails the rider submitted for review (any review outcome: "Submit a trail for review"). */
  trailsSubmitted: number;
  /**
   * Group rides the rider organised or joined and that were not cancelled, from the device's
   * copies (src/db/group-rides.ts); null when the device holds no copies of this rider's rides
   * (a guest, or another rider signed in last), so the metric shows as not tracked.
   */
  groupRidesJoined?: number | null;
  /** Days on which the rider ticked every item of the /safety pre-ride checklist. */
  preRideChecksCompleted: number;
}

/** Progress toward one achievement as the page shows it. */
export interface AchievementProgress {
  achievement: Achievement;
  /** Current value of the metric, null when the app does not track it. */
  value: number | null;
  target: number;
  earned: boolean;
}

/** Unit words of each metric's value, singular and plural ("1 trip", "12.4 miles"). */
export const metricUnits: Record<AchievementMetric, { one: string; many: string }> = {
  trips_recorded: { one: 'trip', many: 'trips' },
  miles_ridden: { one: 'mile', many: 'miles' },
  trails_visited: { one: 'trail', many: 'trails' },
  regions_visited: { one: 'region', many: 'regions' },
  night_rides: { one: 'night ride', many: 'night rides' },
  safety_checklists_completed: { one: 'checklist', many: 'checklists' },
  emergency_contacts_added: { one: 'contact', many: 'contacts' },
  offline_regions_downloaded: { one: 'map region', many: 'map regions' },
  skills_modules_completed: { one: 'lesson', many: 'lessons' },
  waypoints_created: { one: 'waypoint', many: 'waypoints' },
  trails_submitted: { one: 'trail submitted', many: 'trails submitted' },
  group_rides_joined: { one: 'group ride', many: 'group rides' },
};

function finished(trips: readonly TripFacts[]): TripFacts[] {
  return trips.filter((trip) => trip.recordingState === 'finished');
}

/**
 * True when the sun is below the horizon at `time` (epoch ms) at the centre of `bbox`
 * ([west, south, east, north] degrees).
 */
export function isAfterSunset(time: number, bbox: readonly number[]): boolean {
  const [west = 0, south = 0, east = 0, north = 0] = bbox;
  const altitude = getPosition(new Date(time), (south + north) / 2, (west + east) / 2).altitude;
  return (altitude * 180) / Math.PI < SUNSET_ALTITUDE_DEGREES;
}

/**
 * A finished trip that starts or ends after sunset where it was ridden ("Record a ride that
 * starts or ends after sunset"). A trip without points has no place, so it cannot count. A
 * trip without an end time (a GPX route or track imported without timestamps, whose
 * `startedAt` is only the moment of import) has no time of day, so it cannot count either.
 */
export function isNightRide(trip: TripFacts): boolean {
  if (trip.recordingState !== 'finished' || !trip.bbox || trip.endedAt === null) return false;
  const bbox = trip.bbox;
  return [trip.startedAt, trip.endedAt].some((time) => isAfterSunset(time, bbox));
}

function trailsRidden(activity: RiderActivity): Set<string> {
  return new Set(
    finished(activity.trips).flatMap((trip) => (trip.trailId === null ? [] : [trip.trailId])),
  );
}

/**
 * The rider's value of `metric`, or null when the app does not track it yet. Miles are the
 * sum of finished trips' distances (unrounded).
 */
export function metricValue(metric: AchievementMetric, activity: RiderActivity): number | null {
  switch (metric) {
    case 'trips_recorded':
      return finished(activity.trips).length;
    case 'miles_ridden':
      return finished(activity.trips).reduce((sum, trip) => sum + trip.distanceMiles, 0);
    case 'trails_visited':
      return trailsRidden(activity).size;
    case 'regions_visited': {
      const regions = [...trailsRidden(activity)].map((id) => activity.trailRegions.get(id));
      return new Set(regions.filter((region) => region !== undefined)).size;
    }
    case 'night_rides':
      return activity.trips.filter(isNightRide).length;
    case 'skills_modules_completed':
      return activity.skillsModulesCompleted;
    case 'waypoints_created':
      return activity.waypointsCreated;
    case 'offline_regions_downloaded':
      return activity.offlineRegionsDownloaded;
    case 'emergency_contacts_added':
      return activity.emergencyContacts;
    case 'trails_submitted':
      return activity.trailsSubmitted;
    case 'group_rides_joined':
      return activity.groupRidesJoined ?? null;
    case 'safety_checklists_completed':
      return activity.preRideChecksCompleted;
  }
}

/** Stored progress of one achievement (schemas/user-achievements.ts), as far as progress needs. */
export interface StoredProgress {
  progress: number;
  earnedAt: number | null;
}

/**
 * Progress toward `achievement`: the larger of the measured value and what is stored (progress
 * synced from another device, or counted before a trip was deleted, never goes down); earned
 * once the value reaches the threshold or when it was earned before.
 */
export function achievementProgress(
  achievement: Achievement,
  activity: RiderActivity,
  stored: StoredProgress | undefined,
): AchievementProgress {
  const measured = metricValue(achievement.metric, activity);
  const value = measured === null ? null : Math.max(measured, stored?.progress ?? 0);
  const earned = (stored?.earnedAt ?? null) !== null || (value ?? 0) >= achievement.threshold;
  return { achievement, value, target: achievement.threshold, earned };
}

/** "3 of 10 trips", "12.4 of 25 miles" (one decimal for miles, whole numbers otherwise). */
export function progressText(progress: AchievementProgress): string {
  if (progress.value === null) return NOT_TRACKED_TEXT;
  const { metric } = progress.achievement;
  const shown = Math.min(progress.value, progress.target);
  const value =
    metric === 'miles_ridden' ? (Math.floor(shown * 10) / 10).toLocaleString('en-US') : shown;
  const units = metricUnits[metric];
  const unit = progress.target === 1 ? units.one : units.many;
  return `${value} of ${progress.target.toLocaleString('en-US')} ${unit}`;
}
