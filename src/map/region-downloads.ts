/**
 * The offline region store's download logic (issue 5 "Offline maps panel"): download a region's
 * archive with progress (bytes of total), cancel, resume after an interruption with an HTTP
 * Range request, check free storage and ask for persistent storage first, update when the
 * catalog version changes, delete. Every received part is stored before progress is reported,
 * so `downloadedBytes` always equals the bytes a resume can skip. A finished archive is checked
 * (archive-check.ts) before any map uses it; a broken one, or a full disk, marks only that
 * region failed and leaves every other archive alone.
 */
import type { MapRegion } from '../../schemas/map-regions.ts';
import type { MapRegionRepository } from '../db/map-regions.ts';
import { checkArchive } from './archive-check.ts';
import type { ArchiveStore } from './archive-store.ts';
import { formatBytes } from './format-bytes.ts';

/** Received bytes are stored (and progress reported) in parts of at most this size. */
export const partBytes = 64 * 1024;

/** The subset of navigator.storage the store uses. */
export interface StorageLike {
  estimate(): Promise<{ quota?: number; usage?: number }>;
  persisted(): Promise<boolean>;
  persist(): Promise<boolean>;
}

/** What the downloader works with; the browser's are wired in region-store.ts. */
export interface DownloaderDependencies {
  repository: MapRegionRepository;
  store: ArchiveStore;
  fetch: typeof fetch;
  /** Origin the catalog's relative archive URLs resolve against. */
  baseUrl: string;
  storage: StorageLike | null;
  now: () => number;
}

/** Key under which a finished archive of a region version is stored. */
export function archiveStorageKey(regionId: string, version: string): string {
  return `${regionId}@${version}`;
}

class DownloadStopped extends Error {}

function isQuotaError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  );
}

function concatChunks(chunks: Uint8Array[]): Blob {
  return new Blob(chunks as Uint8Array<ArrayBuffer>[]);
}

/**
 * Downloads region archives into the archive store and tracks them in mapRegions. One
 * download per region at a time; `start` on a running region returns the running promise.
 */
export class RegionDownloader {
  private readonly deps: DownloaderDependencies;
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();

  constructor(deps: DownloaderDependencies) {
    this.deps = deps;
  }

  /** True while `regionId` is downloading in this tab. */
  isRunning(regionId: string): boolean {
    return this.running.has(regionId);
  }

  /**
   * Regions left `downloading` by a closed tab or a crash become `paused`, so the panel offers
   * Resume (their stored parts are kept).
   */
  async recoverInterrupted(): Promise<void> {
    for (const region of await this.deps.repository.list()) {
      if (region.status === 'downloading' && !this.running.has(region.id)) {
        await this.deps.repository.patch(region.id, {
          status: 'paused',
          error: 'The download was interrupted. Resume to continue where it stopped.',
          updatedAt: this.deps.now(),
        });
      }
    }
  }

  /**
   * Downloads (or resumes, or updates to the catalog's version) `regionId`. Resolves when the
   * region is downloaded, paused (cancel, network loss) or failed; the outcome is in mapRegions.
   * Rejects only when the region is unknown.
   */
  start(regionId: string): Promise<void> {
    const existing = this.running.get(regionId);
    if (existing) return existing.done;
    const controller = new AbortController();
    const done = this.run(regionId, controller.signal).finally(() => {
      this.running.delete(regionId);
    });
    this.running.set(regionId, { controller, done });
    return done;
  }

  /** Stops a running download; its stored parts stay for Resume. */
  cancel(regionId: string): void {
    this.running.get(regionId)?.controller.abort();
  }

  /**
   * Deletes a region's archive and partial download and marks it not downloaded. Other regions
   * are untouched.
   */
  async remove(regionId: string): Promise<void> {
    const running = this.running.get(regionId);
    if (running) {
      running.controller.abort();
      await running.done;
    }
    const region = await this.deps.repository.get(regionId);
    if (!region) return;
    await this.deps.store.deleteParts(`${regionId}@`);
    if (region.storageKey) await this.deps.store.deleteArchive(region.storageKey);
    await this.deps.repository.patch(regionId, {
      status: 'not-downloaded',
      downloadedBytes: 0,
      downloadedVersion: null,
      storageKey: null,
      error: null,
      updatedAt: this.deps.now(),
    });
  }

  private async fail(region: MapRegion, message: string): Promise<void> {
    const hasOlder = region.storageKey !== null;
    await this.deps.store.deleteParts(`${region.id}@`);
    await this.deps.repository.patch(region.id, {
      status: 'failed',
      downloadedBytes: 0,
      error: hasOlder ? `${message} The earlier version stays on this device.` : message,
      updatedAt: this.deps.now(),
    });
  }

