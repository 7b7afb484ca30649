/**
 * "Delete my account" on the device: what the dialog says is deleted and kept (generated from the
 * privacy entries and the server's anonymisation rules), and the request itself. The request id
 * is stored first (src/db/pending-account-deletion.ts), so a request made offline, or whose answer
 * was lost, is sent again with the same id and carried out exactly once. The password is only
 * ever held in this module's memory while the app stays open; after a reload the rider enters it
 * again to finish. Once the server has deleted the account, this device's copy of it goes too.
 */
import { deletedSubmitterName, accountDeletionPath } from '../../schemas/account-deletion.ts';
import type { AccountDeletionAnswer } from '../../schemas/account-deletion.ts';
import { removeAccountFromDevice } from '../db/account-data.ts';
import type { AppDatabase } from '../db/database.ts';
import {
  clearPendingAccountDeletion,
  queueAccountDeletion,
  readPendingAccountDeletion,
  type PendingAccountDeletion,
} from '../db/pending-account-deletion.ts';
import { isAccountDeletedError, serverMessageOf } from '../lib/auth/auth-errors.ts';
import { apiRequest, HttpError } from '../lib/http/request.ts';
import {
  collectionPolicy,
  localDocumentPolicy,
  serverTablePolicy,
} from '../lib/privacy/stored-data.ts';

/** What the dialog lists: what goes, and what stays and why. */
export interface DeletionStatement {
  deleted: string[];
  kept: string[];
}

/** A sentence as part of a list: lower-case first letter, no full stop. */
const sentencePart = (sentence: string) =>
  `${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`.replace(/\.$/, '');

const serverHolds = (table: string) =>
  serverTablePolicy.find((item) => item.name === table)?.holds ?? '';

/**
 * The dialog's statement, from the privacy entries (every collection whose descriptor says it is
 * deleted with the account, the group ride tables, the local documents removed with the account) and the
 * rules the server applies (storage/account-deletions.ts).
 */
export function deletionStatement(): DeletionStatement {
  const removedLocally = localDocumentPolicy.filter((item) => item.removedWithAccount);
  return {
    deleted: [
      ...Object.values(collectionPolicy)
        .filter((item) => item.onAccountDeletion?.action === 'deleted')
        .map((item) => item.holds),
      `${serverHolds('group_rides')} The rides you organise are cancelled and removed for their members too.`,
      serverHolds('group_ride_members'),
      'Repair shops you suggested that are not approved yet.',
      `On this device: ${removedLocally.map((item) => sentencePart(item.holds)).join('; ')}.`,
    ],
    kept: [
      `Trails you submitted that an administrator approved stay in the public trail catalogue, with their line and description, because other riders rely on them; they are credited to “${deletedSubmitterName}” instead of your username. Approved repair shops you suggested stay listed the same way.`,
      'Campground ratings are recalculated without your reviews.',
      'Your username stays reserved, so no one can sign in as you or take it; your email address and password can no longer be used.',
      `A record that the account was deleted: ${serverHolds('account_deletions')} It lets your other devices learn of the deletion and clear your data the next time they reach the server.`,
      'The public catalogues, this device’s settings, and your emergency contacts and medical notes (they were never part of your account; change them on the Safety page).',
    ],
  };
}

/** The password was wrong: nothing was deleted. `message` is the server's, for the rider. */
export class WrongPasswordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WrongPasswordError';
  }
}

/**
 * The server deleted the account, but this device could not remove its copy of the account's
 * data (`cause`). The copy goes the next time this device syncs: the sync engine is answered 410
 * `account-deleted` and clears it (src/sync/account-deleted-watch.ts).
 */
export class DeviceCopyNotClearedError extends Error {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `Your account was deleted, but this device could not remove its copy of your data yet (${reason}). It tries again the next time it syncs.`,
      { cause },
    );
    this.name = 'DeviceCopyNotClearedError';
  }
}

/** The outcome of asking: deleted now, or waiting for the device to be back online. */
export type DeletionOutcome = 'deleted' | 'waiting';

interface Held {
  db: AppDatabase;
  userId: string;
  password: string;
  onDeleted: () => void;
  onFailed: (error: unknown) => void;
}

/** The password of a waiting deletion, in memory only, and the 'online' listener that sends it. */
let held: Held | null = null;
let retry: (() => void) | null = null;

function forgetHeld(): void {
  if (retry) globalThis.removeEventListener?.('online', retry);
  held = null;
  retry = null;
}

function holdUntilOnline(next: Held): void {
  forgetHeld();
  held = next;
  retry = () => {
    const current = held;
    if (!current) return;
    void send(current).catch(current.onFailed);
  };
  globalThis.addEventListener?.('online', retry);
}

/** True when a deletion of `userId` waits with its password held in memory (no reload since). */
export function isPasswordHeld(userId: string): boolean {
  return held?.userId === userId;
}

/** Sends the stored request; holds it again when the device turns out to be offline. */
async function send(request: Held): Promise<DeletionOutcome> {
  const pending = await queueAccountDeletion(request.db, request.userId);
  try {
    await apiRequest<AccountDeletionAnswer>('POST', accountDeletionPath, {
      password: request.password,
      requestId: pending.requestId,
    });
  } catch (error) {
    // 410: this very request was carried out, its answer lost, and the token died with it.
    if (!isAccountDeletedError(error)) {
      if (error instanceof HttpError && error.status === 403) {
        forgetHeld();
        await clearPendingAccountDeletion(request.db);
        throw new WrongPasswordError(
          serverMessageOf(error) ?? 'That password is not right, so nothing was deleted.',
        );
      }
      if (error instanceof TypeError) {
        // No connection after all: wait for it.
        holdUntilOnline(request);
        return 'waiting';
      }
      throw error;
    }
  }
  forgetHeld();
  try {
    await removeAccountFromDevice(request.db, request.userId);
  } catch (error) {
    throw new DeviceCopyNotClearedError(error);
  }
  request.onDeleted();
  return 'deleted';
}

/**
 * Asks the server to delete `userId`'s account with `password` (online now, or as soon as the
 * device is back online while the app stays open). On success removes the account's data from
 * this device and calls `onDeleted` (the session signs out). Rejects with `WrongPasswordError`
 * (nothing deleted, nothing waiting), with `DeviceCopyNotClearedError` (deleted on the server,
 * not yet on this device), or with the request's error for other refusals (the request stays
 * waiting); `onFailed` receives errors of a send made later, when back online.
 */
export async function deleteAccount(request: Held & { online: boolean }): Promise<DeletionOutcome> {
  const { online, ...rest } = request;
  await queueAccountDeletion(rest.db, rest.userId);
  if (!online) {
    holdUntilOnline(rest);
    return 'waiting';
  }
  return send(rest);
}

/** The deletion of `userId` waiting on this device, or null. */
export function readWaitingDeletion(
  db: AppDatabase,
  userId: string,
): Promise<PendingAccountDeletion | null> {
  return readPendingAccountDeletion(db, userId);
}

/** Cancels a waiting deletion: nothing will be sent, the password is forgotten. */
export async function cancelWaitingDeletion(db: AppDatabase): Promise<void> {
  forgetHeld();
  await clearPendingAccountDeletion(db);
}
