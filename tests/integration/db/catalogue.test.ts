import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { readCatalogue, replaceCatalogue } from '../../../src/db/catalogue.ts';
import type { AppDatabase } from '../../../src/db/database.ts';
import {
  observeAchievements,
  observeTrail,
  observeTrails,
  observeWaypoints,
} from '../../../src/db/hooks.ts';
import {
  openTestDatabase,
  shippedAchievements,
  shippedTrails,
  shippedWmaWaypoints,
} from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

describe('replaceCatalogue', () => {
  it('stores the answer and removes cached documents no longer in it', async () => {
    db = await openTestDatabase();
    const trails = shippedTrails();
    await replaceCatalogue(db, 'trails', trails);
    expect(await db.trails.count().exec()).toBe(trails.length);

    const renamed = { ...trails[1]!, fee: 'changed', updatedAt: trails[1]!.updatedAt + 1 };
    await replaceCatalogue(db, 'trails', [trails[0]!, renamed]);
    const cached = await readCatalogue(db, 'trails');
    expect(cached.map((trail) => trail.id).sort()).toEqual([trails[0]!.id, trails[1]!.id].sort());
    expect(cached.find((trail) => trail.id === renamed.id)?.fee).toBe('changed');
  });

  it('does not rewrite unchanged documents', async () => {
    db = await openTestDatabase();
    const trails = shippedTrails().slice(0, 3);
    await replaceCatalogue(db, 'trails', trails);
    const revisionBefore = (await db.trails.findOne(trails[0]!.id).exec())!.revision;
    await replaceCatalogue(db, 'trails', trails);
    expect((await db.trails.findOne(trails[0]!.id).exec())!.revision).toBe(revisionBefore);
  });

  it("never removes a rider's own waypoints, only stale public ones", async () => {
    db = await openTestDatabase();
    const wmas = shippedWmaWaypoints();
    const own = {
      ...wmas[0]!,
      id: 'temp-waypoint-1',
      ownerId: 'user-1',
      name: 'Camp spot',
      category: 'camp' as const,
      sources: [],
    };
    await db.waypoints.insert(own);
    await replaceCatalogue(db, 'waypoints', wmas);
    await replaceCatalogue(db, 'waypoints', wmas.slice(0, 2));
    const ids = (await db.waypoints.find().exec()).map((document) => document.id).sort();
    expect(ids).toEqual([wmas[0]!.id, wmas[1]!.id, own.id].sort());
    // The offline fallback serves only the public catalogue.
    expect((await readCatalogue(db, 'waypoints')).map((waypoint) => waypoint.id)).not.toContain(
      own.id,
    );
  });

  it('serves achievements in sortOrder and trails by name', async () => {
    db = await openTestDatabase();
    const achievements = shippedAchievements();
    await replaceCatalogue(db, 'achievements', [...achievements].reverse());
    const sortOrders = (await readCatalogue(db, 'achievements')).map(
      (achievement) => achievement.sortOrder,
    );
    expect(sortOrders).toEqual([...sortOrders].sort((a, b) => a - b));
    await replaceCatalogue(db, 'trails', shippedTrails());
    const names = (await readCatalogue(db, 'trails')).map((trail) => trail.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    );
  });
});

describe('reactive catalogue queries (the hooks)', () => {
  it('emit plain documents and follow changes', async () => {
    db = await openTestDatabase();
    const trails = shippedTrails();
    expect(await firstValueFrom(observeTrails(db))).toEqual([]);
    const filled = firstValueFrom(
      observeTrails(db).pipe(filter((list) => list.length === trails.length)),
    );
    await replaceCatalogue(db, 'trails', trails);
    const list = await filled;
    expect(list[0]).not.toHaveProperty('_rev');
    expect(typeof (list[0] as unknown as { get?: unknown }).get).toBe('undefined');

    expect((await firstValueFrom(observeTrail(db, trails[0]!.id)))?.name).toBe(trails[0]!.name);
    expect(await firstValueFrom(observeTrail(db, 'no-such-trail'))).toBeNull();
  });

  it('filter waypoints by category', async () => {
    db = await openTestDatabase();
    const wmas = shippedWmaWaypoints();
    await replaceCatalogue(db, 'waypoints', wmas);
    await db.waypoints.insert({
      ...wmas[0]!,
      id: 'own-gate',
      ownerId: 'user-1',
      name: 'Locked gate',
      category: 'gate',
    });
    expect(
      (await firstValueFrom(observeWaypoints(db, 'gate'))).map((waypoint) => waypoint.id),
    ).toEqual(['own-gate']);
    expect(await firstValueFrom(observeWaypoints(db, 'wma'))).toHaveLength(wmas.length);
    expect(await firstValueFrom(observeWaypoints(db))).toHaveLength(wmas.length + 1);
    expect(await firstValueFrom(observeAchievements(db))).toEqual([]);
  });
});
