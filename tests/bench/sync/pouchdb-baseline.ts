/**
 * The classic offline-first baseline: PouchDB replicating to and from a PouchDB server.
 * express-pouchdb (mode `minimumForPouchDB`, in-memory config) serves a memory-adapter PouchDB
 * on a loopback port in this process; a memory PouchDB client holding the trips replicates them
 * to it (`replicate.to`), then a fresh memory PouchDB pulls them all back (`replicate.from`).
 * PouchDB ships no types, so the few calls used here are typed locally.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Trip } from '../../../schemas/trips.ts';

const require = createRequire(import.meta.url);

interface ReplicationResult {
  ok: boolean;
  docs_written: number;
  doc_write_failures: number;
}

interface PouchDatabase {
  bulkDocs(docs: object[]): Promise<{ ok?: boolean; error?: string }[]>;
  info(): Promise<{ doc_count: number }>;
  destroy(): Promise<unknown>;
  replicate: {
    to(target: string, options: { batch_size: number }): Promise<ReplicationResult>;
    from(source: string, options: { batch_size: number }): Promise<ReplicationResult>;
  };
}

interface PouchConstructor {
  new (name: string, options?: { adapter: string }): PouchDatabase;
  plugin(plugin: unknown): PouchConstructor;
  defaults(options: { adapter: string }): PouchConstructor;
}

interface ExpressApp {
  use(path: string, handler: unknown): void;
  listen(port: number, host: string, ready: () => void): Server;
}

/** Docs per second of one direction, with how many documents arrived. */
export interface DirectionFigure {
  documents: number;
  ms: number;
  docsPerSecond: number;
}

/** What the PouchDB baseline measured. */
export interface PouchDbFigures {
  push: DirectionFigure;
  pull: DirectionFigure;
}

/** Documents per request in each direction (the same as our client's, for a fair race). */
export interface BatchSizes {
  push: number;
  pull: number;
}

/** Docs per second from a count and a duration in ms. */
export function figure(documents: number, ms: number): DirectionFigure {
  return { documents, ms, docsPerSecond: (documents / ms) * 1000 };
}

/** A PouchDB document for a trip: `_id` is the trip id, every other field as is. */
function toPouchDocument(trip: Trip): object {
  const { id, ...rest } = trip;
  return { _id: id, ...rest };
}

let pouchDbWithPlugins: PouchConstructor | null = null;
let runCount = 0;

/** PouchDB with the memory, http and replication plugins (which may be added once per process). */
function pouchDbConstructor(): PouchConstructor {
  pouchDbWithPlugins ??= (require('pouchdb-core') as PouchConstructor)
    .plugin(require('pouchdb-adapter-memory'))
    .plugin(require('pouchdb-adapter-http'))
    .plugin(require('pouchdb-replication'));
  return pouchDbWithPlugins;
}

let serverApp: ExpressApp | null = null;

/**
 * The express-pouchdb app, made once per process: its registry of databases (pouchdb-all-dbs)
 * lives in process-wide memory, and a second app on it fails to create databases.
 */
function pouchDbServerApp(PouchDB: PouchConstructor): ExpressApp {
  if (serverApp) return serverApp;
  const expressPouchDb = require('express-pouchdb') as (
    pouch: PouchConstructor,
    options: object,
  ) => unknown;
  const express = require('express') as () => ExpressApp;
  serverApp = express();
  serverApp.use(
    '/',
    expressPouchDb(PouchDB.defaults({ adapter: 'memory' }), {
      mode: 'minimumForPouchDB',
      inMemoryConfig: true,
    }),
  );
  return serverApp;
}

/**
 * Replicates `trips` from a memory PouchDB to an express-pouchdb server on loopback and back
 * into a fresh memory PouchDB, `batchSizes` documents per request, and times each direction
 * (filling the source database is not timed). Throws if a direction does not move every
 * document. Closes the server and destroys every database before returning.
 */
export async function measurePouchDb(
  trips: Trip[],
  batchSizes: BatchSizes,
): Promise<PouchDbFigures> {
  const PouchDB = pouchDbConstructor();
  const app = pouchDbServerApp(PouchDB);
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  // The memory adapter keeps databases by name for the whole process: every run gets new names.
  runCount += 1;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench-trips-${runCount}`;
  const source = new PouchDB(`bench-source-${runCount}`, { adapter: 'memory' });
  const target = new PouchDB(`bench-target-${runCount}`, { adapter: 'memory' });
  try {
    const stored = await source.bulkDocs(trips.map(toPouchDocument));
    if (stored.some((row) => row.error)) throw new Error('PouchDB bulkDocs refused a trip');
    // PouchDB's own defaults except the batch size, which both sides share.
    let started = performance.now();
    const pushed = await source.replicate.to(url, { batch_size: batchSizes.push });
    const push = figure(pushed.docs_written, performance.now() - started);

    started = performance.now();
    const pulled = await target.replicate.from(url, { batch_size: batchSizes.pull });
    const pull = figure(pulled.docs_written, performance.now() - started);

    if (push.documents !== trips.length || pull.documents !== trips.length) {
      throw new Error(
        `PouchDB moved ${push.documents} up and ${pull.documents} down of ${trips.length} trips`,
      );
    }
    return { push, pull };
  } finally {
    await fetch(url, { method: 'DELETE' });
    await source.destroy();
    await target.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
