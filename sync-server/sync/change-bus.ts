/**
 * Tells open sync streams that a user's collection changed (docs/architecture.md#sync-server: the server
 * keeps no state beyond the database, so streams on every instance must hear of every push).
 * The in-process bus serves a single instance (SQLite); the PostgreSQL bus
 * (postgres-change-bus.ts) carries the same messages between instances with LISTEN/NOTIFY.
 */
import { EventEmitter } from 'node:events';

/** A committed change: which collection of whose documents (owner null: public catalogue). */
export interface SyncChange {
  collection: string;
  ownerId: string | null;
}

export type SyncChangeListener = (change: SyncChange) => void;

export interface ChangeBus {
  /** Announces a change; call only after its transaction committed. Never throws. */
  publish(change: SyncChange): Promise<void>;
  /** Calls `listener` for every change published on any instance; returns the unsubscribe. */
  subscribe(listener: SyncChangeListener): () => void;
  /**
   * Calls `listener` when changes may have been missed: the bus stopped hearing other
   * instances for a while (its database connection dropped) and hears them again. Whoever
   * relies on the notices must then catch up by other means (streams end, so their clients
   * reconnect and pull). Returns the unsubscribe.
   */
  onMissedChanges(listener: () => void): () => void;
  /** True while the bus hears every instance's changes (false during a reconnect). */
  readonly listening: boolean;
  /** Stops listening and releases connections. */
  close(): Promise<void>;
}

/** A bus within this process only: enough when one server instance owns the database. */
export function createInProcessChangeBus(): ChangeBus {
  const emitter = new EventEmitter();
  // One listener per open stream; hundreds of riders is normal, not a leak.
  emitter.setMaxListeners(0);
  return {
    async publish(change) {
      emitter.emit('change', change);
    },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    // Nothing travels outside the process, so nothing can be missed.
    onMissedChanges: () => () => {},
    listening: true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}
