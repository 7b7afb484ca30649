/**
 * Display formats fixed by requirements §core-9 "Business constants": dates as month/day/year with
 * 24-hour hours and minutes ('Invalid date' on bad input), and large numbers abbreviated with K
 * at thousands and M at millions, one decimal.
 */
// lightFormat: numeric tokens only, so no locale data rides along into the first screen.
import { isValid, lightFormat } from 'date-fns';

/**
 * Formats a moment as `MM/dd/yyyy HH:mm` in the device's time zone, e.g. `11/20/2026 23:34`.
 * Accepts a Date, epoch milliseconds or an ISO 8601 string; anything unparseable gives
 * 'Invalid date' rather than throwing.
 */
export function formatDateTime(value: Date | number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Invalid date';
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? lightFormat(date, 'MM/dd/yyyy HH:mm') : 'Invalid date';
}

/**
 * Abbreviates a count: below 1,000 as is, then `1.2K`, then `3.4M` (one decimal, trailing
 * `.0` dropped so 2,000 reads `2K`). Negative numbers keep their sign.
 */
export function abbreviateNumber(value: number): string {
  const magnitude = Math.abs(value);
  const scaled = (divisor: number, suffix: string) =>
    `${Number((value / divisor).toFixed(1)).toString()}${suffix}`;
  if (magnitude >= 1_000_000) return scaled(1_000_000, 'M');
  if (magnitude >= 1_000) return scaled(1_000, 'K');
  return String(value);
}
