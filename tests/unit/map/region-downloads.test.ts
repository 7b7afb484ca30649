import { describe, expect, it, vi } from 'vitest';
import { mergeCatalogRegion } from '../../../src/map/region-catalog.ts';
import {
  archiveStorageKey,
  partBytes,
  RegionDownloader,
} from '../../../src/map/region-downloads.ts';
import { parseRange } from '../../../sync-server/tiles/byte-ranges.ts';
import {
  fixtureArchive,
  memoryArchiveStore,
  memoryRepository,
  regionFor,
} from './archive-fixtures.ts';

/** Big enough that the download takes several parts. */
const ozarks = fixtureArchive(6, 12, 45);
const delta = fixtureArchive(6, 9);

interface ServerOptions {
  /** Stop the body with a network error after this many bytes (once). */
  failAfter?: number;
  /** Serve these bytes instead of the real archive. */
  override?: Uint8Array;
}

/** A fake archive server with HTTP range and If-Range support, like tiles-routes.ts. */
function archiveServer(
  files: Record<string, { bytes: Uint8Array; sha256: string }>,
  options: ServerOptions = {},
) {
  const requests: { url: string; range: string | null; ifRange: string | null }[] = [];
  let failAfter = options.failAfter;
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    requests.push({
      url: url.pathname,
      range: headers.get('range'),
      ifRange: headers.get('if-range'),
    });
    const file = files[url.pathname];
    if (!file) return new Response('{}', { status: 404 });
    const bytes = options.override ?? file.bytes;
    const ifRange = headers.get('if-range');
    const range =
      ifRange && ifRange !== `"${file.sha256}"`
        ? { kind: 'whole' as const }
        : parseRange(headers.get('range') ?? undefined, bytes.length);
    const start = range.kind === 'partial' ? range.start : 0;
    const end = range.kind === 'partial' ? range.end + 1 : bytes.length;
    const body = bytes.slice(start, end);
    const cut = failAfter;
    failAfter = undefined;
    let offset = 0;
    // Pull-based, so chunks sent before a simulated network loss really reach the reader.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (cut !== undefined && offset >= cut) {
          controller.error(new TypeError('network connection lost'));
        } else if (offset >= body.length) {
          controller.close();
        } else {
          controller.enqueue(body.slice(offset, offset + 16 * 1024));
          offset += 16 * 1024;
        }
      },
    });
    return new Response(stream, { status: range.kind === 'partial' ? 206 : 200 });
  });
  return { fetchImpl, requests };
}

function setup(
  options: {
    quotaBytes?: number;
    server?: ServerOptions;
    estimate?: { quota: number; usage: number };
  } = {},
) {
  const repository = memoryRepository([regionFor('ozarks', ozarks), regionFor('delta', delta)]);
  const { store, archives, parts } = memoryArchiveStore(options.quotaBytes);
  const server = archiveServer(
    { '/tiles/ozarks.pmtiles': ozarks, '/tiles/delta.pmtiles': delta },
    options.server,
  );
  const storage = {
    estimate: vi.fn(async () => options.estimate ?? { quota: 1e9, usage: 1e6 }),
    persisted: vi.fn(async () => false),
    persist: vi.fn(async () => true),
  };
  const downloader = new RegionDownloader({
    repository,
    store,
    fetch: server.fetchImpl as typeof fetch,
    baseUrl: 'http://localhost:8787',
    storage,
    now: () => 1_000,
  });
  return { repository, store, archives, parts, server, storage, downloader };
}

async function storedBytes(archives: Map<string, Blob>, key: string): Promise<Uint8Array> {
  return new Uint8Array(await archives.get(key)!.arrayBuffer());
}

