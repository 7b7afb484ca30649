/**
 * How the sync engine learns that the rider's account was deleted (on another device, or on this
 * one while a request was on its way): the server answers any request of theirs with 410 and
 * `code: 'account-deleted'` (schemas/account-deletion.ts). On the first such answer the engine
 * stops, every document of the rider is removed from this device (src/db/account-data.ts), and
 * the app is told so it signs out.
 */
import type { AppDatabase } from '../db/database.ts';
import { isAccountDeletedError } from '../lib/auth/auth-errors.ts';
import type { SyncTransport } from './sync-transport.ts';

/**
 * `transport`, which also calls `onDeleted` once, at the first answer that is the 410
 * `account-deleted` one (a request's, or the change stream's opening); errors pass on unchanged.
 */
export function watchAccountDeletion(
  transport: SyncTransport,
  onDeleted: () => void,
): SyncTransport {
  let told = false;
  const check = (error: unknown) => {
    if (told || !isAccountDeletedError(error)) return;
    told = true;
    onDeleted();
  };
  return {
    async request(method, path, body, signal) {
      try {
        return await transport.request(method, path, body, signal);
      } catch (error) {
        check(error);
        throw error;
      }
    },
    async openStream(path, signal) {
      try {
        return await transport.openStream(path, signal);
      } catch (error) {
        check(error);
        throw error;
      }
    },
  };
}

/**
 * What the engine does on that answer: stops `engine` first (so none of the removals is pushed),
 * removes `userId`'s documents from the device, then calls `onCleared`. Failures are logged.
 */
export function clearDeletedAccount(
  engine: { stop(): Promise<void> },
  db: AppDatabase,
  userId: string | null,
  onCleared: (() => void) | undefined,
): void {
  void engine
    .stop()
    // Loaded only now: the archive module (ZIP, GPX) would otherwise weigh on every first visit.
    .then(async () => {
      if (!userId) return 0;
      const { removeAccountFromDevice } = await import('../db/account-data.ts');
      return removeAccountFromDevice(db, userId);
    })
    .then(() => onCleared?.())
    .catch((error: unknown) => console.error('Removing the deleted account failed', error));
}
