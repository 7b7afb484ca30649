/**
 * The operator's road map in the region archives. When DATA_DIR/basemap.pmtiles exists (a
 * Protomaps-schema basemap; README "Road map"), the server cuts it into every region of our
 * catalog (basemap-cut.ts) and serves the combined archives instead of ours, with
 * `basemap: 'protomaps'` in the catalog, so a device downloads one archive per region as before
 * and draws the roads under the trail lines (src/map/basemap-style.ts).
 *
 * The cut runs in the background at start and again when the basemap file or our catalog
 * changes. Its archives and a manifest are kept in DATA_DIR/basemap-regions/, keyed by the
 * basemap's SHA-256 and our archives' versions, so a restart (or a copy of the data folder)
 * reuses them instead of cutting again. Until the first cut is done the catalog answers 503
 * (as it does while our own archives are built), so no device downloads an archive that is
 * replaced a minute later; while a later cut runs, the previous combined archives stay served.
 * A basemap that cannot be used (not PMTiles, not vector tiles, not the Protomaps schema,
 * corrupt) is logged once and the default archives are served, until the file changes.
 */
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogFile, CatalogFileRegion } from '../../schemas/map-catalog.ts';
import { archiveLayerNames, cutRegion, openBasemap } from './basemap-cut.ts';
import { servedRegion, type ServedCatalog, type ServedRegion } from './tile-catalog.ts';

/** File name of the operator's basemap inside DATA_DIR. */
export const basemapFileName = 'basemap.pmtiles';

/** Folder inside DATA_DIR where the combined archives and their manifest are kept. */
export const basemapCacheFolder = 'basemap-regions';

/** Where the basemap is looked for and where its cut archives are kept. */
export interface BasemapSettings {
  /** The operator's basemap (DATA_DIR/basemap.pmtiles); absent: the default map. */
  file: string;
  /** The cache folder (DATA_DIR/basemap-regions), created when first needed. */
  cacheDir: string;
}

/** Where the server's log lines go (Fastify's logger). */
export interface BasemapLog {
  info(message: string): void;
  error(message: string): void;
}

/** Bumped when the way archives are combined changes, so old cached cuts are redone. */
const cutFormat = 1;

const manifestName = 'manifest.json';

/** What the cache folder remembers about its archives. */
interface Manifest {
  cutFormat: number;
  basemap: { size: number; mtimeMs: number; sha256: string };
  /** Our archives the cut was made from (`ownKey`). */
  own: string;
  attribution: string;
  /** The combined archives, files inside the cache folder (so the folder can be copied). */
  regions: CatalogFileRegion[];
}

/** Identifies our archives: a cut is redone when any region or its version changes. */
function ownKey(catalog: CatalogFile): string {
  return catalog.regions.map((region) => `${region.id}@${region.version}`).join(',');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** SHA-256 of a file, streamed (a real basemap is hundreds of MB). */
function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** The attribution of the combined archives: ours, then the basemap's (or Protomaps'). */
function combinedAttribution(own: string, basemap: string | null): string {
  const theirs = basemap?.replace(/<[^>]*>/g, '').trim() || 'Protomaps';
  return `${own} · Road map: ${theirs}`;
}

/** What the cache holds, when it is complete (its manifest and every archive it lists). */
function readManifest(cacheDir: string): Manifest | null {
  try {
    const manifest = JSON.parse(readFileSync(join(cacheDir, manifestName), 'utf8')) as Manifest;
    if (manifest.cutFormat !== cutFormat) return null;
    const complete = manifest.regions.every((region) => existsSync(join(cacheDir, region.file)));
    return complete ? manifest : null;
  } catch {
    return null;
  }
}

/** The catalog a manifest describes, with each archive's path in `cacheDir`. */
function manifestCatalog(manifest: Manifest, cacheDir: string): ServedCatalog {
  return {
    attribution: manifest.attribution,
    regions: manifest.regions.map((region) => servedRegion(region, cacheDir, 'protomaps')),
  };
}

/** Writes through a temporary file and a rename, so a crash never leaves half a file. */
async function writeAtomically(path: string, data: string | Uint8Array): Promise<void> {
  await writeFile(`${path}.tmp`, data);
  await rename(`${path}.tmp`, path);
}

/** The inputs of one cut: our catalog and the basemap file as found on disk. */
interface CutJob {
  /** `ownKey` plus the basemap's size and modification time. */
  inputs: string;
  own: CatalogFile;
  stat: { size: number; mtimeMs: number };
}

/** Options of `createBasemapRegions`. */
export interface BasemapRegionsOptions extends BasemapSettings {
  tilesDir: string;
  log: BasemapLog;
}

