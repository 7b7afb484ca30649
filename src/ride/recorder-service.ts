/**
 * The page's one recording actor (issue 6 "Recording"): created once per page with its storage
 * bound to the app database, so a recording keeps running while the rider opens other pages.
 * In development builds it is shown in the Stately inspector (@statelyai/inspect); production
 * bundles never load the inspector.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createActor, type InspectionEvent } from 'xstate';
import type { AppDatabase } from '../db/database.ts';
import { createRecordingStore } from '../db/trips.ts';
import {
  recordingMachineWithStore,
  type RecordingActor,
  type RecordingSnapshot,
} from '../machines/recording-machine.ts';
import { showToast } from '../lib/toast.ts';

let recorder: Promise<RecordingActor> | null = null;

async function createRecorder(db: AppDatabase): Promise<RecordingActor> {
  const machine = recordingMachineWithStore(createRecordingStore(db), (error) => {
    console.error('Recording write failed', error);
    showToast({
      title: 'Could not save track points',
      description: 'The device refused to store part of the track. Free some storage space.',
      variant: 'destructive',
    });
  });
  let inspect: ((event: InspectionEvent) => void) | undefined;
  if (import.meta.env.DEV) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector();
    inspect = (event) => inspector.inspect.next?.(event);
  }
  const actor = createActor(machine, { input: {}, ...(inspect ? { inspect } : {}) });
  actor.start();
  return actor;
}

/** The page's recording actor, started on first use. */
export function getRecorder(db: AppDatabase): Promise<RecordingActor> {
  recorder ??= createRecorder(db);
  return recorder;
}

/**
 * The recording actor and its latest snapshot for a component; both null until it has started.
 */
export function useRecorder(db: AppDatabase): {
  actor: RecordingActor | null;
  snapshot: RecordingSnapshot | null;
} {
  const [actor, setActor] = useState<RecordingActor | null>(null);
  useEffect(() => {
    let cancelled = false;
    getRecorder(db).then(
      (started) => {
        if (!cancelled) setActor(started);
      },
      (error: unknown) => console.error('Recorder failed to start', error),
    );
    return () => {
      cancelled = true;
    };
  }, [db]);
  const snapshot = useSyncExternalStore(
    (onChange) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => actor?.getSnapshot() ?? null,
  );
  return { actor, snapshot };
}

/** Re-renders every `ms` while `active`, for live elapsed-time displays. */
export function useTicker(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
  return now;
}
