/**
 * The server's interpreter of collection descriptors (schemas/collections/descriptor.ts): from a
 * descriptor alone it decides whether a collection syncs and who may read it, checks and
 * prepares every pushed row (id rule, server-owned fields, schema, discriminated fields, the
 * data only the server writes) and whether a push must look for ids of other riders. The sync
 * routes hold no rule of any one collection.
 */
import { allCollections } from '../../schemas/collections/index.ts';
import type { CollectionDescriptor } from '../../schemas/collections/descriptor.ts';
import { isTempId, type PushRow, type WireDocument } from '../../schemas/sync-protocol.ts';
import { validateAgainst, validateWireDocument, type ValidationIssue } from '../validation.ts';

/** The collections a server syncs, by name: the app's, or those a test gives. */
export type SyncedCollections = ReadonlyMap<string, CollectionDescriptor>;

/** The synced (catalogue and rider) collections among `descriptors` (default: the app's), by name. */
export function syncedCollections(
  descriptors: readonly CollectionDescriptor[] = allCollections,
): SyncedCollections {
  return new Map(
    descriptors
      .filter((descriptor) => descriptor.scope !== 'device')
      .map((descriptor) => [descriptor.name, descriptor]),
  );
}

/**
 * False when the collection's ids are the same for every rider (a fixed id), so a push never
 * looks for the id among other riders' documents.
 */
export function idsAreUnique(descriptor: CollectionDescriptor): boolean {
  return descriptor.idRule.kind !== 'fixed';
}

/**
 * `document` with the server-owned fields set: owners become `ownerId`, constants their value,
 * owner labels the label of `ownerId`, kept fields their initial value (the push then puts back
 * the stored one).
 */
export function withServerOwnedFields(
  descriptor: CollectionDescriptor,
  document: WireDocument,
  ownerId: string,
): WireDocument {
  const entries = Object.entries(descriptor.serverOwned);
  if (entries.length === 0) return document;
  const copy: WireDocument = { ...document };
  for (const [field, value] of entries) {
    if (value === 'owner') copy[field] = ownerId;
    else if ('constant' in value) copy[field] = value.constant;
    else if ('ownerLabel' in value) copy[field] = value.ownerLabel(ownerId);
    // The stored value replaces it at the push (storage/user-documents.ts); new documents start here.
    else copy[field] = value.kept;
  }
  return copy;
}

function describeIssues(issues: readonly ValidationIssue[], prefix = ''): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${prefix}${issue.path === '/' && prefix ? '' : issue.path} ${issue.message}`)
    .join('; ');
}

/** What is wrong with `document`'s id under the descriptor's id rule, or null. */
function idProblem(
  descriptor: CollectionDescriptor,
  document: WireDocument,
  ownerId: string,
): string | null {
  const rule = descriptor.idRule;
  if (rule.kind === 'fixed' && document.id !== rule.id) {
    return `the ${descriptor.noun}'s id must be "${rule.id}".`;
  }
  if (rule.kind === 'derived') {
    const expected = rule.expectedId(ownerId, document);
    if (document.id !== expected) {
      return expected
        ? `a ${descriptor.noun}'s id must be "${expected}" (${rule.pattern}).`
        : `a ${descriptor.noun}'s id must be ${rule.pattern}.`;
    }
  }
  return null;
}

/** What is wrong with the discriminated fields of `document` (a record's `data`), or null. */
function discriminatedFieldProblem(
  descriptor: CollectionDescriptor,
  document: WireDocument,
): string | null {
  for (const { field, discriminator, schemas } of descriptor.discriminatedFields ?? []) {
    const choice = document[discriminator];
    if (typeof choice !== 'string' || !Object.hasOwn(schemas, choice)) {
      return `a ${descriptor.noun}'s ${discriminator} must be one of ${Object.keys(schemas).join(', ')}.`;
    }
    const check = validateAgainst(schemas[choice]!, document[field]);
    if (!check.valid) {
      return `not a valid ${choice} ${descriptor.noun}: ${describeIssues(check.issues, field)}.`;
    }
  }
  return null;
}

/** What is wrong with one pushed document, or null (checks in the order a rider can fix them). */
function documentProblem(
  descriptor: CollectionDescriptor,
  incoming: WireDocument,
  document: WireDocument,
  ownerId: string,
): string | null {
  if (isTempId(incoming.id)) {
    return 'temp- ids must be promoted (POST /api/sync/promotions) before they are pushed.';
  }
  const fieldProblem = discriminatedFieldProblem(descriptor, document);
  if (fieldProblem) return fieldProblem;
  const badId = idProblem(descriptor, document, ownerId);
  if (badId) return badId;
  // Validated as sent (with `_deleted`), not as a copy without it: one copy less per row.
  const validation = validateWireDocument(descriptor, document);
  return validation.valid
    ? null
    : `is not a valid ${descriptor.name} document: ${describeIssues(validation.issues)}.`;
}

/**
 * Prepares and validates every row of a push of `descriptor`'s collection by `ownerId`; returns
 * the rows to store (server-owned fields set, `_deleted` explicit) or the message of the first
 * problem (the whole push is then refused).
 */
export function preparePushRows(
  descriptor: CollectionDescriptor,
  rows: readonly PushRow[],
  ownerId: string,
): { rows: PushRow[] } | { problem: string } {
  const seen = new Set<string>();
  const prepared: PushRow[] = [];
  for (const [index, row] of rows.entries()) {
    const incoming = row.newDocumentState;
    const where = `rows[${index}] (${incoming.id})`;
    if (seen.has(incoming.id)) return { problem: `${where}: the same document appears twice.` };
    seen.add(incoming.id);
    if (row.assumedMasterState && row.assumedMasterState.id !== incoming.id) {
      return { problem: `${where}: assumedMasterState is of another document.` };
    }
    const document = withServerOwnedFields(descriptor, incoming, ownerId);
    const problem = documentProblem(descriptor, incoming, document, ownerId);
    if (problem) return { problem: `${where}${problem.startsWith('is ') ? ' ' : ': '}${problem}` };
    prepared.push({
      ...(row.assumedMasterState ? { assumedMasterState: row.assumedMasterState } : {}),
      newDocumentState:
        document._deleted === undefined ? { ...document, _deleted: false } : document,
    });
  }
  return { rows: prepared };
}
