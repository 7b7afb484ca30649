/**
 * Runs the sync engine (src/sync/sync-engine.ts) for every visitor and hands its status and
 * "Sync now" to every screen. A guest's engine pulls the public catalogues;
 * signing in restarts it with the rider's collections too, signing out (or another rider
 * signing in) restarts it again, and local data stays and waits. A new engine starts only
 * after the previous one has stopped, so two never share a checkpoint. When the server says the
 * rider's account was deleted, the engine clears their data and the session signs out. The engine module
 * loads after the first paint, so it never delays the app's start, and beside the database
 * rather than after it, so the catalogue's first pull starts the moment the database is open
 * (offline-ready sooner).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useOptionalDatabase } from '../db-react/provider.tsx';
import { useSession } from '../lib/auth/session-context.tsx';
import { SyncEngineProvider, type SyncEngineValue } from './sync-context.tsx';
import type { SyncEngine } from './sync-engine.ts';
import { createSyncStatusStore } from './sync-status.ts';
import { yieldToMain } from '../lib/scheduling/yield-to-main.ts';

let engineModules: Promise<
  [typeof import('./sync-engine.ts'), typeof import('./sync-transport.ts')]
> | null = null;

/** The engine's code, requested once. */
function loadEngineModules() {
  engineModules ??= Promise.all([import('./sync-engine.ts'), import('./sync-transport.ts')]);
  return engineModules;
}

/**
 * Provides the engine's status to `children`; must render inside the database and session
 * providers. Under a deferred database provider the engine starts once the database is open;
 * with `loadAfter` its code loads before that, beside the database.
 */
export function SyncEngineRunner({
  children,
  loadAfter,
}: {
  children: ReactNode;
  /** Settles when the engine's code may start loading (the app: its first screen painted). */
  loadAfter?: Promise<unknown>;
}) {
  const db = useOptionalDatabase();
  const { status, user, accountDeleted } = useSession();
  const [store] = useState(() => createSyncStatusStore());
  const engine = useRef<SyncEngine | null>(null);
  // While the session machine is still loading, the user is the stored one whose token is
  // valid (session-provider.tsx): starting with them saves restarting the engine a moment later.
  const userId = status === 'signedOut' ? null : (user?.id ?? null);

  const previousStop = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    void loadAfter?.then(loadEngineModules);
  }, [loadAfter]);

  useEffect(() => {
    if (!userId) store.update({ phase: 'signedOut', nextRetryAt: null, lastError: null });
    if (!db) return;
    let cancelled = false;
    let running: SyncEngine | null = null;
    void Promise.all([loadEngineModules(), previousStop.current])
      // In a task of its own: the engine's start (the replications' bookkeeping, the change
      // stream) would otherwise join the effects of the render that opened the database, one
      // task of about 250 ms on a mid-range phone.
      .then(async ([modules]) => {
        await yieldToMain();
        return modules;
      })
      .then(([{ startSyncEngine }, { browserSyncTransport }]) => {
        if (cancelled) return;
        running = startSyncEngine({
          db,
          transport: browserSyncTransport,
          userId,
          serverIdentity: window.location.origin,
          status: store,
          onAccountDeleted: accountDeleted,
        });
        engine.current = running;
      });
    return () => {
      cancelled = true;
      engine.current = null;
      previousStop.current = running?.stop() ?? Promise.resolve();
      store.update({ phase: 'signedOut', nextRetryAt: null });
    };
  }, [db, userId, store, accountDeleted]);

  useEffect(() => {
    if (!userId) return;
    // Photos wait on the device (src/photos) and go while a rider is signed in; the uploader's
    // code loads only then, off the first visit.
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../photos/photo-upload-runner.ts').then(({ startPhotoUploads }) => {
      if (!cancelled) stop = startPhotoUploads();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);

  useEffect(() => {
    // Every visitor: the photos of reports in the regions downloaded here, kept for offline.
    if (!db) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./region-report-thumbnails.ts').then(({ startKeepingRegionReportThumbnails }) => {
      if (!cancelled) stop = startKeepingRegionReportThumbnails(db);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [db]);

  const value = useMemo<SyncEngineValue>(
    () => ({ store, syncNow: () => engine.current?.syncNow() }),
    [store],
  );
  return <SyncEngineProvider value={value}>{children}</SyncEngineProvider>;
}
