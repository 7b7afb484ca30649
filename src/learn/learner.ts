/**
 * Whose progress a learn page reads and writes: the signed-in rider, or 'anonymous' on this
 * device when signed out (kept offline, moved to the rider at sign-in by the sync engine).
 */
import { recordOwner } from '../db/records.ts';
import { useSession } from '../lib/auth/session-context.tsx';

/** The owner id for records of the current session. */
export function useLearnerId(): string {
  const session = useSession();
  return recordOwner(session.status === 'signedIn' ? session.user?.id : null);
}
