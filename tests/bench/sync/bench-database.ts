/**
 * Where a benchmark's server keeps its data (issue 18: the benchmark "also runs on PostgreSQL
 * when `DATABASE_URL` is set"). Without `DATABASE_URL`: a SQLite file in a temporary folder.
 * With it: a throw-away database `nst_bench_<random>` created on that PostgreSQL server for
 * each contender's server and dropped afterwards, so every run starts empty and the database the
 * URL names is never written. The URL's role must be allowed to CREATE DATABASE.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ServerDatabaseLocation } from '../../../sync-server/storage/database.ts';

/** A fresh, empty database for one server, and how to remove it. */
export interface BenchDatabase {
  /** What `buildApp` and `openServerDatabase` take. */
  location: ServerDatabaseLocation;
  /** Removes the database (PostgreSQL) and the temporary folder. Safe to call twice. */
  remove(): Promise<void>;
}

/** The PostgreSQL server to benchmark on, or null for SQLite. */
export function benchPostgresUrl(): string | null {
  return process.env.DATABASE_URL?.trim() || null;
}

/** "PostgreSQL" or "SQLite": the storage the benchmark's servers use in this run. */
export function benchStorageName(): string {
  return benchPostgresUrl() ? 'PostgreSQL' : 'SQLite';
}

/** Runs `statement` on the server of `url` (its own database stays untouched). */
async function runOnServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Makes an empty database for one benchmark server. Throws, naming the cause, when the
 * PostgreSQL server refuses the connection or the CREATE DATABASE.
 */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const folder = mkdtempSync(join(tmpdir(), 'nst-bench-sync-'));
  const databaseFile = join(folder, 'sync.sqlite');
  const serverUrl = benchPostgresUrl();
  if (!serverUrl) {
    return {
      location: { databaseFile },
      remove: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const name = `nst_bench_${randomBytes(8).toString('hex')}`;
  try {
    await runOnServer(serverUrl, `create database ${name}`);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The benchmark on PostgreSQL makes a throw-away database per server, and DATABASE_URL's ` +
        `server refused: ${reason}`,
      { cause: error },
    );
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let removed = false;
  return {
    location: { databaseFile, databaseUrl: url.toString() },
    async remove() {
      if (removed) return;
      removed = true;
      rmSync(folder, { recursive: true, force: true });
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
