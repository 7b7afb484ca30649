/**
 * Built seed documents kept on disk between starts (cold start). Building the
 * catalogue from data/ takes seconds (each campground's nearby attractions are measured against
 * every river and lake line), while a new database, a test's or a fresh install's, needs the
 * same documents again. They are kept as JSON under `<data dir>/seed-cache/`, named by a
 * SHA-256 of the seed's content hash and of the source code that builds and validates them, so
 * changed data or changed building code never reads an old file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSeedDocuments, seededCollections, type SeedDocuments } from './seed-documents.ts';

/** Folders whose TypeScript builds or validates seed documents (relative to the repository). */
const builderFolders = ['sync-server/seed', 'datasets', 'schemas'];
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const cacheFilePattern = /^seed-documents-[0-9a-f]{64}\.json$/;

/** SHA-256 (hex) of every `.ts` file in `folder` (recursively), in name order. */
function hashSources(hash: ReturnType<typeof createHash>, folder: string): void {
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) hashSources(hash, path);
    else if (entry.name.endsWith('.ts')) hash.update(`${path}\n`).update(readFileSync(path));
  }
}

/** The cache file's key: the seed content hash (data files) plus the builder's source code. */
function cacheKey(seedHash: string): string {
  const hash = createHash('sha256').update(`${seedHash}\n`);
  for (const folder of builderFolders) hashSources(hash, join(repositoryRoot, folder));
  return hash.digest('hex');
}

/** `documents` with every document's `updatedAt` set to `updatedAt` (ms). */
function stamped(documents: SeedDocuments, updatedAt: number): SeedDocuments {
  const result = {} as Record<string, unknown[]>;
  for (const collection of seededCollections) {
    result[collection] = documents[collection].map((document) => ({ ...document, updatedAt }));
  }
  return result as unknown as SeedDocuments;
}

/** Writes `documents` as the only cache file in `cacheDir`; a failure only costs the cache. */
function storeCache(cacheDir: string, file: string, documents: SeedDocuments): void {
  try {
    mkdirSync(cacheDir, { recursive: true });
    const partial = join(cacheDir, `.${process.pid}-${file}`);
    writeFileSync(partial, JSON.stringify(documents));
    // Whole or absent: a start reading the folder meanwhile never sees half a file.
    renameSync(partial, join(cacheDir, file));
    for (const entry of readdirSync(cacheDir)) {
      if (entry !== file && cacheFilePattern.test(entry)) rmSync(join(cacheDir, entry));
    }
  } catch (error) {
    console.warn(`Could not keep the built seed in ${cacheDir}:`, error);
  }
}

/**
 * The seed documents of `dataDir` whose content hash is `seedHash` (seedContentHash), each
 * stamped with `updatedAt` (ms): read from the cache when built before by the same code,
 * otherwise built (validated, throwing on invalid data like buildSeedDocuments) and cached.
 */
export function loadSeedDocuments(
  dataDir: string,
  seedHash: string,
  updatedAt: number,
): SeedDocuments {
  const cacheDir = join(dataDir, 'seed-cache');
  const file = `seed-documents-${cacheKey(seedHash)}.json`;
  try {
    return stamped(
      JSON.parse(readFileSync(join(cacheDir, file), 'utf8')) as SeedDocuments,
      updatedAt,
    );
  } catch {
    // Not built yet (or unreadable): build it below.
  }
  const documents = buildSeedDocuments(dataDir, updatedAt);
  storeCache(cacheDir, file, documents);
  return documents;
}
