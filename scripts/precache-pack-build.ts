/**
 * Build step writing the precache pack (workers/precache-pack.ts): every file the service worker
 * precaches, in one `assets/precache-pack-<hash>.bin`.
 * It runs when the app's files are written and before vite-plugin-pwa lists them for the
 * service worker, which adds the pack to that list (vite.config.ts; the worker downloads it at
 * install and never caches it). The file selection is the service worker's own (`getManifest` with the
 * same glob options), so the pack never holds a file the worker would not precache.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getManifest } from 'workbox-build';
import { writePrecachePack } from '../workers/precache-pack.ts';

/** The glob options the service worker's precache list is built with (vite.config.ts). */
export interface PrecacheGlobOptions {
  globPatterns: string[];
  globIgnores: string[];
  maximumFileSizeToCacheInBytes: number;
}

/**
 * Writes the pack for the build in `buildFolder`; returns its file name (relative to that
 * folder), how many files it holds and its size in bytes. The revisioned files (the pages, the
 * web app manifest, icons) go in too: the pack is named by its content and listed in the same
 * build's worker, so its copies are the revisions that worker lists, and a first install needs
 * no request per page (about a third of its time when they came one by one).
 */
export async function buildPrecachePack(
  buildFolder: string,
  glob: PrecacheGlobOptions,
): Promise<{ fileName: string; files: number; bytes: number }> {
  const { manifestEntries } = await getManifest({ globDirectory: buildFolder, ...glob });
  const files = (manifestEntries ?? [])
    .map((entry) => entry.url)
    .sort()
    .map((url) => ({ path: `/${url}`, bytes: readFileSync(join(buildFolder, url)) }));
  const pack = writePrecachePack(files);
  const hash = createHash('sha256').update(pack).digest('hex').slice(0, 10);
  const fileName = `assets/precache-pack-${hash}.bin`;
  writeFileSync(join(buildFolder, fileName), pack);
  return { fileName, files: files.length, bytes: pack.byteLength };
}
