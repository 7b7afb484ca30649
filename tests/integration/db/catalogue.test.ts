import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database.ts';
import {
  catalogueUpdateIntervalMs,
  observeAchievements,
  observeTrail,
  observeTrails,
  observeWaypoints,
  observeWmas,
} from '../../../src/db/catalogue-reads.ts';
import { removePublicWmaWaypoints } from '../../../src/db/public-waypoint-removal.ts';
import {
  openTestDatabase,
  publicWmaWaypoint,
  riderWaypoint,
  shippedAchievements,
  shippedTrails,
  shippedWmas,
} from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const byName = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

describe('reactive catalogue queries (the hooks)', () => {
  it('emit plain documents and follow changes', async () => {
    db = await openTestDatabase();
    const trails = shippedTrails();
    expect(await firstValueFrom(observeTrails(db))).toEqual([]);
    const filled = firstValueFrom(
      observeTrails(db).pipe(filter((list) => list.length === trails.length)),
    );
    await db.trails.bulkInsert(trails);
    const list = await filled;
    expect(list[0]).not.toHaveProperty('_rev');
    expect(typeof (list[0] as unknown as { get?: unknown }).get).toBe('undefined');
    expect(list.map((trail) => trail.name)).toEqual(trails.map((trail) => trail.name).sort(byName));

    expect((await firstValueFrom(observeTrail(db, trails[0]!.id)))?.name).toBe(trails[0]!.name);
    expect(await firstValueFrom(observeTrail(db, 'no-such-trail'))).toBeNull();
  });

  it('show their first results at once and a burst of changes together, not one by one', async () => {
    db = await openTestDatabase();
    const trails = shippedTrails().slice(0, 4);
    const seen: { at: number; count: number }[] = [];
    const subscription = observeTrails(db).subscribe((list) =>
      seen.push({ at: performance.now(), count: list.length }),
    );
    await expect.poll(() => seen.length).toBe(1);
    // Four stores one after another, as the slices of a pull arrive.
    for (const trail of trails) await db.trails.insert(trail);
    await expect.poll(() => seen.at(-1)?.count, { timeout: 3000 }).toBe(trails.length);
    subscription.unsubscribe();
    expect(seen[0]!.count).toBe(0);
    expect(seen.length).toBeLessThan(trails.length + 1);
    // At most one list per interval (a timer may fire a little early).
    for (let index = 1; index < seen.length; index += 1) {
      expect(seen[index]!.at - seen[index - 1]!.at).toBeGreaterThanOrEqual(
        catalogueUpdateIntervalMs - 20,
      );
    }
  });

  it('serve achievements in sortOrder and WMAs by name', async () => {
    db = await openTestDatabase();
    await db.achievements.bulkInsert([...shippedAchievements()].reverse());
    const sortOrders = (await firstValueFrom(observeAchievements(db))).map(
      (achievement) => achievement.sortOrder,
    );
    expect(sortOrders).toEqual([...sortOrders].sort((a, b) => a - b));
    await db.wmas.bulkInsert(shippedWmas());
    const names = (await firstValueFrom(observeWmas(db))).map((wma) => wma.name);
    expect(names).toHaveLength(shippedWmas().length);
    expect(names).toEqual([...names].sort(byName));
  });

  it("answer the rider's own waypoints, filtered by category, and no WMAs", async () => {
    db = await openTestDatabase();
    await db.wmas.bulkInsert(shippedWmas());
    await db.waypoints.insert(
      riderWaypoint('own-gate', 'user-1', { name: 'Locked gate', category: 'gate' }),
    );
    await db.waypoints.insert(riderWaypoint('own-camp', 'user-1'));
    expect(
      (await firstValueFrom(observeWaypoints(db, 'gate'))).map((waypoint) => waypoint.id),
    ).toEqual(['own-gate']);
    expect((await firstValueFrom(observeWaypoints(db))).map((waypoint) => waypoint.id)).toEqual([
      'own-camp',
      'own-gate',
    ]);
  });
});

describe('removePublicWmaWaypoints (issue 12 data step)', () => {
  it("removes the WMA rows older versions cached in waypoints and keeps the rider's own", async () => {
    db = await openTestDatabase();
    const wmas = shippedWmas();
    await db.waypoints.bulkInsert(wmas.map(publicWmaWaypoint));
    await db.waypoints.insert(riderWaypoint('temp-camp', 'local'));
    await db.waypoints.insert(
      riderWaypoint('rider-wma-note', 'user-1', { name: 'Duck blind', category: 'wma' }),
    );

    expect(await removePublicWmaWaypoints(db)).toBe(wmas.length);
    const left = (await db.waypoints.find().exec()).map((document) => document.id).sort();
    expect(left).toEqual(['rider-wma-note', 'temp-camp']);
    // Idempotent: a second start finds nothing more to remove.
    expect(await removePublicWmaWaypoints(db)).toBe(0);
  });
});
