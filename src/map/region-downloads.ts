/**
 * The offline region store's download logic: download a region's
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

/** How far one download has got: its parts key, bytes stored and the next part's index. */
interface DownloadProgress {
  downloadKey: string;
  stored: number;
  partIndex: number;
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

  /**
   * Where a download of `region` resumes: the stored parts of this version (parts of another
   * version can never be resumed and are deleted; parts adding up to more than the archive are
   * discarded).
   */
  private async resumePoint(region: MapRegion): Promise<DownloadProgress> {
    const { store } = this.deps;
    const downloadKey = archiveStorageKey(region.id, region.version);
    for (const key of await store.listDownloads(`${region.id}@`)) {
      if (key !== downloadKey) await store.deleteParts(`${key}#`);
    }
    const parts = await store.readParts(downloadKey);
    const stored = parts.reduce((sum, part) => sum + part.size, 0);
    if (stored <= region.bytes) return { downloadKey, stored, partIndex: parts.length };
    await store.deleteParts(`${downloadKey}#`);
    return { downloadKey, stored: 0, partIndex: 0 };
  }

  /**
   * Fetches the rest of the archive from `progress.stored` (a range request that only the same
   * version may answer with 206) and stores it in parts of `partBytes`, moving `progress` on.
   * Returns why the download failed, or null; throws when the connection breaks.
   */
  private async fetchRemaining(
    region: MapRegion,
    progress: DownloadProgress,
    signal: AbortSignal,
  ): Promise<string | null> {
    const headers: Record<string, string> = {};
    if (progress.stored > 0) {
      headers.range = `bytes=${progress.stored}-`;
      // Resume only the same archive: any other version answers 200 with the whole file.
      headers['if-range'] = `"${region.version}"`;
    }
    const response = await this.deps.fetch(new URL(region.url, this.deps.baseUrl), {
      headers,
      signal,
      cache: 'no-store',
    });
    if (response.status === 200 && progress.stored > 0) {
      await this.deps.store.deleteParts(`${progress.downloadKey}#`);
      progress.stored = 0;
      progress.partIndex = 0;
    } else if (response.status !== 200 && response.status !== 206) {
      return `The server answered ${response.status} for the ${region.name} map archive.`;
    }
    if (!response.body) return 'The server sent no archive.';
    return this.storeStream(region, progress, response.body.getReader());
  }

  /** Stores the response body in parts, recording the bytes stored after each part. */
  private async storeStream(
    region: MapRegion,
    progress: DownloadProgress,
    reader: ReadableStreamDefaultReader<Uint8Array>,
  ): Promise<string | null> {
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      await this.deps.store.putPart(
        progress.downloadKey,
        progress.partIndex,
        concatChunks(pending),
      );
      progress.partIndex += 1;
      progress.stored += pendingBytes;
      pending = [];
      pendingBytes = 0;
      await this.deps.repository.patch(region.id, {
        downloadedBytes: progress.stored,
        updatedAt: this.deps.now(),
      });
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending.push(value);
      pendingBytes += value.length;
      if (progress.stored + pendingBytes > region.bytes) {
        await reader.cancel();
        return `The ${region.name} archive is larger than the catalog says (${formatBytes(region.bytes)}).`;
      }
      if (pendingBytes >= partBytes) await flush();
    }
    await flush();
    return null;
  }

  /**
   * Joins the parts, checks size and SHA-256 against the catalog and keeps the archive,
   * replacing an older version. Returns why the archive was refused, or null.
   */
  private async keepArchive(region: MapRegion, downloadKey: string): Promise<string | null> {
    const { store } = this.deps;
    const archive = new Blob(await store.readParts(downloadKey));
    const check = await checkArchive(archive, { bytes: region.bytes, sha256: region.version });
    if (!check.ok) return `${region.name}: ${check.message}`;
    const storageKey = archiveStorageKey(region.id, region.version);
    await store.putArchive(storageKey, archive);
    if (region.storageKey && region.storageKey !== storageKey) {
      await store.deleteArchive(region.storageKey);
    }
    await store.deleteParts(`${region.id}@`);
    await this.deps.repository.patch(region.id, {
      status: 'downloaded',
      downloadedBytes: region.bytes,
      downloadedVersion: region.version,
      storageKey,
      error: null,
      updatedAt: this.deps.now(),
    });
    return null;
  }

  /**
   * A download that stopped part-way: full storage fails it; anything else pauses it where it
   * stopped, with a message unless the rider cancelled.
   */
  private async interrupted(
    region: MapRegion,
    error: unknown,
    stored: number,
    cancelled: boolean,
  ): Promise<void> {
    if (isQuotaError(error)) {
      return this.fail(
        region,
        `Storage full: there is no room for the ${region.name} map (${formatBytes(region.bytes)}). ` +
          'Delete another region or free space on the device, then try again.',
      );
    }
    await this.deps.repository.patch(region.id, {
      status: 'paused',
      downloadedBytes: stored,
      error: cancelled
        ? null
        : `The download was interrupted at ${formatBytes(stored)} of ${formatBytes(region.bytes)}. ` +
          'Resume to continue where it stopped.',
      updatedAt: this.deps.now(),
    });
  }

  private async run(regionId: string, signal: AbortSignal): Promise<void> {
    const region = await this.deps.repository.get(regionId);
    if (!region) throw new Error(`No map region "${regionId}" on this device.`);
    const progress = await this.resumePoint(region);
    const storageProblem = await this.checkStorage(region, region.bytes - progress.stored);
    if (storageProblem) return this.fail(region, storageProblem);
    await this.deps.repository.patch(region.id, {
      status: 'downloading',
      downloadedBytes: progress.stored,
      error: null,
      updatedAt: this.deps.now(),
    });
    try {
      if (progress.stored < region.bytes) {
        const problem = await this.fetchRemaining(region, progress, signal);
        if (problem) return this.fail(region, problem);
      }
      if (signal.aborted) throw new DownloadStopped();
      const refused = await this.keepArchive(region, progress.downloadKey);
      if (refused) return this.fail(region, refused);
    } catch (error) {
      await this.interrupted(region, error, progress.stored, signal.aborted);
    }
  }
}
