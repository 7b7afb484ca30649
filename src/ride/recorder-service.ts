/**
 * The page's one recording actor: created once per page with its storage
 * bound to the app database and kept in the shared actor registry, so a recording keeps running
 * while the rider opens other pages (and through StrictMode's remounts). In development builds
 * it is shown in the Stately inspector, like every actor of the app (src/machines/inspector.ts).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createActor } from 'xstate';
import type { AppDatabase } from '../db/database.ts';
import { createRecordingStore } from '../db/trips/recording-store.ts';
import { sharedActor } from '../machines/actor-registry.ts';
import { inspectOption } from '../machines/inspector.ts';
import {
  recordingMachineWithStore,
  type RecordingActor,
  type RecordingSnapshot,
} from '../machines/recording-machine.ts';
import { showToast } from '../lib/toast.ts';

function createRecorder(db: AppDatabase): RecordingActor {
  const machine = recordingMachineWithStore(createRecordingStore(db), (error) => {
    console.error('Recording write failed', error);
    showToast({
      title: 'Could not save track points',
      description: 'The device refused to store part of the track. Free some storage space.',
      variant: 'destructive',
    });
  });
  return createActor(machine, { input: {}, ...inspectOption });
}

/** The page's recording actor over `db`, started on first use. */
export function getRecorder(db: AppDatabase): RecordingActor {
  return sharedActor('recording', () => createRecorder(db));
}

/** The recording actor and its latest snapshot for a component. */
export function useRecorder(db: AppDatabase): {
  actor: RecordingActor;
  snapshot: RecordingSnapshot;
} {
  const actor = getRecorder(db);
  const snapshot = useSelector(actor, (current) => current);
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
