/**
 * The recording session: the RxDB local document (device-only, never replicated) that holds the
 * recording in progress, so a reload or crash resumes the same trip (requirements §core-4
 * "Offline"). Written by the recording store after each chunk write, cleared when the trip is
 * finished or deleted; its own module so the store and the trip writes share it.
 */
import type { RecordingSessionSnapshot } from '../../lib/recording/recording-storage.ts';
import type { AppDatabase } from '../database.ts';
import { modifyLocalDocument } from '../local-document-write.ts';

/** Local document holding the recording in progress, for resuming after a reload or crash. */
export const recordingSessionDocumentId = 'recording-session';

/** What is persisted of a recording in progress, with when it was saved (epoch ms). */
export interface RecordingSession extends RecordingSessionSnapshot {
  savedAt: number;
}

/** Writes (replaces) the recording session. */
export async function writeRecordingSession(
  db: AppDatabase,
  session: RecordingSession,
): Promise<void> {
  await modifyLocalDocument<RecordingSession | { tripId: null }>(
    db,
    recordingSessionDocumentId,
    () => session,
  );
}

/** Clears the recording session (after finishing or discarding). */
export async function clearRecordingSession(db: AppDatabase): Promise<void> {
  await modifyLocalDocument<RecordingSession | { tripId: null }>(
    db,
    recordingSessionDocumentId,
    () => ({ tripId: null }),
  );
}

/** The recording session, or null when none is open. */
export async function readRecordingSession(db: AppDatabase): Promise<RecordingSession | null> {
  const document = await db.getLocal<RecordingSession | { tripId: null }>(
    recordingSessionDocumentId,
  );
  if (!document) return null;
  const data = (document.toJSON() as unknown as { data: RecordingSession | { tripId: null } }).data;
  return data.tripId ? (data as RecordingSession) : null;
}
