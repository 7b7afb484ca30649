// Property tests of the sync merge over every rider collection's descriptor
// (schemas/collections/): documents valid for the collection's schema, edited and deleted at
// random on two devices while the server and the devices exchange them in any order, must end
// the same on both devices and the server, through the conflict path of RxDB's protocol; each
// merge must be symmetric in master and local and idempotent, and keep what its rules promise
// (every fix of a track, the highest progress, the first award time, a later edit's losing
// value). A new rider collection is covered by adding its descriptor: nothing here names one.
import deepEqual from 'fast-deep-equal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPushedByRiders,
  type CollectionDescriptor,
  type FieldMerge,
  type KeyMerge,
} from '../../../schemas/collections/descriptor.ts';
import { allCollections } from '../../../schemas/collections/index.ts';
import {
  sameDocumentState,
  sameRiderContent,
  withoutServerOwnedFields,
  type WireDocument,
} from '../../../schemas/sync-protocol.ts';
import { withServerOwnedFields } from '../../../sync-server/sync/collection-rules.ts';
import { validateAgainst, validateWireDocument } from '../../../sync-server/validation.ts';
import {
  maximumSyncConflicts,
  resolveConflict,
  type SyncConflictRecord,
} from '../../../src/lib/sync/conflict-resolution.ts';
import {
  discriminatorChoicesArbitrary,
  documentArbitrary,
} from '../../support/schema-arbitrary.ts';

/** Every collection riders push (rider and shared scopes): each merges on the devices and the server. */
const riderCollections = allCollections.filter(isPushedByRiders);
const documentId = 'rider-1:doc-1';
const ownerId = 'rider-1';
/** Fixed seed: a failure is replayed as it happened; runs kept low so the file takes seconds. */
const runs = { seed: Number(process.env.PROPERTY_SEED ?? 20261127), numRuns: 40 } as const;
/** Room for a machine shared with other work: a property run is CPU-bound, not waiting. */
const propertyTimeoutMs = 30_000;

/** Fields the merge itself manages; never edited by a device here. */
const mergeManaged = new Set(['id', 'updatedAt', 'syncConflicts', '_deleted']);

function editableFields(descriptor: CollectionDescriptor): string[] {
  return Object.keys(descriptor.schema.properties).filter(
    (field) =>
      !mergeManaged.has(field) &&
      !(descriptor.discriminatedFields ?? []).some(({ discriminator }) => discriminator === field),
  );
}

/** The rule of `field` (the later edit when the descriptor names none). */
function ruleOf(descriptor: CollectionDescriptor, field: string): FieldMerge {
  return descriptor.merge.fields?.[field] ?? 'later';
}

/** `document` without what only the server decides: server-owned fields and `server` rules. */
function withoutServerDecided(
  descriptor: CollectionDescriptor,
  document: WireDocument,
): Record<string, unknown> {
  const copy = withoutServerOwnedFields(descriptor, document);
  for (const field of Object.keys(copy)) {
    const rule = ruleOf(descriptor, field);
    if (rule === 'server') delete copy[field];
    if (typeof rule === 'object' && 'byKey' in rule && copy[field]) {
      const keys = { ...(copy[field] as Record<string, unknown>) };
      for (const [key, keyRule] of Object.entries(rule.byKey.rulesFor(document)))
        if (keyRule === 'server') delete keys[key];
      copy[field] = keys;
    }
  }
  return { ...copy, _deleted: Boolean(copy._deleted) };
}

/** One step of a scenario: a device's edit or deletion, or a push or pull of one device. */
type Step =
  | { kind: 'edit'; device: 0 | 1; fields: string[]; values: Record<string, unknown>; at: number }
  | { kind: 'delete'; device: 0 | 1; at: number }
  | { kind: 'push'; device: 0 | 1 }
  | { kind: 'pull'; device: 0 | 1 };

interface Scenario {
  /** Both devices start from a copy the server already holds, or each writes its own first. */
  start: { shared: WireDocument } | { first: WireDocument; second: WireDocument };
  steps: Step[];
}

function wire(document: Record<string, unknown>, updatedAt: number): WireDocument {
  return { ...document, updatedAt, _deleted: false } as unknown as WireDocument;
}

