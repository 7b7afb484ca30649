/**
 * Fall detection from accelerometer samples (requirements §core-3 Emergency settings:
 * automaticFallDetection). A threshold detector of the common two-phase
 * kind: a free fall (total acceleration including gravity well below 1 g, because a falling
 * phone is weightless) lasting at least `minFreeFallMs`, followed within `impactWindowMs` by an
 * impact (a spike well above 1 g). The thresholds below are our choice, not tuned on riding
 * data: a jump on a dirt bike can look the same, which is why a detection only asks
 * "Are you OK?" and never opens anything without a countdown.
 */

/** Standard gravity, m/s² (the unit of DeviceMotionEvent accelerations). */
export const STANDARD_GRAVITY = 9.80665;

/** Thresholds of the detector: accelerations in g, durations in ms. */
export interface FallThresholds {
  /** Below this total acceleration the phone counts as falling. */
  freeFallG: number;
  /** Shortest free fall that counts (about 5 cm of drop; hand shakes are shorter). */
  minFreeFallMs: number;
  /** At or above this total acceleration a sample counts as an impact. */
  impactG: number;
  /** How long after the free fall ends an impact still counts. */
  impactWindowMs: number;
}

/** The thresholds the app uses (see the module comment for why they are not tighter). */
export const FALL_THRESHOLDS: FallThresholds = {
  freeFallG: 0.5,
  minFreeFallMs: 100,
  impactG: 3,
  impactWindowMs: 1000,
};

/** One accelerometer sample: time in ms, acceleration including gravity per axis in m/s². */
export interface MotionSample {
  t: number;
  x: number;
  y: number;
  z: number;
}

/** A stateful detector fed one sample at a time. */
export interface FallDetector {
  /** Adds a sample (in time order); true when it completes a free fall followed by an impact. */
  push(sample: MotionSample): boolean;
  /** Forgets any free fall in progress. */
  reset(): void;
}

/** Creates a detector with the given thresholds (default `FALL_THRESHOLDS`). */
export function createFallDetector(thresholds: FallThresholds = FALL_THRESHOLDS): FallDetector {
  let freeFallStart: number | null = null;
  let impactDeadline: number | null = null;
  const reset = () => {
    freeFallStart = null;
    impactDeadline = null;
  };
  return {
    reset,
    push(sample) {
      const g = Math.hypot(sample.x, sample.y, sample.z) / STANDARD_GRAVITY;
      if (g < thresholds.freeFallG) {
        freeFallStart ??= sample.t;
        return false;
      }
      if (freeFallStart !== null) {
        if (sample.t - freeFallStart >= thresholds.minFreeFallMs)
          impactDeadline = sample.t + thresholds.impactWindowMs;
        freeFallStart = null;
      }
      if (impactDeadline !== null && sample.t > impactDeadline) impactDeadline = null;
      if (impactDeadline !== null && g >= thresholds.impactG) {
        reset();
        return true;
      }
      return false;
    },
  };
}
