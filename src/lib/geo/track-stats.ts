/**
 * Live statistics of a track as fixes arrive: distance, moving time,
 * maximum speed, smoothed elevation gain and loss, heading. A pure reducer, so the recording
 * machine keeps the state in its context, persists it beside the track and replays stored points
 * after a crash to the same numbers.
 *
 * Why an anchor: standing still, a phone's fixes wander by a few metres every second; summing
 * fix-to-fix distances would invent miles. Distance is only counted when the position has moved
 * beyond the fix's accuracy (at least `minimumStepMeters`) from the last counted point, and at a
 * plausible moving speed; slow creep inside the noise moves the anchor without counting.
 */
import turfBearing from '@turf/bearing';
import turfDistance from '@turf/distance';

/** Metres in a statute mile. */
export const METERS_PER_MILE = 1609.344;
/** Feet in a metre. */
export const FEET_PER_METER = 3.280839895;
/** Metres per second in one mile per hour. */
export const MPS_PER_MPH = 0.44704;

/** One position fix: lon/lat degrees WGS84, elevation and accuracy metres, time epoch ms. */
export interface Fix {
  longitude: number;
  latitude: number;
  elevation: number | null;
  time: number;
  accuracy: number | null;
  /** Device-reported ground speed m/s (Doppler), when the receiver gives one. */
  speed?: number | null;
  /** Device-reported course over ground, degrees clockwise from north. */
  heading?: number | null;
}

/** Tunables of the statistics; the defaults suit riding and hiking alike. */
export interface TrackStatsOptions {
  /** Smallest counted step, metres (also the floor of the accuracy-based step). */
  minimumStepMeters: number;
  /** Largest accuracy used as the step, metres (a vague fix must not freeze distance). */
  maximumStepMeters: number;
  /** Below this speed (m/s) a step is noise or standing still, not moving. */
  movingSpeedMps: number;
  /** Elevation samples in the moving average. */
  elevationWindow: number;
  /** Smoothed elevation must change this much (metres) before it counts as climb or descent. */
  elevationThresholdMeters: number;
  /** Speed is averaged over counted steps spanning at least this long (ms). */
  speedWindowMs: number;
}

export const defaultTrackStatsOptions: TrackStatsOptions = {
  minimumStepMeters: 10,
  maximumStepMeters: 20,
  movingSpeedMps: 0.5,
  elevationWindow: 5,
  elevationThresholdMeters: 3,
  speedWindowMs: 8000,
};

/** A counted step for the speed window: its length (m) and duration (ms). */
interface Step {
  meters: number;
  ms: number;
}

/** The reducer's state; plain JSON so it can be persisted. Units: metres, ms, degrees. */
export interface TrackStatsState {
  distanceMeters: number;
  movingTimeMs: number;
  maxSpeedMps: number;
  currentSpeedMps: number;
  elevationGainMeters: number;
  elevationLossMeters: number;
  headingDegrees: number | null;
  accuracyMeters: number | null;
  pointCount: number;
  /** Last counted position (the anchor). */
  anchor: Fix | null;
  /** Last accepted fix. */
  last: Fix | null;
  recentSteps: Step[];
  elevationSamples: number[];
  elevationReference: number | null;
  /** Time of the last counted movement, epoch ms. */
  lastMovedAt: number | null;
}

/** The state of a track with no points. */
export function emptyTrackStats(): TrackStatsState {
  return {
    distanceMeters: 0,
    movingTimeMs: 0,
    maxSpeedMps: 0,
    currentSpeedMps: 0,
    elevationGainMeters: 0,
    elevationLossMeters: 0,
    headingDegrees: null,
    accuracyMeters: null,
    pointCount: 0,
    anchor: null,
    last: null,
    recentSteps: [],
    elevationSamples: [],
    elevationReference: null,
    lastMovedAt: null,
  };
}

/** Great-circle distance in metres between two lon/lat positions (haversine via @turf/distance). */
export function distanceMeters(
  a: { longitude: number; latitude: number },
  b: { longitude: number; latitude: number },
): number {
  return turfDistance([a.longitude, a.latitude], [b.longitude, b.latitude], { units: 'meters' });
}

/** Initial bearing from a to b, degrees clockwise from true north in [0, 360). */
export function bearingDegrees(
  a: { longitude: number; latitude: number },
  b: { longitude: number; latitude: number },
): number {
  const bearing = turfBearing([a.longitude, a.latitude], [b.longitude, b.latitude]);
  return (bearing + 360) % 360;
}

