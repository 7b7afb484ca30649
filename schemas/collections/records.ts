/**
 * A rider's typed records (schemas/records.ts): achievement progress, lesson progress, game
 * best, garage vehicles and maintenance, trail submissions, pre-ride checks. Deterministic ids, `data` validated by its
 * kind's schema and merged key by key by its kind's rules; a submission's review is the
 * server's.
 */
import {
  expectedRecordId,
  isRecordKind,
  recordDataMergeRules,
  recordDataSchemas,
  recordSchema,
} from '../records.ts';
import { keepServerReview } from '../trail-submissions.ts';
import { defaultBatch, defineCollection, privacyWording } from './descriptor.ts';

export const recordsCollection = defineCollection({
  name: 'records',
  noun: 'record',
  schema: recordSchema,
  migrations: {},
  scope: 'rider',
  ownerField: 'userId',
  idRule: {
    kind: 'derived',
    pattern: '<your user id>:<kind>[:<subject>]: your user id, the kind and its subject',
    expectedId: (ownerId, document) => expectedRecordId(ownerId, document.kind, document.data),
  },
  serverOwned: { userId: 'owner', status: { constant: 'synced' } },
  merge: {
    document: 'fields',
    fields: {
      data: {
        byKey: {
          rulesFor: (record) =>
            isRecordKind(record.kind) ? recordDataMergeRules[record.kind] : {},
        },
      },
    },
    keepsConflictList: true,
  },
  batch: defaultBatch,
  heldUntilAdopted: true,
  discriminatedFields: [{ field: 'data', discriminator: 'kind', schemas: recordDataSchemas }],
  keepServerData: keepServerReview,
  afterWrite: ['trailReportTallies'],
  privacy: {
    holds:
      'Your progress towards each achievement and when you earned it, your progress through the skills lessons, your best scores in the trail safety game, your garage vehicles and maintenance log, the days you completed the pre-ride checklist, your votes on other riders’ trail reports (“still there”, “gone now” or a flag; counted, without your name, in the report’s public tallies), and the trails you submitted for review (the line, its name, activities, difficulty, season and notes, and the admin’s decision). An approved trail becomes public in the trail catalogue with your username credited.',
    where: 'device and server',
    kept: privacyWording.riderSynced,
    sharedWith: privacyWording.riderSharedWith,
    onAccountDeletion: { action: 'deleted' },
  },
});
