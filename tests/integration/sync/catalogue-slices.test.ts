// A first visit stores the trail catalogue in slices (src/lib/sync/pull-slices.ts), with the
// main thread free between them. A reload between two slices must lose nothing and store
// nothing twice: the next start asks for the same page again, stores what is missing, and leaves
// every trail already stored as it was (its first revision).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { filterTrails, parseTrailSearch } from '../../../src/explore/trail-search.ts';
import type { Trail } from '../../../schemas/trails.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { createTestTransport } from './test-transport.ts';

describe('the trail catalogue stored in slices', () => {
  let server: RunningSyncServer | null = null;
  let db: AppDatabase | null = null;
  let running: SyncEngine | null = null;

  beforeEach(async () => {
    server = await startSyncServer('sqlite');
    db = await createAppDatabase({
      name: `slices-${process.pid}-${Date.now().toString(36)}`,
      devMode: true,
    });
  });
  afterEach(async () => {
    await running?.stop();
    running = null;
    await db?.remove();
    db = null;
    await server?.close();
    server = null;
  });

  const start = () =>
    startSyncEngine({
      db: db!,
      transport: createTestTransport(server!.baseUrl, null),
      userId: null,
      serverIdentity: server!.baseUrl,
      live: false,
    });

  it('is stored completely and exactly once when a reload comes between two slices', async () => {
    const serverTrails = (await (await fetch(`${server!.baseUrl}/api/trails`)).json()) as {
      id: string;
    }[];
    const firstSlice = firstValueFrom(
      db!.trails.insert$.pipe(filter((event) => event.documentData.id !== undefined)),
    );
    running = start();
    // The reload: the engine stops as soon as the first slice's trails are stored.
    await firstSlice;
    await running.stop();
    running = null;
    const storedBeforeReload = await db!.trails.find().exec();
    expect(storedBeforeReload.length).toBeGreaterThan(0);
    expect(storedBeforeReload.length).toBeLessThan(serverTrails.length);
    const revisionsBeforeReload = new Map(
      storedBeforeReload.map((trail) => [trail.primary, trail.revision]),
    );

    running = start();
    await running.awaitInSync();
    const stored = await db!.trails.find().exec();
    expect(stored.map((trail) => trail.primary).sort()).toEqual(
      serverTrails.map((trail) => trail.id).sort(),
    );
    // Written once each: the trails stored before the reload were not written again.
    for (const trail of stored) {
      expect(trail.revision).toMatch(/^1-/);
      const before = revisionsBeforeReload.get(trail.primary);
      if (before) expect(trail.revision).toBe(before);
    }
    // And the finder's search finds them.
    const found = filterTrails(
      stored.map((trail) => trail.toJSON() as Trail),
      parseTrailSearch('wolf pen gap'),
    );
    expect(found.map((match) => match.trail.name)).toContain('Wolf Pen Gap Trail Complex');
    // With the lines that made the slices large.
    const line = found.find((match) => match.trail.name.startsWith('Wolf Pen Gap 1 '));
    expect(line?.trail.path?.length).toBeGreaterThan(10);
  });
});