  private async checkStorage(region: MapRegion, needed: number): Promise<string | null> {
    const storage = this.deps.storage;
    if (!storage) return null;
    try {
      const { quota, usage } = await storage.estimate();
      if (quota !== undefined && usage !== undefined && quota - usage < needed) {
        return (
          `Not enough storage: ${region.name} needs ${formatBytes(needed)}, about ` +
          `${formatBytes(Math.max(0, quota - usage))} is free. Delete another region or free ` +
          'space on the device, then try again.'
        );
      }
      // Offline maps are what riders rely on without signal: ask the browser not to evict them.
      if (!(await storage.persisted())) await storage.persist();
    } catch {
      // No estimate available: the download itself will tell if storage runs out.
    }
    return null;
  }

  private async run(regionId: string, signal: AbortSignal): Promise<void> {
    const { repository, store } = this.deps;
    const region = await repository.get(regionId);
    if (!region) throw new Error(`No map region "${regionId}" on this device.`);
    const downloadKey = archiveStorageKey(region.id, region.version);
    // Parts of another version (the catalog changed mid-download) can never be resumed.
    for (const key of await store.listDownloads(`${region.id}@`)) {
      if (key !== downloadKey) await store.deleteParts(`${key}#`);
    }
    const parts = await store.readParts(downloadKey);
    let stored = parts.reduce((sum, part) => sum + part.size, 0);
    let partIndex = parts.length;
    if (stored > region.bytes) {
      await store.deleteParts(`${downloadKey}#`);
      stored = 0;
      partIndex = 0;
    }

    const storageProblem = await this.checkStorage(region, region.bytes - stored);
    if (storageProblem) return this.fail(region, storageProblem);

    await repository.patch(region.id, {
      status: 'downloading',
      downloadedBytes: stored,
      error: null,
      updatedAt: this.deps.now(),
    });

    try {
      if (stored < region.bytes) {
        const headers: Record<string, string> = {};
        if (stored > 0) {
          headers.range = `bytes=${stored}-`;
          // Resume only the same archive: any other version answers 200 with the whole file.
          headers['if-range'] = `"${region.version}"`;
        }
        const response = await this.deps.fetch(new URL(region.url, this.deps.baseUrl), {
          headers,
          signal,
          cache: 'no-store',
        });
        if (response.status === 200 && stored > 0) {
          await store.deleteParts(`${downloadKey}#`);
          stored = 0;
          partIndex = 0;
        } else if (response.status !== 200 && response.status !== 206) {
          return this.fail(
            region,
            `The server answered ${response.status} for the ${region.name} map archive.`,
          );
        }
        if (!response.body) return this.fail(region, 'The server sent no archive.');
        const reader = response.body.getReader();
        let pending: Uint8Array[] = [];
        let pendingBytes = 0;
        const flush = async () => {
          if (pendingBytes === 0) return;
          await store.putPart(downloadKey, partIndex, concatChunks(pending));
          partIndex += 1;
          stored += pendingBytes;
          pending = [];
          pendingBytes = 0;
          await repository.patch(region.id, {
            downloadedBytes: stored,
            updatedAt: this.deps.now(),
          });
        };
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          pending.push(value);
          pendingBytes += value.length;
          if (stored + pendingBytes > region.bytes) {
            await reader.cancel();
            return this.fail(
              region,
              `The ${region.name} archive is larger than the catalog says (${formatBytes(region.bytes)}).`,
            );
          }
          if (pendingBytes >= partBytes) await flush();
        }
        await flush();
      }
      if (signal.aborted) throw new DownloadStopped();

      const archive = new Blob(await store.readParts(downloadKey));
      const check = await checkArchive(archive, { bytes: region.bytes, sha256: region.version });
      if (!check.ok) return this.fail(region, `${region.name}: ${check.message}`);
      const storageKey = archiveStorageKey(region.id, region.version);
      await store.putArchive(storageKey, archive);
      if (region.storageKey && region.storageKey !== storageKey) {
        await store.deleteArchive(region.storageKey);
      }
      await store.deleteParts(`${region.id}@`);
      await repository.patch(region.id, {
        status: 'downloaded',
        downloadedBytes: region.bytes,
        downloadedVersion: region.version,
        storageKey,
        error: null,
        updatedAt: this.deps.now(),
      });
    } catch (error) {
      if (isQuotaError(error)) {
        return this.fail(
          region,
          `Storage full: there is no room for the ${region.name} map (${formatBytes(region.bytes)}). ` +
            'Delete another region or free space on the device, then try again.',
        );
      }
      const cancelled = signal.aborted;
      await repository.patch(region.id, {
        status: 'paused',
        downloadedBytes: stored,
        error: cancelled
          ? null
          : `The download was interrupted at ${formatBytes(stored)} of ${formatBytes(region.bytes)}. ` +
            'Resume to continue where it stopped.',
        updatedAt: this.deps.now(),
      });
    }
  }
}