/** What a fix does to the track: counts as movement, or is noise inside the anchor's radius. */
export type FixMovement = 'first' | 'moved' | 'creep' | 'still';

function stepThreshold(fix: Fix, options: TrackStatsOptions): number {
  const accuracy = fix.accuracy ?? options.minimumStepMeters;
  return Math.min(Math.max(accuracy, options.minimumStepMeters), options.maximumStepMeters);
}

/**
 * Classifies `fix` against the anchor: 'moved' when it lies beyond the step threshold at a
 * moving speed, 'creep' when beyond it but too slowly (drift while standing), 'still' inside it.
 */
export function classifyFix(
  state: TrackStatsState,
  fix: Fix,
  options: TrackStatsOptions = defaultTrackStatsOptions,
): FixMovement {
  if (!state.anchor) return 'first';
  const meters = distanceMeters(state.anchor, fix);
  if (meters < stepThreshold(fix, options)) return 'still';
  const seconds = Math.max((fix.time - state.anchor.time) / 1000, 0.001);
  const speed = fix.speed ?? meters / seconds;
  return speed >= options.movingSpeedMps ? 'moved' : 'creep';
}

function smoothElevation(
  state: TrackStatsState,
  elevation: number | null,
  options: TrackStatsOptions,
): Pick<
  TrackStatsState,
  'elevationSamples' | 'elevationReference' | 'elevationGainMeters' | 'elevationLossMeters'
> {
  let { elevationReference, elevationGainMeters, elevationLossMeters } = state;
  if (elevation === null || !Number.isFinite(elevation)) {
    return {
      elevationSamples: state.elevationSamples,
      elevationReference,
      elevationGainMeters,
      elevationLossMeters,
    };
  }
  const elevationSamples = [...state.elevationSamples, elevation].slice(-options.elevationWindow);
  const smoothed =
    elevationSamples.reduce((sum, value) => sum + value, 0) / elevationSamples.length;
  if (elevationReference === null) {
    elevationReference = smoothed;
  } else if (smoothed - elevationReference >= options.elevationThresholdMeters) {
    elevationGainMeters += smoothed - elevationReference;
    elevationReference = smoothed;
  } else if (elevationReference - smoothed >= options.elevationThresholdMeters) {
    elevationLossMeters += elevationReference - smoothed;
    elevationReference = smoothed;
  }
  return { elevationSamples, elevationReference, elevationGainMeters, elevationLossMeters };
}

/**
 * Adds an accepted fix to the statistics (see the file comment for what counts). Call
 * `breakSegment` first after a pause so the gap is not counted as riding.
 */
export function addFixToStats(
  state: TrackStatsState,
  fix: Fix,
  options: TrackStatsOptions = defaultTrackStatsOptions,
): TrackStatsState {
  const movement = classifyFix(state, fix, options);
  const elevation = smoothElevation(state, fix.elevation, options);
  const base: TrackStatsState = {
    ...state,
    ...elevation,
    accuracyMeters: fix.accuracy,
    pointCount: state.pointCount + 1,
    last: fix,
  };
  if (movement === 'first') {
    return {
      ...base,
      anchor: fix,
      headingDegrees: fix.heading ?? state.headingDegrees,
      currentSpeedMps: fix.speed ?? 0,
      lastMovedAt: fix.time,
    };
  }
  const anchor = state.anchor as Fix;
  if (movement === 'still') {
    const idleMs = fix.time - (state.lastMovedAt ?? fix.time);
    return {
      ...base,
      currentSpeedMps: idleMs > options.speedWindowMs ? 0 : state.currentSpeedMps,
    };
  }
  if (movement === 'creep') {
    return { ...base, anchor: fix, currentSpeedMps: 0 };
  }
  const meters = distanceMeters(anchor, fix);
  const ms = Math.max(fix.time - anchor.time, 1);
  const recentSteps = [...state.recentSteps, { meters, ms }];
  let windowMs = 0;
  let windowMeters = 0;
  let keep = 0;
  for (let index = recentSteps.length - 1; index >= 0; index -= 1) {
    const step = recentSteps[index] as Step;
    windowMs += step.ms;
    windowMeters += step.meters;
    keep += 1;
    if (windowMs >= options.speedWindowMs) break;
  }
  const windowSpeed = windowMeters / (windowMs / 1000);
  const currentSpeedMps = fix.speed ?? windowSpeed;
  // Until the window is full one noisy step would set the maximum, so wait for it.
  const speedForMax = windowMs >= options.speedWindowMs ? currentSpeedMps : 0;
  return {
    ...base,
    anchor: fix,
    distanceMeters: state.distanceMeters + meters,
    movingTimeMs: state.movingTimeMs + ms,
    currentSpeedMps,
    maxSpeedMps: Math.max(state.maxSpeedMps, speedForMax),
    headingDegrees: fix.heading ?? bearingDegrees(anchor, fix),
    recentSteps: recentSteps.slice(-keep),
    lastMovedAt: fix.time,
  };
}

