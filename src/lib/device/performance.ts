/**
 * Measurements for /mobile-performance-test: frame rate, JavaScript memory, storage
 * quota, IndexedDB write speed and GPS fix rate, each measured on the device it runs on. Every
 * browser capability is passed in, so tests drive them with fakes (fake-indexeddb, a fake
 * clock). A measurement the browser cannot make resolves to an `unavailable` result with the
 * reason in words, never to a made-up figure.
 */

/** A figure that could not be measured, with the reason shown to the tester. */
export interface Unavailable {
  kind: 'unavailable';
  reason: string;
}

/** Frames drawn over the measured time; `framesPerSecond` = frames / (elapsedMs / 1000). */
export interface FrameRateResult {
  kind: 'frame-rate';
  frames: number;
  elapsedMs: number;
  framesPerSecond: number;
}

/**
 * Counts animation frames for `durationMs` (3 s by default) with `requestFrame`
 * (requestAnimationFrame); the elapsed time is taken from the frame timestamps. A hidden tab
 * draws no frames, so the result can be zero.
 */
export function measureFrameRate(
  requestFrame: (callback: (time: number) => void) => unknown,
  durationMs = 3000,
): Promise<FrameRateResult> {
  return new Promise((resolve) => {
    let start: number | null = null;
    let frames = 0;
    const onFrame = (time: number) => {
      if (start === null) start = time;
      else frames += 1;
      const elapsedMs = time - start;
      if (elapsedMs >= durationMs) {
        resolve({
          kind: 'frame-rate',
          frames,
          elapsedMs,
          framesPerSecond: elapsedMs > 0 ? (frames * 1000) / elapsedMs : 0,
        });
        return;
      }
      requestFrame(onFrame);
    };
    requestFrame(onFrame);
  });
}

/** Chromium's non-standard `performance.memory`, in bytes. */
interface ChromiumMemory {
  usedJSHeapSize: number;
  totalJSHeapSize: number;
  jsHeapSizeLimit: number;
}

/** JavaScript heap in use and its limit, bytes. */
export interface MemoryResult {
  kind: 'memory';
  usedBytes: number;
  limitBytes: number;
}

/** Reads `performance.memory` where the browser exposes it (Chromium only). */
export function readJsMemory(performanceLike: object): MemoryResult | Unavailable {
  const memory = (performanceLike as { memory?: ChromiumMemory }).memory;
  if (!memory || typeof memory.usedJSHeapSize !== 'number') {
    return { kind: 'unavailable', reason: 'JavaScript memory is not exposed by this browser.' };
  }
  return { kind: 'memory', usedBytes: memory.usedJSHeapSize, limitBytes: memory.jsHeapSizeLimit };
}

/** Storage this site uses and may use, bytes (StorageManager.estimate). */
export interface StorageResult {
  kind: 'storage';
  usageBytes: number;
  quotaBytes: number;
}

/** Asks `navigator.storage.estimate()`; unavailable without the StorageManager API. */
export async function estimateStorage(
  storage: Pick<StorageManager, 'estimate'> | undefined,
): Promise<StorageResult | Unavailable> {
  if (!storage?.estimate) {
    return { kind: 'unavailable', reason: 'This browser does not report storage use.' };
  }
  try {
    const { usage, quota } = await storage.estimate();
    if (typeof quota !== 'number') {
      return { kind: 'unavailable', reason: 'The browser did not say how much storage it allows.' };
    }
    return { kind: 'storage', usageBytes: usage ?? 0, quotaBytes: quota };
  } catch (error) {
    return { kind: 'unavailable', reason: `Storage estimate failed: ${String(error)}` };
  }
}

/** Small IndexedDB writes, each in its own transaction, like the app's single saves. */
export interface IndexedDbResult {
  kind: 'indexeddb';
  records: number;
  elapsedMs: number;
  writesPerSecond: number;
}

/** Name of the throw-away database of the write test; deleted after every run. */
export const scratchDatabaseName = 'nst-performance-scratch';

function request<T>(target: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    target.onsuccess = () => resolve(target.result);
    target.onerror = () => reject(target.error ?? new Error('IndexedDB request failed'));
  });
}

