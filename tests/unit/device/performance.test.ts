/**
 * The /mobile-performance-test measurements (src/lib/device/performance.ts) with fakes: a
 * frame clock, fake-indexeddb, a fake geolocation; and the report a tester copies.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  estimateStorage,
  measureFrameRate,
  measureGpsFixRate,
  measureIndexedDbWrites,
  readJsMemory,
  scratchDatabaseName,
  type WatchGeolocation,
} from '../../../src/lib/device/performance.ts';
import {
  describeMeasurement,
  formatBytes,
  formatPerformanceReport,
} from '../../../src/lib/device/performance-report.ts';

/** A requestAnimationFrame that draws a frame every `intervalMs`. */
function frameClock(intervalMs: number) {
  let time = 1000;
  return (callback: (time: number) => void) => {
    time += intervalMs;
    queueMicrotask(() => callback(time));
  };
}

describe('frame rate', () => {
  it('counts the frames drawn over three seconds', async () => {
    const result = await measureFrameRate(frameClock(20));
    expect(result.elapsedMs).toBeGreaterThanOrEqual(3000);
    expect(result.framesPerSecond).toBe(50);
    expect(describeMeasurement(result)).toBe('50.0 frames per second (150 frames in 3.0 s)');
  });

  it('reports a slow device as slow', async () => {
    const result = await measureFrameRate(frameClock(50));
    expect(result.framesPerSecond).toBeCloseTo(20, 0);
  });
});

describe('memory and storage', () => {
  it('says JavaScript memory is not exposed where performance.memory is missing', () => {
    expect(describeMeasurement(readJsMemory({}))).toBe(
      'JavaScript memory is not exposed by this browser.',
    );
  });

  it('reads Chromium performance.memory in megabytes', () => {
    const memory = readJsMemory({
      memory: {
        usedJSHeapSize: 25 * 1024 * 1024,
        totalJSHeapSize: 0,
        jsHeapSizeLimit: 4 * 2 ** 30,
      },
    });
    expect(describeMeasurement(memory)).toBe('25.0 MB in use of a 4.0 GB limit');
  });

  it('reports storage use against the quota, or that the browser cannot tell', async () => {
    const estimate = await estimateStorage({
      estimate: async () => ({ usage: 50 * 1024 * 1024, quota: 1000 * 1024 * 1024 }),
    });
    expect(describeMeasurement(estimate)).toBe('50.0 MB used of 1000.0 MB allowed (5.0%)');
    expect(describeMeasurement(await estimateStorage(undefined))).toBe(
      'This browser does not report storage use.',
    );
    expect(formatBytes(1536 * 1024 * 1024)).toBe('1.5 GB');
  });
});

describe('IndexedDB write speed', () => {
  it('writes the records, times them and deletes the scratch database', async () => {
    const factory = new IDBFactory();
    let clock = 0;
    const result = await measureIndexedDbWrites(factory, () => (clock += 25), 40);
    expect(result).toMatchObject({ kind: 'indexeddb', records: 40, elapsedMs: 25 });
    expect(describeMeasurement(result)).toBe('1600 writes per second (40 records in 25 ms)');
    const names = (await factory.databases()).map((database) => database.name);
    expect(names).not.toContain(scratchDatabaseName);
  });

  it('says so when the browser has no IndexedDB', async () => {
    expect(describeMeasurement(await measureIndexedDbWrites(undefined, () => 0))).toBe(
      'This browser has no IndexedDB.',
    );
  });
});

function fakeGeolocation(
  behaviour: (success: PositionCallback, failure: PositionErrorCallback) => void,
) {
  const cleared: number[] = [];
  const geolocation: WatchGeolocation = {
    watchPosition: (success, failure) => {
      behaviour(success, failure!);
      return 7;
    },
    clearWatch: (id) => cleared.push(id),
  };
  return { geolocation, cleared };
}

const fix = (accuracy: number) =>
  ({ coords: { accuracy, latitude: 35, longitude: -92 }, timestamp: 0 }) as GeolocationPosition;

describe('GPS fix rate', () => {
  it('counts fixes over the watch and keeps the best accuracy', async () => {
    const { geolocation, cleared } = fakeGeolocation((success) => {
      for (const accuracy of [30, 12, 18, 9, 15]) success(fix(accuracy));
    });
    let clock = 0;
    const result = await measureGpsFixRate(
      geolocation,
      () => (clock += 5000),
      10_000,
      async () => {},
    );
    expect(describeMeasurement(result)).toBe(
      '1.00 fixes per second (5 fixes in 5.0 s, best accuracy 9 m)',
    );
    expect(cleared).toEqual([7]);
  });

  it('says plainly when location permission is refused', async () => {
    const { geolocation, cleared } = fakeGeolocation((_success, failure) =>
      failure({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    const result = await measureGpsFixRate(
      geolocation,
      () => 0,
      10_000,
      () => new Promise(() => {}),
    );
    expect(describeMeasurement(result)).toBe(
      'Location permission was refused, so no GPS fixes were measured.',
    );
    expect(cleared).toEqual([7]);
  });
});

describe('report', () => {
  it('lists every measurement with units, and the ones not run', () => {
    const report = formatPerformanceReport(
      { memory: readJsMemory({}) },
      { measuredAt: new Date('2026-11-23T20:00:00Z'), userAgent: 'TestBrowser/1' },
    );
    expect(report.split('\n')).toEqual([
      'Natural State Trails mobile performance test',
      'Measured: 2026-11-23T20:00:00.000Z',
      'Browser: TestBrowser/1',
      'Frame rate: Not measured yet',
      'JavaScript memory: JavaScript memory is not exposed by this browser.',
      'Storage quota: Not measured yet',
      'IndexedDB write speed: Not measured yet',
      'GPS fix rate: Not measured yet',
    ]);
  });
});
