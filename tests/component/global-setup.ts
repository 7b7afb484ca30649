/**
 * Global setup of the component tests: the public catalogues as the server seeds them (the seed
 * cache under data/seed-cache/, built from data/ when missing), written once to a temporary JSON
 * file that every test file's database is filled from. Built here, in Node, because the seed
 * code resolves file URLs that jsdom's URL class does not make.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { loadSeedDocuments } from '../../sync-server/seed/seed-cache.ts';
import { seedContentHash } from '../../sync-server/seed/seed-documents.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A JSON file of the seeded catalogues: { trails, wmas, campgrounds, achievements }. */
    catalogueFixtureFile: string;
  }
}

/** When the catalogues were "published": a fixed time, so no page depends on the clock. */
const seededAt = 1_790_000_000_000;

export default function setup(project: TestProject) {
  const dataDir = fileURLToPath(new URL('../../data', import.meta.url));
  const folder = mkdtempSync(join(tmpdir(), 'nst-component-'));
  const file = join(folder, 'catalogues.json');
  writeFileSync(
    file,
    JSON.stringify(loadSeedDocuments(dataDir, seedContentHash(dataDir), seededAt)),
  );
  project.provide('catalogueFixtureFile', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
