/**
 * Conflict resolution of the sync engine (docs/architecture.md#sync: a pure,
 * symmetric function). RxDB calls it when a push finds that the server's copy changed since the
 * device last saw it: `base` is that last-seen copy, `master` the server's copy now, `local` the
 * device's. The result is written on the device and pushed again.
 *
 * Rules (documented in docs/architecture.md "Sync"; each collection's descriptor, in
 * schemas/collections/, names its own: `merge.document`, `merge.fields`, `merge.keepsConflictList`):
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
import type {
  CollectionDescriptor,
  FieldMerge,
  KeyMerge,
} from '../../../schemas/collections/descriptor.ts';
import { serverOwnedFieldsOf, type WireDocument } from '../../../schemas/sync-protocol.ts';

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

/** Fields the merge itself sets; never merged value by value. */
const mergeManagedFields = new Set(['id', 'updatedAt', '_deleted', 'syncConflicts']);

function updatedAtOf(document: SyncedDocument): number {
  return typeof document.updatedAt === 'number' ? document.updatedAt : 0;
}

/**
 * The copy whose edit of a value counts as later: newer `updatedAt`; edits in the same
 * millisecond are broken by the larger stable JSON of the value itself (`valueOf`), not of the
 * whole copy, so merging a merge again picks the same value and every device picks alike.
 */
function laterOf(
  a: SyncedDocument,
  b: SyncedDocument,
  valueOf: (document: SyncedDocument) => unknown,
): { winner: SyncedDocument; loser: SyncedDocument } {
  const difference = updatedAtOf(a) - updatedAtOf(b);
  if (difference > 0) return { winner: a, loser: b };
  if (difference < 0) return { winner: b, loser: a };
  return (stableStringify(valueOf(a)) ?? '') >= (stableStringify(valueOf(b)) ?? '')
    ? { winner: a, loser: b }
    : { winner: b, loser: a };
}

