// Moving a retired collection's documents into another (schemas/collections/moves.ts): a phone
// that was offline through the app update, holding pending trips and achievement progress in the
// old layout, upgrades, moves its progress into records, and syncs everything exactly once,
// beside the server's own move of what it already held. An app still built for the old layout
// is told to update. The free RxDB build opens 13 collections per process: the old layout is
// opened, closed, then the new one, as an updated app would.
import type { RxCollection } from 'rxdb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allCollections } from '../../../schemas/collections/index.ts';
import { moveOf } from '../../../schemas/collections/moves.ts';
import type { CollectionDescriptor } from '../../../schemas/collections/descriptor.ts';
import { replicationBasePath, type PullResponse } from '../../../schemas/sync-protocol.ts';
import { collectionMovesMigration } from '../../../sync-server/storage/collection-move-migration.ts';
import { openServerDatabase } from '../../../sync-server/storage/database.ts';
import { createAppDatabase } from '../../../src/db/database.ts';
import { runCollectionMoves } from '../../../src/db/collection-moves.ts';
import { startSyncEngine } from '../../../src/sync/sync-engine.ts';
import { makeTrip } from './sync-fixtures.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { createTestTransport } from './test-transport.ts';

const move = moveOf('userAchievements')!;

/** The app's collections as the old app opened them: today's plus the retired one. */
const oldLayout: CollectionDescriptor[] = [
  ...allCollections,
  {
    ...allCollections.find((descriptor) => descriptor.name === 'records')!,
    name: move.from,
    noun: 'achievement progress',
    schema: move.fromSchema,
    migrations: {},
    discriminatedFields: [],
    merge: { document: 'fields', keepsConflictList: false },
  },
];

/** A document of the old `userAchievements` collection (`<userId>:<achievementId>`). */
function oldProgress(
  userId: string,
  achievementId: string,
  progress: number,
  earnedAt: number | null,
  updatedAt: number,
) {
  return { id: `${userId}:${achievementId}`, userId, achievementId, progress, earnedAt, updatedAt };
}

describe('moving achievement progress into records', () => {
  let server: RunningSyncServer;
  const names: string[] = [];

  beforeEach(async () => {
    server = await startSyncServer('sqlite');
  });
  afterEach(async () => {
    for (const name of names.splice(0))
      await (await createAppDatabase({ name, devMode: true })).remove();
    await server.close();
  });

  async function pull(token: string, collection: 'trips' | 'records') {
    const answer = await createTestTransport(server.baseUrl, token).request<PullResponse>(
      'GET',
      `${replicationBasePath(collection)}/pull?limit=500`,
    );
    return answer.documents;
  }

  it('syncs a device’s pending trips and progress exactly once after it upgrades offline', async () => {
    const rider = await server.signIn('ozark-rider');
    // The server held progress the old app had pushed, and moves it at its upgrade.
    const stored = await openServerDatabase(server.server.workspace);
    await stored.db
      .insertInto('user_documents')
      .values({
        owner_id: rider.id,
        collection: 'userAchievements',
        id: `${rider.id}:first-ride`,
        data: JSON.stringify(oldProgress(rider.id, 'first-ride', 1, 1_000, 1_000)),
        server_time: 1,
        deleted: 0,
      })
      .execute();
    await collectionMovesMigration.up(stored.db);
    await stored.changeBus.close();
    await stored.db.destroy();

    // The phone, on the old layout, was offline: two trips and newer progress never sent.
    const name = `moves-${process.pid}-${Date.now().toString(36)}`;
    names.push(name);
    const old = await createAppDatabase({ name, devMode: true, collections: oldLayout });
    await old.trips.bulkInsert([makeTrip('temp-one'), makeTrip('temp-two')]);
    // The old collection is not in today's types: the old app knew it.
    const progress = (old.collections as unknown as Record<string, RxCollection<object>>)[
      move.from
    ]!;
    await progress.bulkInsert([
      oldProgress(rider.id, 'first-ride', 1, 1_000, 1_000),
      oldProgress(rider.id, 'ten-rides', 4, null, 2_000),
    ]);
    await old.close();

    // The updated app opens the new layout and moves what the old collection held.
    const phone = await createAppDatabase({ name, devMode: true });
    expect(await runCollectionMoves(phone)).toBe(2);
    expect(await runCollectionMoves(phone)).toBe(0);
    const engine = startSyncEngine({
      db: phone,
      transport: createTestTransport(server.baseUrl, rider.token),
      userId: rider.id,
      serverIdentity: server.baseUrl,
    });
    await engine.awaitInSync();
    await engine.stop();

    const trips = await pull(rider.token, 'trips');
    expect(trips).toHaveLength(2);
    const records = (await pull(rider.token, 'records')).filter(
      (record) => record.kind === 'achievementProgress',
    );
    expect(records.map((record) => [record.id, record.data]).sort()).toEqual([
      [
        `${rider.id}:achievementProgress:first-ride`,
        { achievementId: 'first-ride', progress: 1, earnedAt: 1_000 },
      ],
      [
        `${rider.id}:achievementProgress:ten-rides`,
        { achievementId: 'ten-rides', progress: 4, earnedAt: null },
      ],
    ]);
    expect(records.every((record) => record.status === 'synced')).toBe(true);
    const local = await phone.records.find({ selector: { kind: 'achievementProgress' } }).exec();
    expect(local.map((record) => record.status)).toEqual(['synced', 'synced']);
    await phone.close();
  });

  it('tells an app still built for the old layout to update, and stores nothing', async () => {
    const rider = await server.signIn('old-app-rider');
    const response = await fetch(`${server.baseUrl}/api/sync/userAchievements/v0/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rider.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [] }),
    });
    expect(response.status).toBe(426);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /out of date: userAchievements are now kept in records/,
    );
  });
});
