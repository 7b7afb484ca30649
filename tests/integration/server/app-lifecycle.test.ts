// Building, restarting and re-seeding the server on the same database, on SQLite and on
// PostgreSQL: seeding is idempotent, follows changes of the shipped data, and an unbuilt app
// answers a clear 503.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Achievement } from '../../../schemas/achievements.ts';
import {
  buildTestApp,
  createWorkspace,
  storageEngines,
  type StorageEngine,
  type TestWorkspace,
} from './test-server.ts';

const projectDataDir = fileURLToPath(new URL('../../../data', import.meta.url));

const workspaces: TestWorkspace[] = [];

afterEach(async () => {
  for (const created of workspaces.splice(0)) await created.remove();
});

interface Health {
  status: string;
  database: StorageEngine;
  counts: Record<string, number>;
  seededAt: number;
}

describe.each(storageEngines)('on %s', (engine) => {
  async function workspace(): Promise<TestWorkspace> {
    const created = await createWorkspace({ engine });
    workspaces.push(created);
    return created;
  }

  describe('seeding', () => {
    it('keeps the same documents and counts when restarted on the same database', async () => {
      const files = await workspace();
      const first = await buildTestApp(files);
      const healthBefore = (await first.inject('/api/health')).json<Health>();
      expect(healthBefore.database).toBe(engine);
      const trailsBefore = (await first.inject('/api/trails')).body;
      await first.close();

      const second = await buildTestApp(files);
      const healthAfter = (await second.inject('/api/health')).json<Health>();
      expect(healthAfter).toEqual(healthBefore);
      expect(healthAfter.counts.trails).toBe(246);
      expect(healthAfter.counts.wmas).toBe(33);
      // Same bytes, same updatedAt: replicating clients have nothing new to pull.
      expect((await second.inject('/api/trails')).body).toBe(trailsBefore);
      await second.close();
    });

    it('re-seeds when the shipped data changes: changed documents move, removed ones go', async () => {
      const files = await workspace();
      const dataDir = join(files.root, 'data');
      cpSync(projectDataDir, dataDir, { recursive: true });
      const first = await buildTestApp(files, { seedDataDir: dataDir });
      const before = (await first.inject('/api/achievements')).json<Achievement[]>();
      await first.close();

      const [changed, removed, ...kept] = before.map(({ updatedAt: _updatedAt, ...rest }) => rest);
      const catalogue = [{ ...changed!, title: 'First Tracks (renamed)' }, ...kept];
      expect(removed).toBeDefined();
      writeFileSync(join(dataDir, 'achievements.json'), JSON.stringify(catalogue));
      await new Promise((resolve) => setTimeout(resolve, 5));

      const second = await buildTestApp(files, { seedDataDir: dataDir });
      const after = (await second.inject('/api/achievements')).json<Achievement[]>();
      expect(after).toHaveLength(before.length - 1);
      expect(after.find((achievement) => achievement.id === removed!.id)).toBeUndefined();
      const renamed = after.find((achievement) => achievement.id === changed!.id)!;
      expect(renamed.title).toBe('First Tracks (renamed)');
      expect(renamed.updatedAt).toBeGreaterThan(before[0]!.updatedAt);
      const untouched = after.find((achievement) => achievement.id === kept[0]!.id)!;
      expect(untouched.updatedAt).toBe(before.find((a) => a.id === kept[0]!.id)!.updatedAt);
      expect((await second.inject('/api/health')).json<Health>().counts.achievements).toBe(
        before.length - 1,
      );
      await second.close();
    });

    it('refuses to start on invalid seed data instead of serving it', async () => {
      const files = await workspace();
      const dataDir = join(files.root, 'data');
      cpSync(projectDataDir, dataDir, { recursive: true });
      const achievements = JSON.parse(readFileSync(join(dataDir, 'achievements.json'), 'utf8'));
      achievements[0].category = 'bragging';
      writeFileSync(join(dataDir, 'achievements.json'), JSON.stringify(achievements));
      await expect(buildTestApp(files, { seedDataDir: dataDir })).rejects.toThrow(/category/);
    });
  });

  describe('without a built app', () => {
    it('answers non-API GETs with a JSON 503 that says to build, and still serves the API', async () => {
      const files = await workspace();
      for (const staticDir of [null, join(files.root, 'missing-dist')]) {
        const app = await buildTestApp(files, { staticDir });
        const page = await app.inject('/map/some-trail');
        expect(page.statusCode).toBe(503);
        expect(page.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: expect.stringContaining('npm run build'),
        });
        expect((await app.inject('/api/trails')).statusCode).toBe(200);
        expect((await app.inject('/api/nope')).statusCode).toBe(404);
        await app.close();
      }
    });
  });
});
