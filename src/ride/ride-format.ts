/**
 * How the ride pages show numbers: miles and mph to one decimal, feet whole, durations as
 * h:mm:ss, headings as degrees plus compass point.
 */
import { compassDirection } from '../lib/geo/track-stats.ts';

/** `1:02:03` for 3,723,000 ms; `12:05` under an hour. Negative or invalid gives `0:00`. */
export function formatDuration(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

/** Miles to two decimals under 10, one above ("0.25 mi", "12.4 mi"). */
export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(2) : miles.toFixed(1)} mi`;
}

/** Speed in mph, one decimal. */
export function formatMph(mph: number): string {
  return `${mph.toFixed(1)} mph`;
}

/** Whole feet with thousands separators. */
export function formatFeet(feet: number): string {
  return `${Math.round(feet).toLocaleString('en-US')} ft`;
}

/** "245° SW", or "—" when unknown. */
export function formatHeading(degrees: number | null): string {
  if (degrees === null) return '—';
  return `${Math.round(degrees) % 360}° ${compassDirection(degrees)}`;
}

/** "±5 m", or "—" when unknown. */
export function formatAccuracy(metres: number | null): string {
  return metres === null ? '—' : `±${Math.round(metres)} m`;
}

/** A distance for spoken and shown cues: feet under 0.1 mile, else miles ("500 feet", "1.3 miles"). */
export function formatCueDistance(metres: number): string {
  const miles = metres / 1609.344;
  if (miles < 0.1) return `${Math.max(10, Math.round((metres * 3.28084) / 10) * 10)} feet`;
  const rounded = miles < 10 ? Number(miles.toFixed(1)) : Math.round(miles);
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'}`;
}
