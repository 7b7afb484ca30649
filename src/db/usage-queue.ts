/**
 * The device's usage queue in the local document `usage-queue`: page views and
 * feature actions wait here (at most 500, oldest dropped) until the device is online, then go to
 * this installation's server in batches. A batch is written into the document before it is
 * sent and forgotten only when the server has answered, so a reload or a lost answer sends the
 * same batch again and the server counts it once (src/lib/analytics/usage-queue.ts).
 */
import { randomId } from '../lib/analytics/random-id.ts';
import {
  confirmUsageBatch,
  cutUsageBatch,
  emptyUsageQueue,
  enqueueUsage,
  featureEntry,
  usageCountingAllowed,
  type UsageEntry,
  type UsageQueueState,
} from '../lib/analytics/usage-queue.ts';
import type { FeatureAction, UsageBatch } from '../../schemas/analytics.ts';
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';

/** Local document id of the queue (privacy policy: src/lib/privacy/stored-data.ts). */
export const usageQueueDocumentId = 'usage-queue';

/**
 * Delivers one batch to the server. Resolves once the server has it or refused it for good
 * (a malformed batch is not worth keeping); rejects when it should be tried again later
 * (offline, server error, rate limit).
 */
export type UsageBatchSender = (batch: UsageBatch) => Promise<void>;

/** Most batches one `sendUsageQueue` call sends: the pending one and one of new entries. */
const batchesPerSend = 2;

/** Adds `entry` to the queue. Callers check the browser's tracking signals first. */
export async function recordUsage(db: AppDatabase, entry: UsageEntry): Promise<void> {
  await modifyLocalDocument<UsageQueueState>(db, usageQueueDocumentId, (current) =>
    enqueueUsage(current ?? emptyUsageQueue, entry),
  );
}

/**
 * Counts one use of a feature (count only: nothing about the trip, file or trail), unless the
 * browser sends Do Not Track or Global Privacy Control. Never throws: counting must not break
 * the action it counts.
 */
export function recordFeatureUse(db: AppDatabase, action: FeatureAction, now = Date.now()): void {
  if (!usageCountingAllowed(globalThis.navigator)) return;
  recordUsage(db, featureEntry(action, now)).catch(() => {
    // The database closed (sign-out, tab closing); one uncounted use is acceptable.
  });
}

/**
 * Sends what waits: first a batch left pending by an earlier attempt (same id), then one of the
 * new entries. Resolves to the number of batches delivered; rejects with the sender's error,
 * leaving the batch pending for the next attempt.
 */
export async function sendUsageQueue(
  db: AppDatabase,
  send: UsageBatchSender,
  newBatchId: () => string = randomId,
): Promise<number> {
  let delivered = 0;
  for (let round = 0; round < batchesPerSend; round += 1) {
    let batch: UsageBatch | null = null;
    await modifyLocalDocument<UsageQueueState>(db, usageQueueDocumentId, (current) => {
      const cut = cutUsageBatch(current ?? emptyUsageQueue, newBatchId);
      batch = cut.batch;
      return cut.state;
    });
    const toSend = batch as UsageBatch | null;
    if (!toSend) return delivered;
    await send(toSend);
    await modifyLocalDocument<UsageQueueState>(db, usageQueueDocumentId, (current) =>
      confirmUsageBatch(current ?? emptyUsageQueue, toSend.batchId),
    );
    delivered += 1;
  }
  return delivered;
}
