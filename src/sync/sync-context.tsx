/**
 * How screens reach the sync engine: the app shell provides
 * the engine's status store and its "sync now" action through `SyncEngineProvider`; components
 * read the status with `useSyncStatus` and trigger a sync with `useSyncEngine().syncNow`. The
 * engine (sync-engine.ts) stays the only writer of the status.
 */
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import type { SyncStatus, SyncStatusStore } from './sync-status.ts';

/** What the shell provides: the engine's status store and its manual trigger. */
export interface SyncEngineValue {
  store: SyncStatusStore;
  /**
   * Starts a sync now (pull, push, temp- id promotion), skipping any back-off wait. Returns at
   * once: progress and failures show in the store, never as a thrown error.
   */
  syncNow(): void;
}

/** The context behind `useSyncEngine`; null outside a provider. */
export const SyncEngineContext = createContext<SyncEngineValue | null>(null);

/** Provides the sync engine to its children (the app shell wraps every page in it). */
export function SyncEngineProvider({
  value,
  children,
}: {
  value: SyncEngineValue;
  children: ReactNode;
}) {
  return <SyncEngineContext.Provider value={value}>{children}</SyncEngineContext.Provider>;
}

/**
 * The sync engine from the nearest `SyncEngineProvider`.
 * Throws 'useSyncEngine must be used within a SyncEngineProvider' outside one (requirements
 * §core-8).
 */
export function useSyncEngine(): SyncEngineValue {
  const engine = useContext(SyncEngineContext);
  if (!engine) throw new Error('useSyncEngine must be used within a SyncEngineProvider');
  return engine;
}

/**
 * The engine's current status (phase, last success, last error in words, next retry), re-
 * rendering on every change. Throws outside a `SyncEngineProvider`, like `useSyncEngine`.
 *
 * Each change renders as a transition, not through `useSyncExternalStore`: that hook's updates
 * are synchronous, and while the catalogues are stored the status changes every few tens of ms.
 * Each synchronous update threw away the transition React was rendering (a catalogue list, the
 * page after the database answered), which started over and over, for seconds on a phone.
 */
export function useSyncStatus(): SyncStatus {
  const { store } = useSyncEngine();
  const [shown, setShown] = useState(() => ({ store, status: store.get() }));
  useEffect(() => {
    const subscription = store.status$.subscribe((status) =>
      startTransition(() =>
        setShown((previous) =>
          previous.store === store && previous.status === status ? previous : { store, status },
        ),
      ),
    );
    return () => subscription.unsubscribe();
  }, [store]);
  // A new store (the engine restarted for another rider) is read at once, not one render late.
  return shown.store === store ? shown.status : store.get();
}
