/**
 * What a page shows for a USGS gauge's level: the live reading from the server
 * (GET /api/gauges/latest, schemas/gauge-levels.ts), or, offline or when USGS cannot be reached,
 * the last reading kept on the device, always with the time USGS observed it and its age, so a
 * stale value is never shown as current. Pure functions; the device copy lives in
 * src/db/gauge-readings.ts and the request in gauge-queries.ts.
 */
import type { GaugeLatest, GaugeReading } from '../../../schemas/gauge-levels.ts';
import { ARKANSAS_TIME_ZONE, formatArkansasTime } from './shooting-hours.ts';

/** The last reading of each gauge kept on the device, by USGS site number. */
export type StoredGaugeReadings = Readonly<Record<string, GaugeLatest>>;

/** Why a page shows a kept reading (or none) rather than a live one. */
export type NotLiveReason = 'offline' | 'unreachable' | 'updating' | 'no-current-data';

/** What to show for one gauge. */
export type GaugeLevelShown =
  | { kind: 'live'; latest: GaugeLatest }
  | { kind: 'last-known'; latest: GaugeLatest; reason: NotLiveReason }
  | { kind: 'none'; reason: NotLiveReason };

/** Where the page's request for live readings stands. */
export type LiveRequestStatus = 'pending' | 'success' | 'error';

/** When USGS observed the newest of the readings, ms since the epoch; null without readings. */
export function observedAt(latest: GaugeLatest): number | null {
  const times = latest.readings
    .map((reading) => Date.parse(reading.time))
    .filter((time) => Number.isFinite(time));
  return times.length === 0 ? null : Math.max(...times);
}

/**
 * The device's kept readings with `fresh` answers laid over them: an answer replaces the kept
 * one of its site unless it has no reading (USGS reporting nothing now does not erase what was
 * last known) or was observed before the kept one.
 */
export function mergeGaugeReadings(
  stored: StoredGaugeReadings | null,
  fresh: readonly GaugeLatest[],
): StoredGaugeReadings {
  const merged: Record<string, GaugeLatest> = { ...stored };
  for (const latest of fresh) {
    const time = observedAt(latest);
    if (time === null) continue;
    const kept = merged[latest.siteNumber];
    const keptTime = kept ? observedAt(kept) : null;
    if (keptTime === null || time >= keptTime) merged[latest.siteNumber] = latest;
  }
  return merged;
}

/**
 * What to show for one gauge. `live` is the site's answer in the page's latest successful
 * request (undefined when the request failed or USGS could not be reached for that site),
 * `stored` the device's kept reading, `online` what the browser reports, `status` where the
 * request stands. Offline, every value is a kept one, however recently it arrived.
 */
export function gaugeLevelShown({
  live,
  stored,
  online,
  status,
}: {
  live: GaugeLatest | undefined;
  stored: GaugeLatest | undefined;
  online: boolean;
  status: LiveRequestStatus;
}): GaugeLevelShown {
  const site = live?.siteNumber ?? stored?.siteNumber ?? '';
  const kept = mergeGaugeReadings(stored ? { [site]: stored } : null, live ? [live] : [])[site];
  const notLive = (reason: NotLiveReason): GaugeLevelShown =>
    kept ? { kind: 'last-known', latest: kept, reason } : { kind: 'none', reason };
  if (!online) return notLive('offline');
  if (status === 'pending') return notLive('updating');
  if (status === 'error' || !live) return notLive('unreachable');
  if (observedAt(live) === null) return notLive('no-current-data');
  return { kind: 'live', latest: live };
}

const unitWords: Record<string, string> = { 'ft3/s': 'ft³/s', ft: 'ft' };

/**
 * "Gage height: 2.41 ft", "Discharge: 1,870 ft³/s", or "Discharge: no data" where USGS marks
 * the value missing (ice, equipment); the advisor's gauge lines read the same.
 */
export function formatGaugeReading(reading: GaugeReading): string {
  if (reading.value === null) return `${reading.label}: no data`;
  const unit = unitWords[reading.unit] ?? reading.unit;
  return `${reading.label}: ${reading.value.toLocaleString('en-US')} ${unit}`;
}

/** "just now", "20 min ago", "3 h ago", "2 days ago" for an age in ms (negative: just now). */
export function formatAge(ageMs: number): string {
  const minutes = Math.floor(ageMs / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

const arkansasDay = new Intl.DateTimeFormat('en-US', {
  timeZone: ARKANSAS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
});

/**
 * "12:15 PM CST, 20 min ago": when USGS observed a reading, on the Arkansas clock, and how long
 * before `now` (ms). Past a day the date comes first: "Nov 25, 12:15 PM CST, 2 days ago".
 */
export function formatObservedAt(time: number, now: number): string {
  const instant = new Date(time);
  const clock = formatArkansasTime(instant);
  const age = formatAge(now - time);
  return now - time >= 24 * 3_600_000
    ? `${arkansasDay.format(instant)}, ${clock}, ${age}`
    : `${clock}, ${age}`;
}

const reasonWords: Record<NotLiveReason, string> = {
  offline: 'offline',
  unreachable: 'USGS could not be reached',
  updating: 'asking USGS for a newer one',
  'no-current-data': 'USGS reports no current value',
};

/** "Last known, 3 h ago — offline": a kept reading's label with its age at `now` (ms). */
export function lastKnownLabel(latest: GaugeLatest, reason: NotLiveReason, now: number): string {
  const time = observedAt(latest);
  const age = time === null ? 'time unknown' : formatAge(now - time);
  return `Last known, ${age} — ${reasonWords[reason]}`;
}

/** The line for a gauge with no reading kept on the device yet. */
export function noReadingText(reason: NotLiveReason): string {
  switch (reason) {
    case 'offline':
      return 'No reading on this device yet — offline.';
    case 'updating':
      return 'Asking USGS for the latest reading…';
    case 'no-current-data':
      return 'USGS reports no current gage height or discharge here.';
    case 'unreachable':
      return 'No reading on this device yet — USGS could not be reached.';
  }
}
