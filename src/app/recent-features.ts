/**
 * Recently visited features for the Discover menu (requirements §voice-2.3: "up to 5 popular and
 * recent features"). Kept per device in localStorage, newest first.
 */
import { FEATURES, type FeatureEntry } from '../features/directory.ts';
import { canSee } from '../features/roles.ts';
import type { Role } from '../lib/auth/roles.ts';

/** localStorage key of the recent feature keys. */
export const RECENT_FEATURES_KEY = 'nst.recentFeatures';
/** How many items the Discover list shows (requirements §voice-9 "Discover list"). */
export const DISCOVER_LIMIT = 5;

/**
 * Features shown as popular until the rider has history: the core riding and safety tools the
 * home page itself promotes (requirements §voice-2.2), not usage figures we do not have.
 */
export const POPULAR_FEATURE_KEYS: readonly string[] = [
  'ai-trails',
  'map',
  'record',
  'safety',
  'duck-hunting',
  'arkansas-skills',
];

/** Adds a visited key to the front of a recent list: no duplicates, at most `limit`. */
export function pushRecent(list: readonly string[], key: string, limit = DISCOVER_LIMIT): string[] {
  return [key, ...list.filter((item) => item !== key)].slice(0, limit);
}

/** Reads the recent keys; empty when absent, unreadable or storage is blocked. */
export function readRecentKeys(): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(RECENT_FEATURES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

let snapshot: string[] | null = null;
const listeners = new Set<() => void>();

/** Recent keys as a stable snapshot for useSyncExternalStore (re-read only after a visit). */
export function getRecentKeysSnapshot(): string[] {
  snapshot ??= readRecentKeys();
  return snapshot;
}

/** Subscribes to changes of the recent list; returns the unsubscribe function. */
export function subscribeRecentKeys(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Records a visit to a feature (home and the All Features page itself are not worth listing). */
export function recordFeatureVisit(key: string): void {
  if (key === 'home' || key === 'features') return;
  const next = pushRecent(getRecentKeysSnapshot(), key);
  if (next.join() === snapshot?.join()) return;
  snapshot = next;
  try {
    globalThis.localStorage?.setItem(RECENT_FEATURES_KEY, JSON.stringify(next));
  } catch {
    // Recent items are a convenience; storage failures only lose the persisted copy.
  }
  for (const listener of listeners) listener();
}

/**
 * The Discover list: recent features first, then popular ones, visible to the role, without
 * duplicates, at most {@link DISCOVER_LIMIT}.
 */
export function discoverFeatures(
  recentKeys: readonly string[],
  role: Role,
  features: readonly FeatureEntry[] = FEATURES,
): { feature: FeatureEntry; recent: boolean }[] {
  const byKey = new Map(features.map((feature) => [feature.key, feature]));
  const result: { feature: FeatureEntry; recent: boolean }[] = [];
  const seen = new Set<string>();
  const add = (key: string, recent: boolean) => {
    const feature = byKey.get(key);
    if (!feature || seen.has(key) || !canSee(feature, role) || result.length >= DISCOVER_LIMIT)
      return;
    seen.add(key);
    result.push({ feature, recent });
  };
  for (const key of recentKeys) add(key, true);
  for (const key of POPULAR_FEATURE_KEYS) add(key, false);
  return result;
}
