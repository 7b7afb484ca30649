/**
 * Read-only catalogue routes (requirements §core-7): each answers a JSON array of documents
 * (schemas/*.ts), which the client caches for offline use. Also GET /api/health (readiness:
 * the database answers) and GET /api/health/live (liveness: the process runs).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Achievement } from '../../schemas/achievements.ts';
import { sendError, sendUnavailable } from '../errors.ts';
import type { SeededCollection } from '../seed/seed-documents.ts';
import { countLiveDocuments, getPublicDocument, listPublicDocuments } from '../storage/catalog.ts';
import type { DatabaseKind, ServerDatabase } from '../storage/database.ts';

export interface CatalogRouteOptions {
  db: Kysely<ServerDatabase>;
  databaseKind: DatabaseKind;
  /** When the current seed was written (ms since the epoch). */
  seededAt: number;
}

const jsonType = 'application/json; charset=utf-8';

/** How long GET /api/health waits for the database before it answers 503, ms. */
const healthQueryTimeoutMs = 3_000;

/** `work`, or a rejection once `ms` have passed without an answer. */
function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Joins stored document JSON texts into one JSON array without re-serialising them. */
function jsonArray(documents: string[]): string {
  return `[${documents.join(',')}]`;
}

/**
 * Registers GET /api/health, /api/health/live, /api/trails, /api/trails/:id, /api/wmas (the
 * Wildlife Management Areas), /api/achievements (sorted by sortOrder) and /api/campgrounds.
 */
export async function registerCatalogRoutes(
  app: FastifyInstance,
  { db, databaseKind, seededAt }: CatalogRouteOptions,
): Promise<void> {
  // Readiness, for load balancers and the test helpers that wait for a started server: 200
  // only when the database answers (a query of the catalogue's counts) within a few seconds.
  app.get('/api/health', async (request, reply) => {
    let counts: Record<string, number>;
    try {
      counts = await withinMs(countLiveDocuments(db), healthQueryTimeoutMs);
    } catch (error) {
      request.log.warn({ err: error }, 'health: the database did not answer');
      return sendUnavailable(reply, 'The database is not answering; this instance is not ready.');
    }
    return { status: 'ok', database: databaseKind, counts, seededAt };
  });

  // Liveness: the process runs and its event loop turns. Never touches the database, so a
  // database outage does not get healthy instances restarted.
  app.get('/api/health/live', async () => ({ status: 'alive' }));

  const listRoute = (path: string, collection: SeededCollection) =>
    app.get(path, async (_request, reply) =>
      reply.type(jsonType).send(jsonArray(await listPublicDocuments(db, collection))),
    );
  listRoute('/api/trails', 'trails');
  listRoute('/api/wmas', 'wmas');
  listRoute('/api/campgrounds', 'campgrounds');

  app.get('/api/achievements', async (_request, reply) => {
    const documents = (await listPublicDocuments(db, 'achievements')).map(
      (json) => JSON.parse(json) as Achievement,
    );
    documents.sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id));
    return reply.type(jsonType).send(JSON.stringify(documents));
  });

  app.get<{ Params: { id: string } }>('/api/trails/:id', async (request, reply) => {
    const trail = await getPublicDocument(db, 'trails', request.params.id);
    if (trail === null) return sendError(reply, 404, `No trail with id "${request.params.id}".`);
    return reply.type(jsonType).send(trail);
  });
}
