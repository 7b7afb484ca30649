/**
 * Conflict resolution of the sync engine (docs/architecture.md#sync: a pure,
 * symmetric function). RxDB calls it when a push finds that the server's copy changed since the
 * device last saw it: `base` is that last-seen copy, `master` the server's copy now, `local` the
 * device's. The result is written on the device and pushed again.
 *
 * Rules (documented in docs/architecture.md "Sync"):
 * - Field by field: a field only one side changed since `base` takes that side's value.
 * - A field both sides changed to different values takes the value of the side edited last
 *   (`updatedAt`; on a tie, the larger JSON text, so every device picks the same one). The other
 *   value is kept in `syncConflicts` (trips, trip plans, waypoints), so no edit vanishes
 *   silently; collections without that list merge so nothing is lost: track chunks keep every
 *   fix of both sides, achievements keep the highest progress and the earliest earned time.
 * - A record's `data` (schemas/records.ts) merges key by key the same way, with its kind's
 *   rules for keys both sides changed: scores and counts keep the larger value, a first
 *   completion time the earliest, so finishing a lesson on either device is never undone; a
 *   trail submission's review is the server's.
 * - A deletion only wins against a copy nobody edited since `base`; an edit revives the
 *   document.
 * - The trip context follows requirements §core-4: the server copy overrides the device's.
 * - Fields only the server sets (owner, sync status) come from the server's copy.
 *
 * Merging is symmetric in `master` and `local`, so two devices that edit the same document
 * offline converge whichever reaches the server first (A then B equals B then A; see
 * tests/unit/sync/conflict-resolution.test.ts).
 */
import deepEqual from 'fast-deep-equal';
import stableStringify from 'fast-json-stable-stringify';
import { isRecordKind, recordDataMergeRules } from '../../../schemas/records.ts';
import {
  serverOwnedFields,
  type UserSyncedCollection,
  type WireDocument,
} from '../../../schemas/sync-protocol.ts';

/** A document as RxDB hands it to conflict handling: schema fields plus `_deleted`. */
export type SyncedDocument = WireDocument;

/** One edit the merge could not keep in place (schemas/common.ts `syncConflictsProperty`). */
export interface SyncConflictRecord {
  field: string;
  keptValue: unknown;
  otherValue: unknown;
  otherUpdatedAt: number;
}

/** What RxDB passes: the device's last-seen server copy (if any), the server's and the device's. */
export interface ConflictInput {
  base?: SyncedDocument | undefined;
  master: SyncedDocument;
  local: SyncedDocument;
}

/** Most conflict records kept on a document (the schema's maxItems). */
export const maximumSyncConflicts = 20;

const collectionsWithConflictList = new Set<UserSyncedCollection>([
  'trips',
  'tripPlans',
  'waypoints',
  'records',
]);

/** Fields the merge itself sets; never merged value by value. */
const mergeManagedFields = new Set(['id', 'updatedAt', '_deleted', 'syncConflicts']);

function updatedAtOf(document: SyncedDocument): number {
  return typeof document.updatedAt === 'number' ? document.updatedAt : 0;
}

/**
 * The copy whose edit counts as later: newer `updatedAt`, ties broken by the larger stable JSON
 * so the choice is the same on every device.
 */
function laterOf(
  a: SyncedDocument,
  b: SyncedDocument,
): { winner: SyncedDocument; loser: SyncedDocument } {
  const difference = updatedAtOf(a) - updatedAtOf(b);
  if (difference > 0) return { winner: a, loser: b };
  if (difference < 0) return { winner: b, loser: a };
  return stableStringify(a) >= stableStringify(b)
    ? { winner: a, loser: b }
    : { winner: b, loser: a };
}

function changedSinceBase(document: SyncedDocument, base: SyncedDocument | undefined): boolean {
  if (!base) return true;
  const strip = ({ _deleted, syncConflicts: _conflicts, ...rest }: SyncedDocument) => ({
    ...rest,
    _deleted,
  });
  return !deepEqual(strip(document), strip(base));
}

/** Union of both sides' conflict lists plus `added`, without repeats, newest kept. */
function mergedConflictList(
  master: SyncedDocument,
  local: SyncedDocument,
  added: SyncConflictRecord[],
): SyncConflictRecord[] {
  const all = [
    ...((master.syncConflicts as SyncConflictRecord[] | undefined) ?? []),
    ...((local.syncConflicts as SyncConflictRecord[] | undefined) ?? []),
    ...added,
  ];
  const unique = new Map(all.map((record) => [stableStringify(record), record]));
  return [...unique.entries()]
    .sort(([keyA, a], [keyB, b]) => b.otherUpdatedAt - a.otherUpdatedAt || (keyA < keyB ? -1 : 1))
    .slice(0, maximumSyncConflicts)
    .map(([, record]) => record);
}

/** Track fixes of both sides, one per timestamp, in time order (nothing recorded is dropped). */
function mergedTrackPoints(master: SyncedDocument, local: SyncedDocument): unknown[] {
  const byTime = new Map<string, unknown>();
  for (const point of [...(master.points as unknown[]), ...(local.points as unknown[])]) {
    const time = String((point as unknown[])[3]);
    const existing = byTime.get(time);
    if (existing === undefined || stableStringify(point) > stableStringify(existing))
      byTime.set(time, point);
  }
  return [...byTime.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, point]) => point);
}