describe('RegionDownloader', { timeout: 20_000 }, () => {
  it('downloads a region with progress in bytes of the total, then stores and tracks it', async () => {
    expect(ozarks.bytes.length).toBeGreaterThan(2 * partBytes);
    const { downloader, repository, archives, storage } = setup();
    await downloader.start('ozarks');
    const region = repository.regions.get('ozarks')!;
    expect(region).toMatchObject({
      status: 'downloaded',
      downloadedBytes: ozarks.bytes.length,
      downloadedVersion: ozarks.sha256,
      storageKey: archiveStorageKey('ozarks', ozarks.sha256),
      error: null,
    });
    expect(await storedBytes(archives, region.storageKey!)).toEqual(ozarks.bytes);
    const progress = repository.history
      .filter((entry) => entry.id === 'ozarks' && entry.status === 'downloading')
      .map((entry) => entry.downloadedBytes);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(storage.persist).toHaveBeenCalled();
  });

  it('resumes an interrupted download with a Range request and ends with identical bytes', async () => {
    const { downloader, repository, archives, server } = setup({
      server: { failAfter: partBytes * 2 },
    });
    await downloader.start('ozarks');
    const paused = repository.regions.get('ozarks')!;
    expect(paused.status).toBe('paused');
    expect(paused.error).toMatch(/interrupted at .* of .*Resume/);
    expect(paused.downloadedBytes).toBeGreaterThan(0);
    expect(paused.downloadedBytes % partBytes).toBe(0);

    await downloader.start('ozarks');
    expect(server.requests[1]).toEqual({
      url: '/tiles/ozarks.pmtiles',
      range: `bytes=${paused.downloadedBytes}-`,
      ifRange: `"${ozarks.sha256}"`,
    });
    const done = repository.regions.get('ozarks')!;
    expect(done.status).toBe('downloaded');
    expect(await storedBytes(archives, done.storageKey!)).toEqual(ozarks.bytes);
  });

  it('cancel pauses the download and keeps what arrived for Resume', async () => {
    const { downloader, repository } = setup();
    const running = downloader.start('ozarks');
    downloader.cancel('ozarks');
    await running;
    expect(repository.regions.get('ozarks')).toMatchObject({
      status: 'paused',
      error: null,
      storageKey: null,
    });
    await downloader.start('ozarks');
    expect(repository.regions.get('ozarks')!.status).toBe('downloaded');
  });

  it('marks a corrupt archive failed with a clear message and keeps other regions intact', async () => {
    const { downloader, repository, archives } = setup();
    await downloader.start('delta');
    const corrupt = ozarks.bytes.slice();
    corrupt[corrupt.length - 5] = corrupt[corrupt.length - 5]! ^ 0xff;
    const broken = setup({ server: { override: corrupt } });
    // Same device: reuse the first store and repository with a server sending garbage.
    const downloaderWithBadServer = new RegionDownloader({
      repository,
      store: (await import('./archive-fixtures.ts')).memoryArchiveStore().store,
      fetch: broken.server.fetchImpl as typeof fetch,
      baseUrl: 'http://localhost:8787',
      storage: null,
      now: () => 2_000,
    });
    await downloaderWithBadServer.start('ozarks');
    expect(repository.regions.get('ozarks')).toMatchObject({
      status: 'failed',
      storageKey: null,
      error: 'Ozarks: The archive is corrupt: its content does not match the catalog version.',
    });
    expect(repository.regions.get('delta')!.status).toBe('downloaded');
    expect(archives.has(repository.regions.get('delta')!.storageKey!)).toBe(true);
  });

  it('reports a wrong-magic file as not a map archive', async () => {
    const html = new TextEncoder().encode('<!doctype html>'.padEnd(ozarks.bytes.length, ' '));
    const { downloader, repository } = setup({ server: { override: html } });
    await downloader.start('ozarks');
    expect(repository.regions.get('ozarks')).toMatchObject({
      status: 'failed',
      error: 'Ozarks: The file is not a PMTiles map archive (wrong magic bytes).',
    });
  });

  it('says storage is full on a quota error and keeps earlier regions', async () => {
    const { downloader, repository, archives } = setup({
      quotaBytes: delta.bytes.length * 2 + ozarks.bytes.length / 2,
    });
    await downloader.start('delta');
    await downloader.start('ozarks');
    expect(repository.regions.get('ozarks')).toMatchObject({ status: 'failed', storageKey: null });
    expect(repository.regions.get('ozarks')!.error).toMatch(
      /^Storage full: there is no room for the Ozarks map/,
    );
    const deltaRegion = repository.regions.get('delta')!;
    expect(deltaRegion.status).toBe('downloaded');
    expect(await storedBytes(archives, deltaRegion.storageKey!)).toEqual(delta.bytes);
  });

  it('refuses to start when the storage estimate has no room', async () => {
    const { downloader, repository, server } = setup({
      estimate: { quota: 100_000, usage: 99_000 },
    });
    await downloader.start('ozarks');
    expect(repository.regions.get('ozarks')!.error).toMatch(
      /^Not enough storage: Ozarks needs .* about 1 KB is free/,
    );
    expect(server.requests).toEqual([]);
  });

  it('updates to a new catalog version and replaces the old archive only when the new one is good', async () => {
    const { downloader, repository, archives } = setup();
    await downloader.start('delta');
    const oldKey = repository.regions.get('delta')!.storageKey!;
    const newer = fixtureArchive(6, 10);
    const merged = mergeCatalogRegion(
      repository.regions.get('delta')!,
      {
        id: 'delta',
        name: 'Delta',
        bbox: [-91, 34, -90, 35],
        minZoom: 6,
        maxZoom: 10,
        bytes: newer.bytes.length,
        url: '/tiles/delta-new.pmtiles',
        basemap: null,
        version: newer.sha256,
      },
      5_000,
    );
    expect(merged.status).toBe('update-available');
    await repository.put([merged]);
    const updater = new RegionDownloader({
      repository,
      store: (
        downloader as unknown as {
          deps: { store: import('../../../src/map/archive-store.ts').ArchiveStore };
        }
      ).deps.store,
      fetch: archiveServer({ '/tiles/delta-new.pmtiles': newer }).fetchImpl as typeof fetch,
      baseUrl: 'http://localhost:8787',
      storage: null,
      now: () => 6_000,
    });
    await updater.start('delta');
    const updated = repository.regions.get('delta')!;
    expect(updated).toMatchObject({ status: 'downloaded', downloadedVersion: newer.sha256 });
    expect(archives.has(oldKey)).toBe(false);
    expect(await storedBytes(archives, updated.storageKey!)).toEqual(newer.bytes);
  });

  it('delete removes the archive and leaves other regions alone', async () => {
    const { downloader, repository, archives } = setup();
    await downloader.start('delta');
    await downloader.start('ozarks');
    await downloader.remove('ozarks');
    expect(repository.regions.get('ozarks')).toMatchObject({
      status: 'not-downloaded',
      storageKey: null,
      downloadedVersion: null,
      downloadedBytes: 0,
    });
    expect([...archives.keys()]).toEqual([repository.regions.get('delta')!.storageKey]);
  });

  it('turns downloads left running by a closed tab into paused ones', async () => {
    const { downloader, repository } = setup();
    await repository.patch('ozarks', { status: 'downloading', downloadedBytes: 1000 });
    await downloader.recoverInterrupted();
    expect(repository.regions.get('ozarks')).toMatchObject({
      status: 'paused',
      downloadedBytes: 1000,
    });
  });
});
