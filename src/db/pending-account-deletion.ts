/**
 * An account deletion the rider asked for with no signal (the profile page's "Delete my
 * account"): the request id and when it was asked, kept in the device-only local document
 * 'account-deletion' until the deletion is carried out, so it is sent once the device is back
 * online and, being the same request id, carried out exactly once. The password is never
 * stored: after a reload the rider enters it again to finish.
 */
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';

/** Id of the local document (described in src/lib/privacy/stored-data.ts). */
export const pendingAccountDeletionDocumentId = 'account-deletion';

/** A deletion waiting to be sent. `requestedAt` epoch ms; `requestId` a UUID. */
export interface PendingAccountDeletion {
  userId: string;
  requestId: string;
  requestedAt: number;
}

/** The waiting deletion of `userId`, or null (none, or another rider's). */
export async function readPendingAccountDeletion(
  db: AppDatabase,
  userId: string,
): Promise<PendingAccountDeletion | null> {
  const document = await db.getLocal<PendingAccountDeletion>(pendingAccountDeletionDocumentId);
  const pending = document?.toJSON().data ?? null;
  return pending && pending.userId === userId ? pending : null;
}

/**
 * Stores a deletion of `userId` to send, or returns the one already waiting for them (its
 * request id kept, so a second press never makes a second request).
 */
export async function queueAccountDeletion(
  db: AppDatabase,
  userId: string,
  now: number = Date.now(),
): Promise<PendingAccountDeletion> {
  return modifyLocalDocument<PendingAccountDeletion>(
    db,
    pendingAccountDeletionDocumentId,
    (current) =>
      current && current.userId === userId
        ? current
        : { userId, requestId: crypto.randomUUID(), requestedAt: now },
  );
}

/** Forgets the waiting deletion (carried out, or cancelled by the rider). */
export async function clearPendingAccountDeletion(db: AppDatabase): Promise<void> {
  const document = await db.getLocal(pendingAccountDeletionDocumentId);
  await document?.remove();
}