/** Starts a new segment: the next fix is counted from itself, not from before the pause. */
export function breakSegment(state: TrackStatsState): TrackStatsState {
  return {
    ...state,
    anchor: null,
    last: null,
    recentSteps: [],
    currentSpeedMps: 0,
    lastMovedAt: null,
  };
}

/** Options of `isPlausibleFix`. */
export interface FixFilterOptions {
  /** Fixes whose accuracy radius (m) is worse than this are dropped. */
  maximumAccuracyMeters: number;
  /** A fix implying a speed above this (m/s) from the last accepted one is a spike. */
  maximumSpeedMps: number;
}

/** 50 m accuracy; 60 m/s (134 mph) is beyond any trail vehicle. */
export const defaultFixFilter: FixFilterOptions = {
  maximumAccuracyMeters: 50,
  maximumSpeedMps: 60,
};

/** Why a fix was dropped, or null when it is usable. */
export type FixRejection = 'inaccurate' | 'spike' | 'stale' | null;

/**
 * Checks a fix before it reaches the track: accuracy worse than the threshold, an impossible
 * speed from the last accepted fix, or a time not after it (a replayed or cached fix).
 */
export function rejectFix(
  last: Fix | null,
  fix: Fix,
  options: FixFilterOptions = defaultFixFilter,
): FixRejection {
  if (fix.accuracy !== null && fix.accuracy > options.maximumAccuracyMeters) return 'inaccurate';
  if (!last) return null;
  if (fix.time <= last.time) return 'stale';
  const seconds = (fix.time - last.time) / 1000;
  if (distanceMeters(last, fix) / seconds > options.maximumSpeedMps) return 'spike';
  return null;
}

/** Statistics in the units the rider sees and the trip schema stores (miles, mph, feet, ms). */
export interface TripStatistics {
  distanceMiles: number;
  movingTimeMs: number;
  averageSpeedMph: number;
  maxSpeedMph: number;
  currentSpeedMph: number;
  elevationGainFeet: number;
  elevationLossFeet: number;
  headingDegrees: number | null;
  accuracyMeters: number | null;
  pointCount: number;
}

/** Converts the reducer state to rider units; average speed is over moving time. */
export function toTripStatistics(state: TrackStatsState): TripStatistics {
  const movingHours = state.movingTimeMs / 3_600_000;
  const distanceMiles = state.distanceMeters / METERS_PER_MILE;
  const averageSpeedMph = movingHours > 0 ? distanceMiles / movingHours : 0;
  return {
    distanceMiles,
    movingTimeMs: state.movingTimeMs,
    averageSpeedMph,
    // The reducer only takes a maximum from a full speed window, so a track with less moving
    // time than one window (a short GPX, a brief ride) has none; the fastest stretch of a ride
    // is never slower than its average, so the average is the floor.
    maxSpeedMph: Math.max(state.maxSpeedMps / MPS_PER_MPH, averageSpeedMph),
    currentSpeedMph: state.currentSpeedMps / MPS_PER_MPH,
    elevationGainFeet: state.elevationGainMeters * FEET_PER_METER,
    elevationLossFeet: state.elevationLossMeters * FEET_PER_METER,
    headingDegrees: state.headingDegrees,
    accuracyMeters: state.accuracyMeters,
    pointCount: state.pointCount,
  };
}

/** Compass point (N, NE, …) of a bearing in degrees. */
export function compassDirection(degrees: number): string {
  const points = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  return points[Math.round((((degrees % 360) + 360) % 360) / 45) % 8] as string;
}

/** Bounding box [west, south, east, north] of lon/lat positions, null when empty. */
export function boundingBox(
  positions: Iterable<readonly [number, number, ...unknown[]]>,
): [number, number, number, number] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const position of positions) {
    west = Math.min(west, position[0]);
    east = Math.max(east, position[0]);
    south = Math.min(south, position[1]);
    north = Math.max(north, position[1]);
  }
  return Number.isFinite(west) ? [west, south, east, north] : null;
}
