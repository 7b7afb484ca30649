/**
 * What the recording machine (src/machines/recording-machine.ts) needs from storage, and what it
 * hands over: one definition for the machine and for `createRecordingStore` in
 * src/db/trips/recording-store.ts, which implements it over RxDB. Times are epoch ms, distances
 * miles.
 */
import type { Fix, TrackStatsState } from '../geo/track-stats.ts';

/** A trip left mid-recording by a reload or crash, offered as "Resume recording". */
export interface InterruptedTripSummary {
  tripId: string;
  name: string;
  startedAt: number;
  distanceMiles: number;
  phase: 'recording' | 'paused';
}

/** What resuming a trip hands back to continue it. */
export interface ResumedTripState {
  tripId: string;
  name: string;
  trailId: string | null;
  startedAt: number;
  stats: TrackStatsState;
  phase: 'recording' | 'paused';
}

/** The session persisted with every flush, so a reload can resume the recording. */
export interface RecordingSessionSnapshot {
  tripId: string;
  phase: 'recording' | 'paused';
  pausedBy: 'rider' | 'auto' | null;
  startedAt: number;
  stats: TrackStatsState;
}

/** The storage the recording machine needs: trips, chunked points and the resumable session. */
export interface RecordingStorePort {
  findInterrupted(): Promise<InterruptedTripSummary | null>;
  begin(input: {
    name: string | null;
    trailId: string | null;
    startedAt: number;
  }): Promise<{ tripId: string; name: string }>;
  resume(tripId: string): Promise<ResumedTripState>;
  /** Buffers a point; the session (with statistics including this point) is written with it. */
  appendPoint(fix: Fix, session: RecordingSessionSnapshot): Promise<void>;
  /** Records the session; a change of phase (pause, resume) is written at once. */
  saveSession(session: RecordingSessionSnapshot): Promise<void>;
  /** Flushes, finishes the trip and clears the session. */
  finish(tripId: string, stats: TrackStatsState): Promise<{ tripId: string }>;
  /** Finishes an interrupted trip as stored, without resuming it. */
  closeInterrupted(tripId: string): Promise<void>;
}