/**
 * Both sides' record `data`, key by key, by the kind's merge rules (later edit otherwise);
 * `base` is the last copy both sides agreed on, for the `changed` rule.
 */
function mergedRecordData(
  master: SyncedDocument,
  local: SyncedDocument,
  base: SyncedDocument | null | undefined,
): Record<string, unknown> {
  const rules = isRecordKind(master.kind) ? recordDataMergeRules[master.kind] : {};
  const masterData = (master.data ?? {}) as Record<string, unknown>;
  const localData = (local.data ?? {}) as Record<string, unknown>;
  const baseData = (base?.data ?? null) as Record<string, unknown> | null;
  const { winner } = laterOf(master, local);
  const winnerData = winner === master ? masterData : localData;
  const merged: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(masterData), ...Object.keys(localData)])) {
    const values = [masterData[key], localData[key]];
    const numbers = values.filter((value): value is number => typeof value === 'number');
    const rule = rules[key] ?? 'later';
    if (rule === 'server') merged[key] = key in masterData ? masterData[key] : localData[key];
    else if (rule === 'max' && numbers.length > 0) merged[key] = Math.max(...numbers);
    else if (rule === 'earliest') merged[key] = numbers.length > 0 ? Math.min(...numbers) : null;
    else if (rule === 'changed' && baseData && deepEqual(values[0], baseData[key]))
      merged[key] = values[1];
    else if (rule === 'changed' && baseData && deepEqual(values[1], baseData[key]))
      merged[key] = values[0];
    else merged[key] = key in winnerData ? winnerData[key] : values.find((v) => v !== undefined);
  }
  return merged;
}

/** A field both sides changed: which value wins, and what the merge should remember. */
function resolveFieldClash(
  collection: UserSyncedCollection,
  field: string,
  master: SyncedDocument,
  local: SyncedDocument,
  base: SyncedDocument | null | undefined,
): { value: unknown; conflict: SyncConflictRecord | null } {
  if (collection === 'trackChunks' && field === 'points') {
    return { value: mergedTrackPoints(master, local), conflict: null };
  }
  if (collection === 'userAchievements' && field === 'progress') {
    return { value: Math.max(Number(master.progress), Number(local.progress)), conflict: null };
  }
  if (collection === 'userAchievements' && field === 'earnedAt') {
    const times = [master.earnedAt, local.earnedAt].filter(
      (time): time is number => typeof time === 'number',
    );
    return { value: times.length ? Math.min(...times) : null, conflict: null };
  }
  if (collection === 'records' && field === 'data' && isRecordKind(master.kind)) {
    return { value: mergedRecordData(master, local, base), conflict: null };
  }
  const { winner, loser } = laterOf(master, local);
  return {
    value: winner[field],
    conflict: collectionsWithConflictList.has(collection)
      ? {
          field,
          keptValue: winner[field] ?? null,
          otherValue: loser[field] ?? null,
          otherUpdatedAt: updatedAtOf(loser),
        }
      : null,
  };
}

/**
 * The document both devices should keep (see the header for the rules). Pure: the inputs are
 * not modified. Server-owned fields are taken from `master`.
 */
export function resolveConflict(
  collection: UserSyncedCollection,
  input: ConflictInput,
): SyncedDocument {
  const { base, master, local } = input;
  if (collection === 'tripContext') return master;
  const masterChanged = changedSinceBase(master, base);
  const localChanged = changedSinceBase(local, base);
  if (!localChanged) return master;
  if (!masterChanged) return { ...local, ...serverOwnedValues(collection, master) };

  if (master._deleted || local._deleted) {
    // A deletion against an edit: the edit wins, so nothing anyone typed is lost.
    if (master._deleted && local._deleted) return master;
    const survivor = master._deleted ? local : master;
    return { ...survivor, ...serverOwnedValues(collection, master), _deleted: false };
  }

  const serverOwned = new Set(serverOwnedFields[collection]);
  const fields = new Set([...Object.keys(master), ...Object.keys(local)]);
  const merged: Record<string, unknown> = {};
  const conflicts: SyncConflictRecord[] = [];
  for (const field of [...fields].sort()) {
    if (mergeManagedFields.has(field) || serverOwned.has(field)) continue;
    const masterValue = master[field];
    const localValue = local[field];
    let value: unknown;
    if (deepEqual(masterValue, localValue)) value = masterValue;
    else if (base && deepEqual(masterValue, base[field])) value = localValue;
    else if (base && deepEqual(localValue, base[field])) value = masterValue;
    else {
      const resolved = resolveFieldClash(collection, field, master, local, base);
      value = resolved.value;
      if (resolved.conflict) conflicts.push(resolved.conflict);
    }
    if (value !== undefined) merged[field] = value;
  }
  const result: SyncedDocument = {
    ...merged,
    ...serverOwnedValues(collection, master),
    id: master.id,
    updatedAt: Math.max(updatedAtOf(master), updatedAtOf(local)),
    _deleted: false,
  };
  if (collectionsWithConflictList.has(collection)) {
    const list = mergedConflictList(master, local, conflicts);
    if (list.length > 0) result.syncConflicts = list;
  }
  return result;
}

function serverOwnedValues(
  collection: UserSyncedCollection,
  master: SyncedDocument,
): Record<string, unknown> {
  return Object.fromEntries(
    serverOwnedFields[collection]
      .filter((field) => field in master)
      .map((field) => [field, master[field]]),
  );
}
