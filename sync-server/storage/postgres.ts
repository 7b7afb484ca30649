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
 * server; the first query does. Errors of idle connections (the server restarted) are logged
 * to `log` instead of crashing the process; the pool replaces those connections.
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
  pool.on('error', (error) => {
    log.warn(`PostgreSQL: an idle connection failed and was dropped: ${error.message}`);
  });
  return pool;
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