function openScratch(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open(scratchDatabaseName, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore('records', { keyPath: 'id' });
  return request(opening);
}

function deleteScratch(factory: IDBFactory): Promise<void> {
  return new Promise((resolve) => {
    const deleting = factory.deleteDatabase(scratchDatabaseName);
    // A blocked or failed delete is retried by the next run, which deletes before it starts.
    deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
  });
}

function writeOne(db: IDBDatabase, index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction('records', 'readwrite');
    transaction.objectStore('records').put({ id: index, at: index, note: `record ${index}` });
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
  });
}

/**
 * Writes `records` small records (200 by default) to the scratch database, one transaction
 * each, and deletes the database afterwards. `now` is a millisecond clock (performance.now).
 */
export async function measureIndexedDbWrites(
  factory: IDBFactory | undefined,
  now: () => number,
  records = 200,
): Promise<IndexedDbResult | Unavailable> {
  if (!factory) return { kind: 'unavailable', reason: 'This browser has no IndexedDB.' };
  await deleteScratch(factory);
  let db: IDBDatabase | null = null;
  try {
    db = await openScratch(factory);
    const start = now();
    for (let index = 0; index < records; index += 1) await writeOne(db, index);
    const elapsedMs = now() - start;
    return {
      kind: 'indexeddb',
      records,
      elapsedMs,
      writesPerSecond: elapsedMs > 0 ? (records * 1000) / elapsedMs : records * 1000,
    };
  } catch (error) {
    return { kind: 'unavailable', reason: `IndexedDB writes failed: ${String(error)}` };
  } finally {
    db?.close();
    await deleteScratch(factory);
  }
}

/** GPS fixes received while watching; accuracy in metres (the best, i.e. smallest, seen). */
export interface GpsResult {
  kind: 'gps';
  fixes: number;
  elapsedMs: number;
  fixesPerSecond: number;
  bestAccuracyMetres: number | null;
}

/** The part of the Geolocation API the GPS test uses. */
export type WatchGeolocation = Pick<Geolocation, 'watchPosition' | 'clearWatch'>;

/** Words for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
function gpsErrorReason(code: number): string {
  if (code === 1) return 'Location permission was refused, so no GPS fixes were measured.';
  if (code === 3) return 'No GPS fix arrived before the browser gave up (timeout).';
  return 'The device could not determine its position (no GPS fix available).';
}

/**
 * Watches the position for `durationMs` (10 s by default) with high accuracy and counts fixes.
 * A refused permission ends the test at once with the reason; a watch that saw no fix reports 0.
 */
export function measureGpsFixRate(
  geolocation: WatchGeolocation | undefined,
  now: () => number,
  durationMs = 10_000,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<GpsResult | Unavailable> {
  if (!geolocation) {
    return Promise.resolve({ kind: 'unavailable', reason: 'This browser has no geolocation.' });
  }
  return new Promise((resolve) => {
    const start = now();
    let fixes = 0;
    let best: number | null = null;
    let finished = false;
    // Null until watchPosition returns: a callback may run before that (fakes, some browsers).
    let watchId: number | null = null;
    const finish = (result: GpsResult | Unavailable) => {
      if (finished) return;
      finished = true;
      if (watchId !== null) geolocation.clearWatch(watchId);
      resolve(result);
    };
    watchId = geolocation.watchPosition(
      (position) => {
        fixes += 1;
        const accuracy = position.coords.accuracy;
        if (Number.isFinite(accuracy)) best = best === null ? accuracy : Math.min(best, accuracy);
      },
      (error) => {
        if (error.code === 1 || fixes === 0) {
          finish({ kind: 'unavailable', reason: gpsErrorReason(error.code) });
        }
      },
      { enableHighAccuracy: true, maximumAge: 0, timeout: durationMs },
    );
    if (finished) geolocation.clearWatch(watchId);
    void wait(durationMs).then(() => {
      const elapsedMs = now() - start;
      finish({
        kind: 'gps',
        fixes,
        elapsedMs,
        fixesPerSecond: elapsedMs > 0 ? (fixes * 1000) / elapsedMs : 0,
        bestAccuracyMetres: best,
      });
    });
  });
}
