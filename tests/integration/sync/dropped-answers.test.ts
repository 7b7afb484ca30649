// Exactly once under lost answers, for every collection whose ids are promoted (descriptor
// `idRule.kind === 'promoted'`): documents made offline under temp- ids sync through a transport
// that loses answers at random (seeded) after the server acted on the request, as when a phone
// drops off the network mid-answer. The server must end with each document exactly once (rows of
// the rider in `user_documents`), the device with canonical ids only. Documents are drawn from
// each collection's schema (tests/support/schema-arbitrary.ts), so a new promotable collection is
// covered by its descriptor alone.
import fc from 'fast-check';
import stableStringify from 'fast-json-stable-stringify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RxCollection } from 'rxdb';
import {
  isPushedByRiders,
  type CollectionDescriptor,
} from '../../../schemas/collections/descriptor.ts';
import { allCollections } from '../../../schemas/collections/index.ts';
import {
  isTempId,
  promotionPath,
  sameRiderContent,
  tempIdPrefix,
  withoutServerOwnedFields,
  type PromotionRequest,
} from '../../../schemas/sync-protocol.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import type { SyncTransport } from '../../../src/sync/sync-transport.ts';
import { documentArbitrary } from '../../support/schema-arbitrary.ts';
import { seededRandom } from '../../support/seeded-random.ts';
import { readTable } from '../auth/auth-test-server.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { createTestTransport } from './test-transport.ts';

const seed = 20261127;
const documentsPerCollection = 8;
/** Share of answers lost, until `mostLosses` were; a clean line then lets the engine finish. */
const lossRate = 0.25;
const mostLosses = 8;

/** The collections riders push (rider and shared): the public catalogues have nothing to promote. */
const riderCollections = allCollections.filter(isPushedByRiders);
const promotable = riderCollections
  .filter((descriptor) => descriptor.idRule.kind === 'promoted')
  .sort((a, b) => (a.promotion?.order ?? 0) - (b.promotion?.order ?? 0));

/**
 * `inner`, but an answer is lost after the server acted on its request: at random (seeded), and
 * always the first answer of each kind of write (a promotion of each collection, a push to
 * each), so every kind is retried at least once. A random loss never follows another loss: the
 * engine's wait before a retry doubles with each failure in a row, and which request draws which
 * number depends on how the concurrent pushes interleave, so a loaded machine could otherwise
 * draw a long run of losses and wait past the test's time limit.
 */
function losingAnswers(inner: SyncTransport, random: () => number) {
  const lost: string[] = [];
  let lastLost = false;
  const transport: SyncTransport = {
    async request<T>(
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
      signal?: AbortSignal,
    ): Promise<T> {
      const answer = await inner.request<T>(method, path, body, signal);
      const kind =
        path === promotionPath
          ? `promote ${(body as PromotionRequest).collection}`
          : `${method} ${path.split('?')[0]}`;
      const firstWrite = method === 'POST' && !lost.includes(kind);
      const randomLoss = !lastLost && lost.length < mostLosses && random() < lossRate;
      lastLost = firstWrite || randomLoss;
      if (lastLost) {
        lost.push(kind);
        throw new TypeError('fetch failed: the connection closed before the answer arrived');
      }
      return answer;
    },
    openStream: (path, signal) => inner.openStream(path, signal),
  };
  return { transport, lost };
}

/**
 * `count` documents of `descriptor` valid for its schema and ready for promotion, temp- ids,
 * owned by `ownerId` (a device files them under the signed-in rider).
 */
function offlineDocuments(descriptor: CollectionDescriptor, count: number, ownerId: string) {
  const ready = descriptor.promotion?.ready ?? (() => true);
  const documents = fc.sample(
    documentArbitrary(descriptor, 'placeholder').filter((document) => ready(document)),
    { seed, numRuns: count },
  );
  return documents.map((document, index) => ({
    ...document,
    ...(descriptor.ownerField ? { [descriptor.ownerField]: ownerId } : {}),
    id: `${tempIdPrefix}${descriptor.name}-${String(index).padStart(3, '0')}`,
    updatedAt: 1_760_000_000_000 + index,
  }));
}

function collectionOf(database: AppDatabase, descriptor: CollectionDescriptor) {
  return (database.collections as unknown as Record<string, RxCollection>)[descriptor.name]!;
}

describe('promotion and push under lost answers', () => {
  let server: RunningSyncServer;
  let database: AppDatabase | undefined;
  let running: SyncEngine | undefined;

  beforeEach(async () => {
    server = await startSyncServer('sqlite');
  });
  afterEach(async () => {
    await running?.stop();
    await database?.remove();
    await server.close();
  });

  it(`stores every offline document of ${promotable.map(({ name }) => name).join(', ')} exactly once, under canonical ids`, async () => {
    const rider = await server.signIn('Patchy');
    database = await createAppDatabase({
      name: `dropped-answers-${process.pid}-${Date.now().toString(36)}`,
      devMode: false,
      collections: riderCollections,
    });
    const made = new Map<string, Record<string, unknown>[]>();
    for (const descriptor of promotable) {
      const documents = offlineDocuments(descriptor, documentsPerCollection, rider.id);
      made.set(descriptor.name, documents);
      await collectionOf(database, descriptor).bulkInsert(documents);
    }

    const { transport, lost } = losingAnswers(
      createTestTransport(server.baseUrl, rider.token),
      seededRandom(seed),
    );
    running = startSyncEngine({
      db: database,
      transport,
      userId: rider.id,
      serverIdentity: server.baseUrl,
      live: false,
      collections: riderCollections,
    });
    await running.awaitInSync();

    // Every kind of write lost an answer at least once, and the engine finished by itself.
    for (const { name } of promotable) {
      expect(lost).toContain(`promote ${name}`);
      expect(lost.some((kind) => kind.startsWith(`POST /api/sync/${name}/`))).toBe(true);
    }
    expect(running.status.get()).toMatchObject({ phase: 'idle', lastError: null });

    const rows = (await readTable(server.server.workspace, 'user_documents')).filter(
      (row) => row.owner_id === rider.id,
    );
    for (const descriptor of promotable) {
      const onDevice = (await collectionOf(database, descriptor).find().exec()).map(
        (document) => document.toJSON() as Record<string, unknown>,
      );
      expect(onDevice).toHaveLength(documentsPerCollection);
      expect(onDevice.filter((document) => isTempId(String(document.id)))).toEqual([]);

      const stored = rows.filter((row) => row.collection === descriptor.name);
      expect(stored, descriptor.name).toHaveLength(documentsPerCollection);
      expect(stored.every((row) => Number(row.deleted) === 0)).toBe(true);
      expect(new Set(stored.map((row) => row.id))).toEqual(
        new Set(onDevice.map((document) => document.id)),
      );
      // Each offline document is there once, as the rider made it.
      const storedById = new Map(
        stored.map((row) => [row.id, JSON.parse(String(row.data)) as Record<string, unknown>]),
      );
      for (const document of onDevice)
        expect(
          sameRiderContent(descriptor, storedById.get(document.id as string)!, document),
          `${descriptor.name} ${String(document.id)}`,
        ).toBe(true);
      // And nothing else: the device holds exactly what was made offline, under new ids.
      const contentOf = (document: Record<string, unknown>) => {
        const { id: _id, ...content } = withoutServerOwnedFields(descriptor, document);
        return stableStringify(content);
      };
      expect(onDevice.map(contentOf).sort()).toEqual(
        made.get(descriptor.name)!.map(contentOf).sort(),
      );
    }
  }, 60_000);
});