/** States of one document of `descriptor` (one discriminator choice per document). */
function statesArbitrary(descriptor: CollectionDescriptor) {
  return discriminatorChoicesArbitrary(descriptor).chain((choices) =>
    fc.record({
      document: documentArbitrary(descriptor, documentId, choices),
      another: documentArbitrary(descriptor, documentId, choices),
      more: fc.array(documentArbitrary(descriptor, documentId, choices), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
  );
}

const device = fc.constantFrom<0 | 1>(0, 1);
/** Edit times in a narrow range: ties between devices happen, and clocks may disagree. */
const editTime = fc.integer({ min: 1, max: 12 });

function scenarioArbitrary(descriptor: CollectionDescriptor): fc.Arbitrary<Scenario> {
  const fields = editableFields(descriptor);
  return statesArbitrary(descriptor).chain(({ document, another, more }) =>
    fc.record({
      start: fc.oneof(
        fc.constant({ shared: wire(document, 0) }),
        fc.constant({ first: wire(document, 0), second: wire(another, 0) }),
      ),
      steps: fc.array(
        fc.oneof(
          { weight: 4, arbitrary: fc.record({ kind: fc.constant('push' as const), device }) },
          { weight: 3, arbitrary: fc.record({ kind: fc.constant('pull' as const), device }) },
          {
            weight: 4,
            arbitrary: fc.record({
              kind: fc.constant('edit' as const),
              device,
              fields: fc.subarray(fields, { minLength: 1 }),
              values: fc.constantFrom(...more),
              at: editTime,
            }),
          },
          {
            weight: 1,
            arbitrary: fc.record({ kind: fc.constant('delete' as const), device, at: editTime }),
          },
        ),
        { maxLength: 14 },
      ),
    }),
  );
}

/** What the server would refuse of `document` (schema, discriminated fields), or null. */
function validationProblem(descriptor: CollectionDescriptor, document: WireDocument) {
  const check = validateWireDocument(descriptor, document);
  if (!check.valid) return JSON.stringify(check.issues);
  for (const { field, discriminator, schemas } of descriptor.discriminatedFields ?? []) {
    const fieldCheck = validateAgainst(schemas[String(document[discriminator])]!, document[field]);
    if (!fieldCheck.valid) return `${field}: ${JSON.stringify(fieldCheck.issues)}`;
  }
  return null;
}

/** A device: what it shows (RxDB's fork) and the server copy it last knew (assumed master). */
interface Device {
  local: WireDocument | undefined;
  assumed: WireDocument | undefined;
}

/**
 * The server of one rider's document as the push route and storage decide
 * (sync-server/sync/collection-rules.ts, storage/user-documents.ts `decideAgainstMaster`):
 * server-owned fields set, what only the server writes put back, then written, skipped as a
 * repeat, or answered with the master when the assumed state is stale.
 */
class SimulatedServer {
  master: WireDocument | undefined;
  constructor(private readonly descriptor: CollectionDescriptor) {}

  push(assumed: WireDocument | undefined, sent: WireDocument): WireDocument | null {
    const { descriptor } = this;
    let incoming = withServerOwnedFields(descriptor, { ...sent, _deleted: sent._deleted }, ownerId);
    if (descriptor.keepServerData)
      incoming = descriptor.keepServerData(incoming, this.master) as WireDocument;
    const problem = validationProblem(descriptor, incoming);
    if (problem) throw new Error(`the server refuses ${JSON.stringify(incoming)}: ${problem}`);
    const master = this.master;
    if (master) {
      if (sameRiderContent(descriptor, master, incoming))
        return sameDocumentState(master, sent) ? null : master;
      if (!assumed || !sameRiderContent(descriptor, master, assumed)) return master;
    }
    this.master = incoming;
    return null;
  }
}

/** True when the device has a write the server has not acknowledged. */
function hasUnpushedWrite(device: Device): boolean {
  return (
    device.local !== undefined && (!device.assumed || !deepEqual(device.local, device.assumed))
  );
}

/** RxDB's upstream: push the fork; on a conflict resolve with the descriptor's merge. */
function push(descriptor: CollectionDescriptor, server: SimulatedServer, device: Device): void {
  if (!hasUnpushedWrite(device)) return;
  const local = device.local!;
  const conflict = server.push(device.assumed, local);
  if (!conflict) {
    device.assumed = local;
    return;
  }
  if (!deepEqual(conflict, local)) {
    device.local = resolveConflict(descriptor, { base: device.assumed, master: conflict, local });
  }
  device.assumed = conflict;
}

/** RxDB's downstream: take the master unless the fork holds a write not yet pushed. */
function pull(server: SimulatedServer, device: Device): void {
  if (!server.master || hasUnpushedWrite(device)) return;
  device.local = server.master;
  device.assumed = server.master;
}

function applyStep(
  descriptor: CollectionDescriptor,
  server: SimulatedServer,
  devices: [Device, Device],
  step: Step,
): void {
  const target = devices[step.device];
  if (step.kind === 'push') return push(descriptor, server, target);
  if (step.kind === 'pull') return pull(server, target);
  // A rider edits or deletes only what the device shows.
  if (!target.local || target.local._deleted) return;
  if (step.kind === 'delete') {
    target.local = { ...target.local, updatedAt: step.at, _deleted: true };
    return;
  }
  const next: WireDocument = { ...target.local, updatedAt: step.at };
  for (const field of step.fields) {
    if (field in step.values) next[field] = step.values[field];
    else delete next[field];
  }
  target.local = next;
}

/** Runs `scenario`, then lets both devices sync until nothing moves; returns the end states. */
function runScenario(descriptor: CollectionDescriptor, scenario: Scenario) {
  const server = new SimulatedServer(descriptor);
  const devices: [Device, Device] = [
    { local: undefined, assumed: undefined },
    { local: undefined, assumed: undefined },
  ];
  if ('shared' in scenario.start) {
    server.push(undefined, scenario.start.shared);
    pull(server, devices[0]);
    pull(server, devices[1]);
  } else {
    devices[0].local = scenario.start.first;
    devices[1].local = scenario.start.second;
  }
  for (const step of scenario.steps) applyStep(descriptor, server, devices, step);
  // Back online for good: each device pushes and pulls in turn until nothing is left to send.
  for (let round = 0; round < 10; round += 1) {
    for (const each of devices) {
      push(descriptor, server, each);
      pull(server, each);
    }
    if (devices.every((each) => !hasUnpushedWrite(each) && deepEqual(each.local, server.master)))
      return { server: server.master!, devices };
  }
  throw new Error(
    `no convergence after 10 rounds: ${JSON.stringify({ master: server.master, devices })}`,
  );
}

/** Two edits of one document, each changing some fields of a common copy (or of nothing). */
function editPairArbitrary(descriptor: CollectionDescriptor) {
  const fields = editableFields(descriptor);
  return statesArbitrary(descriptor).chain(({ document, another, more }) =>
    fc.record({
      base: fc.option(fc.constant(wire(document, 0)), { nil: undefined }),
      master: fc
        .record({ fields: fc.subarray(fields), at: editTime, deleted: fc.boolean() })
        .map((edit) => edited(document, another, edit)),
      local: fc
        .record({
          fields: fc.subarray(fields),
          values: fc.constantFrom(...more),
          at: editTime,
          deleted: fc.boolean(),
        })
        .map((edit) => edited(document, edit.values, edit)),
    }),
  );
}

function edited(
  document: Record<string, unknown>,
  values: Record<string, unknown>,
  edit: { fields: string[]; at: number; deleted: boolean },
): WireDocument {
  const next = wire(document, edit.at);
  for (const field of edit.fields) {
    if (field in values) next[field] = values[field];
    else delete next[field];
  }
  // Deletions are rarer than edits, as for riders.
  next._deleted = edit.deleted && edit.fields.length % 3 === 0;
  return next;
}

/** True when `document` differs from `base` (or there is none), as the merge decides it. */
function documentChanged(base: WireDocument | undefined, document: WireDocument): boolean {
  if (!base) return true;
  const { syncConflicts: _documentConflicts, ...content } = document;
  const { syncConflicts: _baseConflicts, ...baseContent } = base;
  return !deepEqual(content, baseContent);
}

/** The keys of a union field's items. */
function unionKeys(value: unknown, key: (item: unknown) => number): Set<number> {
  return new Set((Array.isArray(value) ? value : []).map(key));
}

/** Checks what a `max`/`earliest` rule promises of `merged` given both sides' values. */
function expectKeptByNumberRule(
  rule: FieldMerge | KeyMerge,
  values: unknown[],
  merged: unknown,
  where: string,
): void {
  const numbers = values.filter((value): value is number => typeof value === 'number');
  if (numbers.length === 0) return;
  if (rule === 'max') expect(merged, where).toBe(Math.max(...numbers));
  if (rule === 'earliest') expect(merged, where).toBe(Math.min(...numbers));
}

function changedFrom(
  base: WireDocument | undefined,
  document: WireDocument,
  field: string,
): boolean {
  return !base || !deepEqual(base[field], document[field]);
}

describe.each(riderCollections.map((descriptor) => [descriptor.name, descriptor] as const))(
  'sync merge of %s, for any valid documents',
  (_name, descriptor) => {
    it(
      'ends with the same content on both devices and the server, whatever the order of edits and deliveries',
      () => {
        fc.assert(
          fc.property(scenarioArbitrary(descriptor), (scenario) => {
            const end = runScenario(descriptor, scenario);
            for (const each of end.devices)
              expect(sameRiderContent(descriptor, each.local!, end.server)).toBe(true);
          }),
          runs,
        );
      },
      propertyTimeoutMs,
    );

    it.runIf(descriptor.merge.document === 'fields')(
      'merges symmetrically in master and local',
      () => {
        fc.assert(
          fc.property(editPairArbitrary(descriptor), ({ base, master, local }) => {
            const merged = resolveConflict(descriptor, { base, master, local });
            const swapped = resolveConflict(descriptor, { base, master: local, local: master });
            // A document both deleted stays deleted whichever order; what a deleted copy still
            // holds is nobody's content (the master's copy is kept, and every device takes it).
            if (merged._deleted) expect(swapped._deleted).toBe(true);
            else
              expect(withoutServerDecided(descriptor, swapped)).toEqual(
                withoutServerDecided(descriptor, merged),
              );
          }),
          runs,
        );
      },
      propertyTimeoutMs,
    );

    it.runIf(descriptor.merge.document === 'fields')(
      'merges idempotently: a copy with itself, and a merged copy with its master again',
      () => {
        fc.assert(
          fc.property(editPairArbitrary(descriptor), ({ base, master, local }) => {
            const itself = resolveConflict(descriptor, { base, master, local: master });
            expect(sameRiderContent(descriptor, itself, master)).toBe(true);
            // Edits in the same millisecond included: ties are broken by the value itself.
            const merged = resolveConflict(descriptor, { base, master, local });
            const again = resolveConflict(descriptor, { base, master, local: merged });
            expect(withoutServerOwnedFields(descriptor, again)).toEqual(
              withoutServerOwnedFields(descriptor, merged),
            );
          }),
          runs,
        );
      },
      propertyTimeoutMs,
    );

    it.runIf(descriptor.merge.document === 'fields')(
      'keeps what its rules promise when both sides changed a field',
      () => {
        fc.assert(
          fc.property(editPairArbitrary(descriptor), ({ base, master, local }) => {
            const merged = resolveConflict(descriptor, { base, master, local });
            // A deletion wins only against a copy nobody edited since the common copy; against
            // an edit, the edit is kept whole.
            if (master._deleted || local._deleted) {
              const masterChanged = documentChanged(base, master);
              const localChanged = documentChanged(base, local);
              if (masterChanged && localChanged && !(master._deleted && local._deleted)) {
                const survivor = master._deleted ? local : master;
                expect(merged._deleted).toBe(false);
                expect(withoutServerOwnedFields(descriptor, merged)).toEqual(
                  withoutServerOwnedFields(descriptor, { ...survivor, _deleted: false }),
                );
              } else {
                const expected = !localChanged
                  ? master._deleted
                  : !masterChanged
                    ? local._deleted
                    : true;
                expect(merged._deleted).toBe(expected);
              }
              return;
            }
            const conflicts = (merged.syncConflicts ?? []) as SyncConflictRecord[];
            for (const field of editableFields(descriptor)) {
              if (descriptor.serverOwned[field] !== undefined) continue;
              const bothChanged =
                changedFrom(base, master, field) &&
                changedFrom(base, local, field) &&
                !deepEqual(master[field], local[field]);
              if (!bothChanged) continue;
              const rule = ruleOf(descriptor, field);
              const where = `${field} of ${JSON.stringify({ base, master, local, merged })}`;
              if (typeof rule === 'object' && 'union' in rule) {
                const kept = unionKeys(merged[field], rule.union.key);
                for (const side of [master, local])
                  for (const key of unionKeys(side[field], rule.union.key))
                    expect(kept.has(key), where).toBe(true);
              } else if (typeof rule === 'object' && 'byKey' in rule) {
                const rules = rule.byKey.rulesFor(master);
                const data = (merged[field] ?? {}) as Record<string, unknown>;
                for (const [key, keyRule] of Object.entries(rules)) {
                  const values = [master, local].map(
                    (side) => (side[field] as Record<string, unknown> | undefined)?.[key],
                  );
                  expectKeptByNumberRule(keyRule, values, data[key], `${where}.${key}`);
                }
              } else if (rule === 'max' || rule === 'earliest') {
                expectKeptByNumberRule(rule, [master[field], local[field]], merged[field], where);
              } else if (rule === 'later' && descriptor.merge.keepsConflictList) {
                const loser = deepEqual(merged[field], master[field]) ? local : master;
                const kept = conflicts.some(
                  (record) =>
                    record.field === field && deepEqual(record.otherValue, loser[field] ?? null),
                );
                const listFull =
                  conflicts.length === maximumSyncConflicts &&
                  conflicts.every((record) => record.otherUpdatedAt >= (loser.updatedAt as number));
                expect(kept || listFull, where).toBe(true);
              }
            }
          }),
          runs,
        );
      },
      propertyTimeoutMs,
    );
  },
);
