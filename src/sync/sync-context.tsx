/**
 * How screens reach the sync engine: the app shell provides
 * the engine's status store and its "sync now" action through `SyncEngineProvider`; components
 * read the status with `useSyncStatus` and trigger a sync with `useSyncEngine().syncNow`. The
 * engine (sync-engine.ts) stays the only writer of the status.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
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

/** Subscribes a status store for useSyncExternalStore; get() is stable between changes. */
function subscribeTo(store: SyncStatusStore) {
  return (onChange: () => void) => {
    // status$ replays the current value on subscribe; useSyncExternalStore compares
    // snapshots, so that extra call re-renders nothing.
    const subscription = store.status$.subscribe(() => onChange());
    return () => subscription.unsubscribe();
  };
}

const subscribers = new WeakMap<SyncStatusStore, (onChange: () => void) => () => void>();

/**
 * The engine's current status (phase, last success, last error in words, next retry), re-
 * rendering on every change. Throws outside a `SyncEngineProvider`, like `useSyncEngine`.
 */
export function useSyncStatus(): SyncStatus {
  const { store } = useSyncEngine();
  let subscribe = subscribers.get(store);
  if (!subscribe) {
    subscribe = subscribeTo(store);
    subscribers.set(store, subscribe);
  }
  return useSyncExternalStore(subscribe, store.get, store.get);
}
