/**
 * Read-only catalogue routes (requirements §core-7): each answers a JSON array of documents
 * (schemas/*.ts), which the client caches for offline use. Also GET /api/health.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Achievement } from '../../schemas/achievements.ts';
import { sendError } from '../errors.ts';
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

/** Joins stored document JSON texts into one JSON array without re-serialising them. */
function jsonArray(documents: string[]): string {
  return `[${documents.join(',')}]`;
}

/**
 * Registers GET /api/health, /api/trails, /api/trails/:id, /api/wmas (the Wildlife Management
 * Areas), /api/achievements (sorted by sortOrder) and /api/campgrounds.
 */
export async function registerCatalogRoutes(
  app: FastifyInstance,
  { db, databaseKind, seededAt }: CatalogRouteOptions,
): Promise<void> {
  app.get('/api/health', async () => ({
    status: 'ok',
    database: databaseKind,
    counts: await countLiveDocuments(db),
    seededAt,
  }));

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
