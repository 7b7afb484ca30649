/**
 * The line that tells a rider where the trail list on screen comes from (docs/architecture.md#sync:
 * the status is visible and never blocks the UI). Pure, so the wording is tested; the pages feed it
 * the browser's online flag and `useCatalogueStatus()` from src/db-react/hooks.ts.
 */
import { formatDateTime } from '../lib/format.ts';

/** The catalogue status as `useCatalogueStatus()` reports it. `lastSyncedAt` is epoch ms. */
export interface CatalogueStatusInput {
  lastSyncedAt: number | null;
  error: string | null;
  isRefreshing: boolean;
}

/** A message and how loudly to show it (`info` muted, `warning` highlighted). */
export interface CatalogueStatusMessage {
  tone: 'info' | 'warning';
  text: string;
}

function lastUpdated(lastSyncedAt: number | null): string {
  return lastSyncedAt === null
    ? 'not yet updated from the server'
    : `last updated ${formatDateTime(lastSyncedAt)}`;
}

/**
 * The status line for the trail list, or null when there is nothing worth saying.
 * Offline → "Offline: showing trails saved on this device, last updated …"; a refresh error →
 * the error with the same reassurance; a running refresh → "Checking for trail updates…".
 */
export function catalogueStatusMessage(
  online: boolean,
  status: CatalogueStatusInput,
): CatalogueStatusMessage | null {
  if (!online) {
    return {
      tone: 'warning',
      text: `Offline: showing trails saved on this device, ${lastUpdated(status.lastSyncedAt)}.`,
    };
  }
  if (status.error) {
    return {
      tone: 'warning',
      text: `Could not refresh the trail list (${status.error}). Showing trails saved on this device, ${lastUpdated(status.lastSyncedAt)}.`,
    };
  }
  if (status.isRefreshing) return { tone: 'info', text: 'Checking for trail updates…' };
  if (status.lastSyncedAt !== null) {
    return {
      tone: 'info',
      text: `Trail list saved on this device, ${lastUpdated(status.lastSyncedAt)}.`,
    };
  }
  return null;
}
