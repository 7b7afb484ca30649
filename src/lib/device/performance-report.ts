/**
 * Words and units for the /mobile-performance-test figures (src/lib/device/performance.ts), on
 * the page and in the plain-text report a tester copies or shares.
 */
import type {
  FrameRateResult,
  GpsResult,
  IndexedDbResult,
  MemoryResult,
  StorageResult,
  Unavailable,
} from './performance.ts';

/** Every measurement of one run; a missing one has not finished (or not been started). */
export interface PerformanceResults {
  frameRate?: FrameRateResult | Unavailable;
  memory?: MemoryResult | Unavailable;
  storage?: StorageResult | Unavailable;
  indexedDb?: IndexedDbResult | Unavailable;
  gps?: GpsResult | Unavailable;
}

/** Bytes in binary megabytes with one decimal ("12.3 MB"); GB from 1024 MB. */
export function formatBytes(bytes: number): string {
  const megabytes = bytes / 1024 / 1024;
  if (megabytes >= 1024) return `${(megabytes / 1024).toFixed(1)} GB`;
  return `${megabytes.toFixed(1)} MB`;
}

function frameRateText(result: FrameRateResult): string {
  return `${result.framesPerSecond.toFixed(1)} frames per second (${result.frames} frames in ${(result.elapsedMs / 1000).toFixed(1)} s)`;
}

function memoryText(result: MemoryResult): string {
  return `${formatBytes(result.usedBytes)} in use of a ${formatBytes(result.limitBytes)} limit`;
}

function storageText(result: StorageResult): string {
  const percent = result.quotaBytes > 0 ? (result.usageBytes / result.quotaBytes) * 100 : 0;
  return `${formatBytes(result.usageBytes)} used of ${formatBytes(result.quotaBytes)} allowed (${percent.toFixed(1)}%)`;
}

function indexedDbText(result: IndexedDbResult): string {
  return `${Math.round(result.writesPerSecond)} writes per second (${result.records} records in ${Math.round(result.elapsedMs)} ms)`;
}

function gpsText(result: GpsResult): string {
  const accuracy =
    result.bestAccuracyMetres === null
      ? 'no accuracy reported'
      : `best accuracy ${Math.round(result.bestAccuracyMetres)} m`;
  return `${result.fixesPerSecond.toFixed(2)} fixes per second (${result.fixes} fixes in ${(result.elapsedMs / 1000).toFixed(1)} s, ${accuracy})`;
}

/** Labels of the five measurements, in the page's order. */
export const measurementLabels = {
  frameRate: 'Frame rate',
  memory: 'JavaScript memory',
  storage: 'Storage quota',
  indexedDb: 'IndexedDB write speed',
  gps: 'GPS fix rate',
} as const satisfies Record<keyof PerformanceResults, string>;

/** One measurement in words with units; "Not measured yet" while it is missing. */
export function describeMeasurement(result: PerformanceResults[keyof PerformanceResults]): string {
  if (!result) return 'Not measured yet';
  switch (result.kind) {
    case 'unavailable':
      return result.reason;
    case 'frame-rate':
      return frameRateText(result);
    case 'memory':
      return memoryText(result);
    case 'storage':
      return storageText(result);
    case 'indexeddb':
      return indexedDbText(result);
    case 'gps':
      return gpsText(result);
  }
}

/**
 * The plain-text report: a header with the time (ISO 8601) and the browser's user agent, then
 * one line per measurement.
 */
export function formatPerformanceReport(
  results: PerformanceResults,
  context: { measuredAt: Date; userAgent: string },
): string {
  const lines = (Object.keys(measurementLabels) as (keyof PerformanceResults)[]).map(
    (key) => `${measurementLabels[key]}: ${describeMeasurement(results[key])}`,
  );
  return [
    'Natural State Trails mobile performance test',
    `Measured: ${context.measuredAt.toISOString()}`,
    `Browser: ${context.userAgent}`,
    ...lines,
  ].join('\n');
}
