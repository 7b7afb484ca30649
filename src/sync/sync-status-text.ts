/**
 * The sync status in words: what the status panel and the
 * compact indicator say for a status, the pending count and the current time. Pure, so every
 * wording is tested without React. Dates use requirements §core-9's format (MM/dd/yyyy HH:mm).
 */
import { formatDateTime } from '../lib/format.ts';
import type { SyncStatus } from './sync-status.ts';

/** Overall tone, for colour and icon (never the only signal: every tone has words too). */
export type SyncTone = 'synced' | 'pending' | 'syncing' | 'offline' | 'error' | 'signedOut';

/** Every line the sync UI may show; null lines are not shown. */
export interface SyncStatusDescription {
  tone: SyncTone;
  /** "All synced", "3 waiting to sync" or "Nothing waiting to sync"; always shown. */
  pending: string;
  /** "Last synced 11/20/2026 14:05", or "Not synced yet on this device". */
  lastSynced: string;
  /**
   * What is happening now: "Syncing…", "Offline — will sync when back online", "Sign in to
   * sync your trips and plans", "Sync failed"; null when idle.
   */
  state: string | null;
  /** The engine's last error in words; null when the last attempt succeeded. */
  error: string | null;
  /** When the backed-off retry runs: "Next try in 45 s", "… in 3 min", "… at <date>". */
  retry: string | null;
  /** Why "Sync now" cannot be pressed ("Sign in first", "Syncing now"), null when it can. */
  syncNowDisabledReason: string | null;
  /** A few words for the top bar: "All synced", "3 waiting", "Syncing…", "Offline"… */
  short: string;
  /** The pending count for a small badge ("3", "99+"), null when nothing waits. */
  badge: string | null;
  /** One sentence for screen readers, e.g. "Sync: 3 waiting to sync. Offline — will sync…". */
  label: string;
}

/** "in 45 s", "in 3 min" or "at 11/20/2026 14:05" for a moment after `now` (epoch ms). */
export function describeRetryTime(nextRetryAt: number, now: number): string {
  const waitMs = nextRetryAt - now;
  if (waitMs <= 0) return 'Trying again now';
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds < 60) return `Next try in ${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `Next try in ${minutes} min`;
  return `Next try at ${formatDateTime(nextRetryAt)}`;
}

/** `text` ending in a full stop, unless it already ends in one, an ellipsis or a mark. */
function sentence(text: string): string {
  return /[.…!?]$/.test(text) ? text : `${text}.`;
}

function waiting(count: number): string {
  return `${count.toLocaleString('en-US')} waiting to sync`;
}

/**
 * What the pending line says before the database has counted: a page drawn before the database
 * opened must not claim "All synced" over a trip that waits.
 */
export const pendingNotCountedYet = 'Checking what waits to sync…';

/** What the phase and the pending count (null: not counted yet) say, before the label. */
function phaseWords(
  phase: SyncStatus['phase'],
  pendingCount: number | null,
): Pick<SyncStatusDescription, 'tone' | 'pending' | 'state' | 'short' | 'syncNowDisabledReason'> {
  const count = pendingCount ?? 0;
  let tone: SyncTone;
  let pending: string;
  let state: string | null;
  let short: string;
  let syncNowDisabledReason: string | null = null;
  switch (phase) {
    case 'signedOut':
      tone = 'signedOut';
      pending = count > 0 ? waiting(count) : 'Nothing waiting to sync';
      state = 'Sign in to sync your trips and plans';
      short = count > 0 ? `${count} waiting` : 'Sign in to sync';
      syncNowDisabledReason = 'Sign in first: only a signed-in rider’s trips and plans sync.';
      break;
    case 'syncing':
      tone = 'syncing';
      pending = count > 0 ? waiting(count) : 'All synced';
      state = 'Syncing…';
      short = 'Syncing…';
      syncNowDisabledReason = 'Syncing now.';
      break;
    case 'offline':
      tone = 'offline';
      pending = count > 0 ? waiting(count) : 'Nothing waiting to sync';
      state = 'Offline — will sync when back online';
      short = count > 0 ? `Offline · ${count} waiting` : 'Offline';
      break;
    case 'error':
      tone = 'error';
      pending = count > 0 ? waiting(count) : 'Nothing waiting to sync';
      state = 'Sync failed';
      short = count > 0 ? `Sync problem · ${count} waiting` : 'Sync problem';
      break;
    case 'idle':
    default:
      tone = count > 0 ? 'pending' : 'synced';
      pending = count > 0 ? waiting(count) : 'All synced';
      state = null;
      short = count > 0 ? `${count} waiting` : 'All synced';
      break;
  }
  if (pendingCount === null) {
    pending = pendingNotCountedYet;
    if (tone === 'synced') tone = 'syncing';
    if (short === 'All synced') short = 'Checking…';
  }
  return { tone, pending, state, short, syncNowDisabledReason };
}

/**
 * Describes `status` with `pendingCount` trips, trip plans and rider waypoints waiting (from the
 * database; null while the database has not counted yet) at `now` (epoch ms). Signed out, the
 * pending count is still given, with "Sign in to sync your trips and plans"; "Sync now" is
 * disabled while signed out and while a sync runs.
 */
export function describeSyncStatus(
  status: SyncStatus,
  pendingCount: number | null,
  now: number,
): SyncStatusDescription {
  const count = pendingCount === null ? 0 : Math.max(0, Math.floor(pendingCount));
  const lastSynced =
    status.lastSyncedAt === null
      ? 'Not synced yet on this device'
      : `Last synced ${formatDateTime(status.lastSyncedAt)}`;
  const retry =
    status.nextRetryAt !== null && (status.phase === 'error' || status.phase === 'offline')
      ? describeRetryTime(status.nextRetryAt, now)
      : null;
  const error = status.phase === 'signedOut' ? null : status.lastError;

  const { tone, pending, state, short, syncNowDisabledReason } = phaseWords(
    status.phase,
    pendingCount === null ? null : count,
  );
  const label = [
    'Sync:',
    sentence(pending),
    state ? sentence(state) : null,
    error ? `${error.replace(/[.!]?$/, '.')}` : null,
    retry ? `${retry}.` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const badge = count === 0 ? null : count > 99 ? '99+' : String(count);
  return {
    tone,
    pending,
    lastSynced,
    state,
    error,
    retry,
    syncNowDisabledReason,
    short,
    badge,
    label,
  };
}
