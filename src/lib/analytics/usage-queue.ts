/**
 * The device's usage queue, as pure state (requirements §voice-7.2 "page_view on each
 * route change"): page views (route patterns) and feature actions wait here, at most
 * `usageLimits.queueSize` (oldest dropped), until a batch is cut. A cut batch keeps its random
 * id in the state until the server confirms it, so a batch sent again after a lost answer or a
 * reload is the same batch and the server counts it once. src/db/usage-queue.ts stores this
 * state in the local document `usage-queue`.
 */
import {
  usageLimits,
  type FeatureAction,
  type UsageBatch,
  type UsageCount,
  type UsageKind,
} from '../../../schemas/analytics.ts';

/** One queued use: what (a route pattern or a feature action) and on which UTC day. */
export interface UsageEntry {
  kind: UsageKind;
  name: string;
  /** UTC calendar day, YYYY-MM-DD. */
  day: string;
}

/** The stored queue: entries not yet in a batch, and the batch waiting for the server. */
export interface UsageQueueState {
  entries: UsageEntry[];
  pendingBatch: UsageBatch | null;
}

export const emptyUsageQueue: UsageQueueState = { entries: [], pendingBatch: null };

/** The UTC calendar day of `time` (epoch ms), YYYY-MM-DD. */
export function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * Adds one entry; past `usageLimits.queueSize` entries waiting, the oldest are dropped (a
 * device offline for weeks keeps its latest use, never an unbounded list).
 */
export function enqueueUsage(state: UsageQueueState, entry: UsageEntry): UsageQueueState {
  const entries = [...state.entries, entry];
  const overflow = entries.length - usageLimits.queueSize;
  return { ...state, entries: overflow > 0 ? entries.slice(overflow) : entries };
}

/** Counts entries by (day, kind, name), in the order each first appears. */
export function aggregateUsage(entries: readonly UsageEntry[]): UsageCount[] {
  const counts = new Map<string, UsageCount>();
  for (const entry of entries) {
    const key = `${entry.day}\u0000${entry.kind}\u0000${entry.name}`;
    const existing = counts.get(key);
    if (existing) existing.count += 1;
    else counts.set(key, { day: entry.day, kind: entry.kind, name: entry.name, count: 1 });
  }
  return [...counts.values()];
}

/**
 * The batch to send: the pending one if there is one (a retry keeps its id), otherwise a new
 * one of every waiting entry under `newBatchId()`; null when nothing waits. The returned state
 * holds the batch as pending and no waiting entries.
 */
export function cutUsageBatch(
  state: UsageQueueState,
  newBatchId: () => string,
): { state: UsageQueueState; batch: UsageBatch | null } {
  if (state.pendingBatch) return { state, batch: state.pendingBatch };
  if (state.entries.length === 0) return { state, batch: null };
  const batch: UsageBatch = { batchId: newBatchId(), counts: aggregateUsage(state.entries) };
  return { state: { entries: [], pendingBatch: batch }, batch };
}

/** Forgets the pending batch `batchId` once the server has it (no change for another id). */
export function confirmUsageBatch(state: UsageQueueState, batchId: string): UsageQueueState {
  if (state.pendingBatch?.batchId !== batchId) return state;
  return { ...state, pendingBatch: null };
}

/**
 * The route pattern of a page for counting: the router's pattern (`/trips/$tripId`), never
 * the address with its ids or query. The root's own id (a page the router does not know)
 * counts as `(not found)`; anything else not shaped like a pattern is not counted (null).
 */
export function routePatternForCount(routeId: string | undefined): string | null {
  if (!routeId || routeId === '__root__') return '(not found)';
  const pattern = routeId === '/' ? '/' : routeId.replace(/\/$/, '');
  if (pattern.length > usageLimits.routeLength) return null;
  return /^(\/[A-Za-z0-9$_.-]*)+$/.test(pattern) ? pattern : null;
}

/** What a browser says about tracking (Do Not Track and Global Privacy Control). */
export interface TrackingSignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
  /** The old IE/Edge spelling, still set by some browsers. */
  msDoNotTrack?: string | null;
}

/**
 * True when counting is allowed: the browser sends neither Do Not Track ("1" or "yes") nor
 * Global Privacy Control. With either, the app records nothing at all.
 */
export function usageCountingAllowed(navigatorSignals: TrackingSignals | undefined): boolean {
  if (!navigatorSignals) return false;
  const doNotTrack = navigatorSignals.doNotTrack ?? navigatorSignals.msDoNotTrack ?? null;
  if (doNotTrack === '1' || doNotTrack === 'yes') return false;
  return navigatorSignals.globalPrivacyControl !== true;
}

/** A feature action as a queue entry on the UTC day of `time`. */
export function featureEntry(action: FeatureAction, time: number): UsageEntry {
  return { kind: 'feature', name: action, day: utcDay(time) };
}

/** A page view of `routePattern` as a queue entry on the UTC day of `time`. */
export function pageViewEntry(routePattern: string, time: number): UsageEntry {
  return { kind: 'page-view', name: routePattern, day: utcDay(time) };
}

/** Longest error type name counted; longer or odd names count as `Error`. */
const errorTypeMaxLength = 40;

/**
 * An error the app's error screen caught, as a queue entry on the UTC day of `time`: the route
 * pattern it showed on (`routeId` as the router names it; `(app shell)` when outside the
 * router) and the error's type name (`TypeError`; `Error` when it has no usable name). Never
 * the message or stack: they can hold what the rider typed or where they are.
 */
export function appErrorEntry(error: unknown, routeId: string | null, time: number): UsageEntry {
  const rawName = error instanceof Error ? error.name : '';
  const errorType =
    rawName.length <= errorTypeMaxLength && /^[A-Za-z][A-Za-z0-9]*$/.test(rawName)
      ? rawName
      : 'Error';
  const route = routeId === null ? '(app shell)' : routePatternForCount(routeId);
  const fits = route !== null && route.length + 1 + errorType.length <= usageLimits.routeLength;
  return {
    kind: 'app-error',
    name: `${fits ? route : '(app shell)'} ${errorType}`,
    day: utcDay(time),
  };
}
