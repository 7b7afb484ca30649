/**
 * The change bus between server instances on one PostgreSQL database (docs/architecture.md#sync-server:
 * pull streams fan out across instances through LISTEN/NOTIFY). Each instance keeps one
 * dedicated connection that LISTENs on a channel; `publish` sends `pg_notify` through the pool,
 * and every instance, the publisher included, hears the change on its listening connection and
 * tells its own subscribers. So a stream gets the same notices whichever instance took the push.
 *
 * A listening connection that drops is reopened with growing pauses (250 ms doubling to 10 s).
 * Notices sent while it is down are lost, so once it listens again the bus tells its
 * `onMissedChanges` listeners: the streams end and their clients reconnect and pull (RESYNC)
 * whatever was pushed through other instances meanwhile.
 */
import pg from 'pg';
import { consoleStorageLog, postgresClientConfig, type StorageLog } from '../storage/postgres.ts';
import type { ChangeBus, SyncChange, SyncChangeListener } from './change-bus.ts';

/** The NOTIFY channel every instance of this server listens on. */
export const defaultChangeChannel = 'nst_sync_changes';

/** First and longest pause before reopening a dropped listening connection, ms. */
const firstReconnectDelayMs = 250;
const longestReconnectDelayMs = 10_000;

export interface PostgresChangeBusOptions {
  /** The database every instance shares (DATABASE_URL). */
  databaseUrl: string;
  /** Pool that `publish` sends `pg_notify` through (the app's own pool). */
  pool: pg.Pool;
  /** NOTIFY channel: lower-case letters, digits and `_`; default `nst_sync_changes`. */
  channel?: string;
  /** Where reconnects and dropped messages are reported; default stderr. */
  log?: StorageLog;
}

/** True when `value` has the shape of a `SyncChange`. */
function isSyncChange(value: unknown): value is SyncChange {
  if (typeof value !== 'object' || value === null) return false;
  const { collection, ownerId } = value as Record<string, unknown>;
  return typeof collection === 'string' && (ownerId === null || typeof ownerId === 'string');
}

/** Ends a connection this bus no longer uses, ignoring its errors. */
function discard(client: pg.Client): void {
  client.removeAllListeners();
  client.on('error', () => {});
  void client.end().catch(() => {});
}

/**
 * Parses one notice and hands it to every listener; a malformed notice or a failing listener is
 * logged and never stops the others.
 */
function deliver(
  payload: string | undefined,
  listeners: ReadonlySet<SyncChangeListener>,
  channel: string,
  log: StorageLog,
): void {
  let change: unknown;
  try {
    change = JSON.parse(payload ?? '');
  } catch {
    change = undefined;
  }
  if (!isSyncChange(change)) {
    log.warn(`Change bus: ignored a malformed notice on "${channel}": ${payload}`);
    return;
  }
  const notice: SyncChange = { collection: change.collection, ownerId: change.ownerId };
  for (const listener of [...listeners]) {
    try {
      listener(notice);
    } catch (error) {
      log.warn(`Change bus: a subscriber failed: ${(error as Error).message}`);
    }
  }
}

/**
 * The one LISTENing connection of an instance, reopened with growing pauses when it drops.
 * `onPayload` receives the payload of every notice on the channel.
 */
class ListeningConnection {
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelayMs = firstReconnectDelayMs;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly log: StorageLog,
    private readonly onPayload: (payload: string | undefined) => void,
    private readonly onListeningAgain: () => void,
  ) {}

  /** True while a connection is LISTENing (false from a drop until the reconnect succeeds). */
  get listening(): boolean {
    return this.client !== null;
  }

  /**
   * Opens a connection, LISTENs on the channel and makes it the listening connection (unless
   * closed meanwhile). Throws when it cannot connect or LISTEN.
   */
  async listen(): Promise<void> {
    const client = new pg.Client(postgresClientConfig(this.databaseUrl));
    let ready = false;
    let droppedWhileStarting = false;
    const onLost = (error: Error | null) => {
      if (ready) this.connectionLost(client, error);
      else droppedWhileStarting = true;
    };
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onPayload(message.payload);
    });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => onLost(error));
    client.on('end', () => onLost(null));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (droppedWhileStarting) throw new Error('the connection dropped while starting to listen');
    } catch (error) {
      discard(client);
      throw error;
    }
    if (this.closed) {
      discard(client);
      return;
    }
    ready = true;
    this.client = client;
  }

  /** Stops listening for good: no reconnect follows. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }

  private connectionLost(client: pg.Client, error: Error | null): void {
    if (this.closed || client !== this.client) return;
    this.client = null;
    discard(client);
    this.log.warn(
      `Change bus: the listening connection dropped${error ? ` (${error.message})` : ''}; ` +
        `reconnecting in ${this.reconnectDelayMs} ms`,
    );
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, longestReconnectDelayMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().then(
        () => {
          if (this.closed) return;
          this.reconnectDelayMs = firstReconnectDelayMs;
          this.log.warn(`Change bus: listening on "${this.channel}" again`);
          this.onListeningAgain();
        },
        (error: unknown) => {
          this.log.warn(
            `Change bus: reconnecting failed (${(error as Error).message}); ` +
              `retrying in ${this.reconnectDelayMs} ms`,
          );
          this.scheduleReconnect();
        },
      );
    }, delay);
  }
}

/**
 * Opens the bus: connects the listening connection and LISTENs before resolving, so a change
 * published after this resolves reaches this instance's subscribers. Throws when the first
 * connection fails (the database is unreachable) or the channel name is invalid.
 */
export async function createPostgresChangeBus(
  options: PostgresChangeBusOptions,
): Promise<ChangeBus> {
  const channel = options.channel ?? defaultChangeChannel;
  // LISTEN takes an identifier, not a parameter: allow only names that need no quoting.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) {
    throw new Error(`Invalid NOTIFY channel name "${channel}"`);
  }
  const log = options.log ?? consoleStorageLog;
  const listeners = new Set<SyncChangeListener>();
  const missedListeners = new Set<() => void>();
  const connection = new ListeningConnection(
    options.databaseUrl,
    channel,
    log,
    (payload) => deliver(payload, listeners, channel, log),
    () => {
      for (const listener of [...missedListeners]) {
        try {
          listener();
        } catch (error) {
          log.warn(`Change bus: a subscriber failed: ${(error as Error).message}`);
        }
      }
    },
  );
  let closed = false;
  await connection.listen();

  return {
    async publish(change) {
      try {
        const payload = JSON.stringify({ collection: change.collection, ownerId: change.ownerId });
        await options.pool.query('select pg_notify($1, $2)', [channel, payload]);
      } catch (error) {
        // The change is committed; a lost notice only delays streams until the next one.
        log.warn(`Change bus: could not publish a change: ${(error as Error).message}`);
      }
    },
    subscribe(listener) {
      // Wrapped so subscribing one function twice gives two independent subscriptions.
      const subscription: SyncChangeListener = (change) => listener(change);
      listeners.add(subscription);
      return () => {
        listeners.delete(subscription);
      };
    },
    onMissedChanges(listener) {
      const subscription = () => listener();
      missedListeners.add(subscription);
      return () => {
        missedListeners.delete(subscription);
      };
    },
    get listening() {
      return !closed && connection.listening;
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      missedListeners.clear();
      await connection.close();
    },
  };
}