/** Cuts every region of `job.own` and writes the archives; resolves with the manifest. */
async function cutAll(
  options: BasemapRegionsOptions,
  job: CutJob,
  sha256: string,
  isClosed: () => boolean,
): Promise<Manifest | null> {
  const started = performance.now();
  options.log.info(`Road map: cutting ${options.file} into ${job.own.regions.length} map regions`);
  const ownLayers = await archiveLayerNames(join(options.tilesDir, job.own.regions[0]!.file));
  const basemap = await openBasemap(options.file, ownLayers);
  const attribution = combinedAttribution(job.own.attribution, basemap.attribution);
  const regions: CatalogFileRegion[] = [];
  mkdirSync(options.cacheDir, { recursive: true });
  for (const region of job.own.regions) {
    const buildStarted = performance.now();
    const ownPath = join(options.tilesDir, region.file);
    const cut = await cutRegion({ region, ownPath, basemap, attribution, isClosed });
    if (isClosed()) return null;
    const version = createHash('sha256').update(cut.bytes).digest('hex');
    const file = `${region.id}.${version.slice(0, 16)}.pmtiles`;
    await writeAtomically(join(options.cacheDir, file), cut.bytes);
    const buildMs = Math.round(performance.now() - buildStarted);
    regions.push({ ...region, file, bytes: cut.bytes.length, version, tiles: cut.tiles, buildMs });
  }
  const manifest: Manifest = {
    cutFormat,
    basemap: { ...job.stat, sha256 },
    own: ownKey(job.own),
    attribution,
    regions,
  };
  await writeAtomically(join(options.cacheDir, manifestName), JSON.stringify(manifest, null, 2));
  const keep = new Set(regions.map((region) => region.file));
  for (const name of readdirSync(options.cacheDir)) {
    if (name.endsWith('.pmtiles') && !keep.has(name)) rmSync(join(options.cacheDir, name));
  }
  const total = regions.reduce((sum, region) => sum + region.bytes, 0);
  options.log.info(
    `Road map: cut into ${regions.length} map regions ` +
      `(${(total / 1024 / 1024).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`,
  );
  return manifest;
}

/** The cached manifest when it was made from this very basemap file and our archives. */
function cachedFor(options: BasemapRegionsOptions, job: CutJob): Manifest | null {
  const cached = readManifest(options.cacheDir);
  const same =
    cached?.own === ownKey(job.own) &&
    cached.basemap.size === job.stat.size &&
    cached.basemap.mtimeMs === job.stat.mtimeMs;
  return same ? cached : null;
}

/**
 * The manifest for `job`: the cached one when it was made from the same basemap (by size and
 * modification time, else by content hash) and the same archives of ours, else a new cut.
 */
async function manifestFor(
  options: BasemapRegionsOptions,
  job: CutJob,
  isClosed: () => boolean,
): Promise<Manifest | null> {
  const sameFile = cachedFor(options, job);
  if (sameFile) return sameFile;
  const sha256 = await hashFile(options.file);
  const cached = readManifest(options.cacheDir);
  if (cached?.own === ownKey(job.own) && cached.basemap.sha256 === sha256) {
    // The same basemap under a new modification time (copied, restored): keep the cut.
    const manifest = { ...cached, basemap: { ...job.stat, sha256 } };
    await writeAtomically(join(options.cacheDir, manifestName), JSON.stringify(manifest, null, 2));
    return manifest;
  }
  return cutAll(options, job, sha256, isClosed);
}

/** What the catalog route should answer now. */
export type BasemapState =
  { kind: 'none' } | { kind: 'preparing' } | { kind: 'ready'; catalog: ServedCatalog };

/** The road-map state machine of one server (see the file comment). */
export interface BasemapRegions {
  /** The state for our catalog `own` as it is now; starts or queues a cut when needed. */
  state(own: CatalogFile): BasemapState;
  /** The combined archives served now or last (so a download under way can finish). */
  served(): ServedRegion[];
  /** Resolves when no cut is running or queued (after `close`: when the running one stopped). */
  settled(): Promise<void>;
  /** Stops: a running cut ends at its next batch of tiles and publishes nothing. */
  close(): void;
}

/** Creates the road-map state machine over `options.file` and our archives in `tilesDir`. */
export function createBasemapRegions(options: BasemapRegionsOptions): BasemapRegions {
  let ready: { inputs: string; catalog: ServedCatalog } | null = null;
  let failedInputs: string | null = null;
  let queuedInputs: string | null = null;
  let queue: Promise<void> = Promise.resolve();
  let closed = false;
  const isClosed = () => closed;
  const adopt = (inputs: string, manifest: Manifest) => {
    ready = { inputs, catalog: manifestCatalog(manifest, options.cacheDir) };
  };

  const run = (job: CutJob) => {
    queuedInputs = job.inputs;
    queue = queue.then(async () => {
      if (closed || ready?.inputs === job.inputs) return;
      try {
        const manifest = await manifestFor(options, job, isClosed);
        if (manifest && !closed) adopt(job.inputs, manifest);
      } catch (error) {
        if (closed) return;
        failedInputs = job.inputs;
        options.log.error(
          `Road map: ${options.file} cannot be used: ${describe(error)}. ` +
            'Serving the map regions without it until the file is replaced.',
        );
      } finally {
        if (queuedInputs === job.inputs) queuedInputs = null;
      }
    });
  };

  return {
    state(own) {
      const stat = closed ? undefined : statSync(options.file, { throwIfNoEntry: false });
      if (!stat) return { kind: 'none' };
      const { size, mtimeMs } = stat;
      const job: CutJob = {
        inputs: `${ownKey(own)}|${size}|${mtimeMs}`,
        own,
        stat: { size, mtimeMs },
      };
      if (ready?.inputs !== job.inputs && failedInputs !== job.inputs) {
        // A restart finds its earlier cut at once, without waiting for the queue.
        const cached = cachedFor(options, job);
        if (cached) adopt(job.inputs, cached);
        else if (queuedInputs !== job.inputs) run(job);
      }
      if (ready?.inputs === job.inputs) return { kind: 'ready', catalog: ready.catalog };
      if (failedInputs === job.inputs) return { kind: 'none' };
      return ready ? { kind: 'ready', catalog: ready.catalog } : { kind: 'preparing' };
    },
    served: () => ready?.catalog.regions ?? [],
    settled: async () => {
      let current: Promise<void>;
      do {
        current = queue;
        await current;
      } while (current !== queue);
    },
    close() {
      closed = true;
    },
  };
}
