/**
 * PostgreSQL specifics of the server's storage (DATABASE_URL; docs/architecture.md#sync-server): the
 * connection pool Kysely runs on, the type parsing that makes Postgres rows look like SQLite
 * rows to the storage code, and error messages that name the database without its password.
 * Everything else (tables, migrations, queries) is shared with SQLite.
 */
import pg from 'pg';

/** Where storage code reports trouble it recovers from (dropped connections, retries). */
export interface StorageLog {
  warn(message: string): void;
}

/** Writes to stderr: the database opens before the app's own logger exists. */
export const consoleStorageLog: StorageLog = {
  warn: (message) => console.warn(message),
};

/** Postgres type id of int8 (bigint): our epoch-ms columns and every count(*). */
export const int8TypeId = 20;

/**
 * Parses an int8 column sent as text into a JS number. Our int8 values are epoch milliseconds
 * and row counts, far below 2^53, so a number is exact and the storage code gets the same
 * `number` it gets from SQLite. Throws a RangeError for a value a number cannot hold exactly,
 * rather than silently rounding it (`pg` alone would answer a string).
 */
export function parseInt8AsNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`int8 value ${text} does not fit a JavaScript number exactly`);
  }
  return value;
}

/** pg's default parsers, with int8 (text format) parsed by `parseInt8AsNumber`. */
export const postgresTypeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    typeId === int8TypeId && format !== 'binary'
      ? parseInt8AsNumber
      : pg.types.getTypeParser(typeId, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Connection settings shared by the pool and the change bus's listening connection. */
export function postgresClientConfig(databaseUrl: string): pg.ClientConfig {
  return {
    connectionString: databaseUrl,
    types: postgresTypeParsers,
    application_name: 'natural-state-trails',
    // Notices a half-open connection (a database restart, a dropped NAT entry) within minutes.
    keepAlive: true,
  };
}

/**
 * A connection pool on `databaseUrl` (postgres://user:password@host:port/database, optionally
 * with `?sslmode=…`). Connections are opened lazily, so this never throws for an unreachable
 * server; the first query does. No connection error ever crashes the process: the errors of
 * idle and of checked-out connections (the server restarted, a backend was terminated) are
 * logged to `log`, the query in flight fails (the request answers 503, errors.ts), and the pool
 * drops the dead connection and opens a new one for the next query once the server is back.
 */
export function createPostgresPool(
  databaseUrl: string,
  log: StorageLog = consoleStorageLog,
): pg.Pool {
  const pool = new pg.Pool({
    ...postgresClientConfig(databaseUrl),
    // Ten connections serve hundreds of riders: requests hold one only for a query or a push.
    max: 10,
    connectionTimeoutMillis: 10_000,
  });
  // pg-pool listens for errors only while a connection is idle and removes that listener while
  // it is checked out, so an error on a busy connection (in a push's transaction, say) would be
  // an unhandled 'error' event that ends the process. This listener stays for the connection's
  // whole life; the failed query rejects on its own and the pool discards the connection on
  // release because it is no longer queryable.
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error) => {
      if (reported) return;
      reported = true;
      log.warn(`PostgreSQL: a connection failed and will be replaced: ${error.message}`);
    });
  });
  // The pool re-emits an idle connection's error here; the listener above has logged it.
  pool.on('error', () => {});
  return pool;
}

/** SQLSTATE classes and codes that mean "the database is not answering right now". */
const unavailableSqlStates = new Set([
  '57P01', // admin_shutdown: terminated by an administrator or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** Node socket error codes of a server that is down, restarting or unreachable. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** Messages pg gives a query whose connection died or could not be opened. */
const unavailableMessage =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * True when `error` says the database could not be reached or the connection died (a restart,
 * a terminated backend, a refused or timed-out connection), as opposed to a fault of the query
 * itself: the request may then simply be retried once the database answers. Looks through
 * `cause` and AggregateError's `errors` (a refused connection to every address of a host).
 */
export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true; // connection_exception class
    if (unavailableSqlStates.has(code) || unavailableSocketCodes.has(code)) return true;
  }
  if (typeof message === 'string' && unavailableMessage.test(message)) return true;
  if (
    Array.isArray(errors) &&
    errors.some((inner) => isDatabaseUnavailableError(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailableError(cause, depth + 1);
}

/** `databaseUrl` without its password (and query), for messages and logs. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    url.search = '';
    return url.toString();
  } catch {
    return 'the PostgreSQL database (DATABASE_URL is not a valid URL)';
  }
}
