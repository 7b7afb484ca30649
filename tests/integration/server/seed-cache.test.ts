// The built seed kept between starts (sync-server/seed/seed-cache.ts, issue 18 cold start): a new
// database on unchanged data gets the same documents without rebuilding them, stamped with its
// own seed time; changed data is rebuilt, never served from the old file.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSeedDocuments } from '../../../sync-server/seed/seed-cache.ts';
import {
  buildSeedDocuments,
  seedContentHash,
  type SeedDocuments,
} from '../../../sync-server/seed/seed-documents.ts';

const projectDataDir = fileURLToPath(new URL('../../../data', import.meta.url));
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the shipped seed data (not the generated tiles or caches) in a temporary folder. */
function copyOfData(): string {
  const folder = mkdtempSync(join(tmpdir(), 'nst-seed-cache-'));
  folders.push(folder);
  for (const entry of ['places', 'trails', 'campgrounds', 'basemap', 'achievements.json']) {
    cpSync(join(projectDataDir, entry), join(folder, entry), { recursive: true });
  }
  return folder;
}

function cacheFile(dataDir: string): string {
  const files = readdirSync(join(dataDir, 'seed-cache'));
  expect(files).toHaveLength(1);
  return join(dataDir, 'seed-cache', files[0]!);
}

describe('seed cache', () => {
  it('gives a second database the documents a fresh build gives, stamped with its own time', () => {
    const dataDir = copyOfData();
    const hash = seedContentHash(dataDir);
    const first = loadSeedDocuments(dataDir, hash, 1_000);
    expect(first).toEqual(buildSeedDocuments(dataDir, 1_000));

    const second = loadSeedDocuments(dataDir, hash, 2_000);
    expect(second).toEqual(buildSeedDocuments(dataDir, 2_000));
    expect(second.trails.every((trail) => trail.updatedAt === 2_000)).toBe(true);
  });

  it('reads the kept documents instead of rebuilding, until the data changes', () => {
    const dataDir = copyOfData();
    loadSeedDocuments(dataDir, seedContentHash(dataDir), 1_000);
    // Mark the kept file, so a read of it shows.
    const file = cacheFile(dataDir);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as SeedDocuments;
    kept.trails[0]!.name = 'Read from the seed cache';
    writeFileSync(file, JSON.stringify(kept));
    expect(loadSeedDocuments(dataDir, seedContentHash(dataDir), 2_000).trails[0]!.name).toBe(
      'Read from the seed cache',
    );

    const achievementsFile = join(dataDir, 'achievements.json');
    const achievements = JSON.parse(readFileSync(achievementsFile, 'utf8')) as { title: string }[];
    achievements[0]!.title = 'Changed in the data';
    writeFileSync(achievementsFile, JSON.stringify(achievements));
    const rebuilt = loadSeedDocuments(dataDir, seedContentHash(dataDir), 3_000);
    expect(rebuilt.trails[0]!.name).not.toBe('Read from the seed cache');
    expect(rebuilt.achievements.map((achievement) => achievement.title)).toContain(
      'Changed in the data',
    );
    // Only the current build is kept.
    expect(cacheFile(dataDir)).not.toBe(file);
  });
});