/** What a merge keeps of one value it decided, and the losing value it must remember. */
interface Decided {
  value: unknown;
  conflicts: SyncConflictRecord[];
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

/**
 * The items of both sides' arrays, one per `key` (the larger JSON text wins a tie, so every
 * device keeps the same one), ordered by key: nothing either side added is dropped.
 */
function unionByKey(
  masterValue: unknown,
  localValue: unknown,
  key: (item: unknown) => number,
): unknown[] {
  const byKey = new Map<number, unknown>();
  const items = [
    ...(Array.isArray(masterValue) ? masterValue : []),
    ...(Array.isArray(localValue) ? localValue : []),
  ];
  for (const item of items) {
    const itemKey = key(item);
    const existing = byKey.get(itemKey);
    if (existing === undefined || stableStringify(item) > stableStringify(existing))
      byKey.set(itemKey, item);
  }
  return [...byKey.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
}

/**
 * Both sides' object `field`, key by key, by `rules` (the later edit for keys without one);
 * `base` is the last copy both sides agreed on, for the `changed` rule. A key both sides set to
 * different values under the later edit keeps the other value as a conflict (`field.key`).
 */
function mergedByKey(
  field: string,
  rules: Readonly<Record<string, KeyMerge>>,
  master: SyncedDocument,
  local: SyncedDocument,
  base: SyncedDocument | null | undefined,
): Decided {
  const dataOf = (document: SyncedDocument | null | undefined) =>
    (document?.[field] ?? null) as Record<string, unknown> | null;
  const masterData = dataOf(master) ?? {};
  const localData = dataOf(local) ?? {};
  const baseData = dataOf(base);
  const merged: Record<string, unknown> = {};
  const conflicts: SyncConflictRecord[] = [];
  for (const key of new Set([...Object.keys(masterData), ...Object.keys(localData)])) {
    const values = [masterData[key], localData[key]];
    const numbers = numbersOf(...values);
    const rule = rules[key] ?? 'later';
    if (rule === 'server') merged[key] = key in masterData ? masterData[key] : localData[key];
    else if (rule === 'max' && numbers.length > 0) merged[key] = Math.max(...numbers);
    else if (rule === 'earliest') merged[key] = numbers.length > 0 ? Math.min(...numbers) : null;
    else if (deepEqual(values[0], values[1])) merged[key] = values[0];
    else if (rule === 'changed' && baseData && deepEqual(values[0], baseData[key]))
      merged[key] = values[1];
    else if (rule === 'changed' && baseData && deepEqual(values[1], baseData[key]))
      merged[key] = values[0];
    else if (values[0] === undefined || values[1] === undefined)
      merged[key] = values[0] ?? values[1];
    else {
      const { winner, loser } = laterOf(master, local, (document) => dataOf(document)?.[key]);
      merged[key] = dataOf(winner)![key];
      conflicts.push({
        field: `${field}.${key}`,
        keptValue: dataOf(winner)![key] ?? null,
        otherValue: dataOf(loser)![key] ?? null,
        otherUpdatedAt: updatedAtOf(loser),
      });
    }
  }
  return { value: merged, conflicts };
}

/** The numbers among `values`. */
function numbersOf(...values: unknown[]): number[] {
  return values.filter((value): value is number => typeof value === 'number');
}

/** The value of a field both sides changed under a rule other than the later edit, or undefined. */
function valueByRule(
  rule: FieldMerge,
  field: string,
  master: SyncedDocument,
  local: SyncedDocument,
  base: SyncedDocument | null | undefined,
): Decided | undefined {
  const numbers = numbersOf(master[field], local[field]);
  const decided = (value: unknown): Decided => ({ value, conflicts: [] });
  if (rule === 'max' && numbers.length > 0) return decided(Math.max(...numbers));
  if (rule === 'earliest') return decided(numbers.length ? Math.min(...numbers) : null);
  if (rule === 'server') return decided(master[field]);
  if (rule === 'changed' && base && deepEqual(master[field], base[field]))
    return decided(local[field]);
  if (rule === 'changed' && base && deepEqual(local[field], base[field]))
    return decided(master[field]);
  if (typeof rule === 'object' && 'union' in rule)
    return decided(unionByKey(master[field], local[field], rule.union.key));
  if (typeof rule === 'object' && 'byKey' in rule)
    return mergedByKey(field, rule.byKey.rulesFor(master), master, local, base);
  return undefined;
}

/** A field both sides changed: which value wins, and what the merge should remember. */
function resolveFieldClash(
  descriptor: CollectionDescriptor,
  field: string,
  master: SyncedDocument,
  local: SyncedDocument,
  base: SyncedDocument | null | undefined,
): Decided {
  const byRule = valueByRule(
    descriptor.merge.fields?.[field] ?? 'later',
    field,
    master,
    local,
    base,
  );
  if (byRule) return byRule;
  const { winner, loser } = laterOf(master, local, (document) => document[field]);
  return {
    value: winner[field],
    conflicts: [
      {
        field,
        keptValue: winner[field] ?? null,
        otherValue: loser[field] ?? null,
        otherUpdatedAt: updatedAtOf(loser),
      },
    ],
  };
}

/**
 * The document both devices should keep (see the header for the rules). Pure: the inputs are
 * not modified. Server-owned fields are taken from `master`.
 */
export function resolveConflict(
  descriptor: CollectionDescriptor,
  input: ConflictInput,
): SyncedDocument {
  const { base, master, local } = input;
  if (descriptor.merge.document === 'server') return master;
  const masterChanged = changedSinceBase(master, base);
  const localChanged = changedSinceBase(local, base);
  if (!localChanged) return master;
  if (!masterChanged) return { ...local, ...serverOwnedValues(descriptor, master) };

  if (master._deleted || local._deleted) {
    // A deletion against an edit: the edit wins, so nothing anyone typed is lost.
    if (master._deleted && local._deleted) return master;
    const survivor = master._deleted ? local : master;
    return { ...survivor, ...serverOwnedValues(descriptor, master), _deleted: false };
  }

  const serverOwned = new Set(serverOwnedFieldsOf(descriptor));
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
      const resolved = resolveFieldClash(descriptor, field, master, local, base);
      value = resolved.value;
      // Collections without a conflict list keep nothing of the losing value by design.
      if (descriptor.merge.keepsConflictList) conflicts.push(...resolved.conflicts);
    }
    if (value !== undefined) merged[field] = value;
  }
  const result: SyncedDocument = {
    ...merged,
    ...serverOwnedValues(descriptor, master),
    id: master.id,
    updatedAt: Math.max(updatedAtOf(master), updatedAtOf(local)),
    _deleted: false,
  };
  if (descriptor.merge.keepsConflictList) {
    const list = mergedConflictList(master, local, conflicts);
    if (list.length > 0) result.syncConflicts = list;
  }
  return result;
}

function serverOwnedValues(
  descriptor: CollectionDescriptor,
  master: SyncedDocument,
): Record<string, unknown> {
  return Object.fromEntries(
    serverOwnedFieldsOf(descriptor)
      .filter((field) => field in master)
      .map((field) => [field, master[field]]),
  );
}
