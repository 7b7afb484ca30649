import { describe, expect, it } from 'vitest';
import type { MapRegion } from '../../../schemas/map-regions.ts';
import { regionNames, trailMapRegions, trailPositions } from '../../../src/map/trail-regions.ts';

/** Regions as the shipped catalog draws them (data/tiles/catalog.json), bytes rounded. */
function region(
  id: string,
  name: string,
  bbox: [number, number, number, number],
  bytes: number,
  onDevice = false,
): MapRegion {
  return {
    id,
    name,
    bbox,
    minZoom: id === 'statewide' ? 0 : 10,
    maxZoom: id === 'statewide' ? 9 : 14,
    bytes,
    url: `/tiles/${id}.pmtiles`,
    version: 'a'.repeat(64),
    basemap: null,
    status: onDevice ? 'downloaded' : 'not-downloaded',
    downloadedBytes: onDevice ? bytes : 0,
    downloadedVersion: onDevice ? 'a'.repeat(64) : null,
    storageKey: onDevice ? `${id}@${'a'.repeat(64)}` : null,
    error: null,
    updatedAt: 0,
  };
}

const statewide = region('statewide', 'Arkansas statewide', [-96, 32, -88.6, 37.5], 272_419, true);
const ozarks = region('ozarks', 'Ozarks', [-94.6208, 35.2396, -91.2, 36.7455], 260_701);
const riverValley = region(
  'arkansas-river-valley',
  'Arkansas River Valley',
  [-94.43, 34.5, -92.5, 35.799],
  184_652,
);
const ouachitas = region('ouachitas', 'Ouachitas', [-94.6266, 33.7795, -92.55, 35.115], 135_437);

/** Mill Creek OHV Trail's trailhead (data/places/trails.geojson): in the Ozarks only. */
const millCreek = { longitude: -93.83392, latitude: 35.8242, path: null };

describe('trailPositions', () => {
  it('lists the trailhead first, then its line, then its system lines, as [lon, lat]', () => {
    const positions = trailPositions({ longitude: -93, latitude: 35, path: [[-93.1, 35.1, 300]] }, [
      [[-93.2, 35.2]],
      [[-93.3, 35.3]],
    ]);
    expect(positions).toEqual([
      [-93, 35],
      [-93.1, 35.1],
      [-93.2, 35.2],
      [-93.3, 35.3],
    ]);
  });
});

describe('trailMapRegions', () => {
  it('names the one detailed region a trailhead lies in, to download when not on the device', () => {
    const regions = [statewide, ozarks, riverValley, ouachitas];
    const result = trailMapRegions(regions, trailPositions(millCreek));
    expect(result.onDevice).toEqual([]);
    expect(result.toDownload.map((r) => r.id)).toEqual(['ozarks']);
    expect(result.outsideCount).toBe(0);
  });

  it('needs nothing when a region holding every position is on the device', () => {
    const onDevice = { ...ozarks, storageKey: 'ozarks@x', status: 'downloaded' as const };
    const result = trailMapRegions([statewide, onDevice, riverValley], trailPositions(millCreek));
    expect(result.onDevice.map((r) => r.id)).toEqual(['ozarks']);
    expect(result.toDownload).toEqual([]);
  });

  it('counts an update-available region as on the device: its older archive still draws', () => {
    const older = { ...ozarks, storageKey: 'ozarks@old', status: 'update-available' as const };
    expect(trailMapRegions([older], trailPositions(millCreek)).toDownload).toEqual([]);
  });

  it('in overlapping regions, takes one already on the device over downloading another', () => {
    // 35.5° N lies in both the Ozarks and the Arkansas River Valley.
    const trail = { longitude: -93.5, latitude: 35.5, path: null };
    const valleyOnDevice = { ...riverValley, storageKey: 'valley@x' };
    const result = trailMapRegions([ozarks, valleyOnDevice], trailPositions(trail));
    expect(result.onDevice.map((r) => r.id)).toEqual(['arkansas-river-valley']);
    expect(result.toDownload).toEqual([]);
  });

  it('in overlapping regions, offers the one keeping the trailhead farthest from its edges', () => {
    // 35.3° N: 0.06° inside the Ozarks' south edge, 0.5° inside the Valley's north edge.
    const trail = { longitude: -93.5, latitude: 35.3, path: null };
    const result = trailMapRegions([ozarks, riverValley], trailPositions(trail));
    expect(result.toDownload.map((r) => r.id)).toEqual(['arkansas-river-valley']);
  });

  it('offers the fewest regions covering a line that leaves one region', () => {
    // From the Ozarks (36.2° N) south into the Ouachitas (34.9° N) through the Valley.
    const trail = {
      longitude: -93.5,
      latitude: 36.2,
      path: [
        [-93.5, 36.2],
        [-93.5, 35.6],
        [-93.5, 34.9],
      ],
    };
    const result = trailMapRegions(
      [statewide, ozarks, riverValley, ouachitas],
      trailPositions(trail),
    );
    expect(result.toDownload.map((r) => r.id).sort()).toEqual(['arkansas-river-valley', 'ozarks']);
  });

  it('reads a system’s lines: a line outside the trailhead’s region adds its region', () => {
    const trail = { longitude: -93.83392, latitude: 35.8242, path: null };
    const systemLine = [
      [-93.0, 35.0],
      [-93.1, 35.05],
    ];
    const onDevice = { ...ozarks, storageKey: 'ozarks@x' };
    const result = trailMapRegions(
      [statewide, onDevice, ouachitas],
      trailPositions(trail, [systemLine]),
    );
    expect(result.onDevice.map((r) => r.id)).toEqual(['ozarks']);
    expect(result.toDownload.map((r) => r.id)).toEqual(['ouachitas']);
  });

  it('falls back to the statewide archive where no detailed region lies, and counts what is outside every region', () => {
    const delta = { longitude: -90.5, latitude: 35.0, path: null };
    expect(trailMapRegions([statewide, ozarks], trailPositions(delta))).toMatchObject({
      onDevice: [statewide],
      toDownload: [],
      outsideCount: 0,
    });
    const texas = { longitude: -97.5, latitude: 31.0, path: null };
    expect(trailMapRegions([statewide, ozarks], trailPositions(texas))).toEqual({
      onDevice: [],
      toDownload: [],
      outsideCount: 1,
    });
  });
});

describe('regionNames', () => {
  it('joins names for a sentence', () => {
    expect(regionNames([ozarks])).toBe('Ozarks');
    expect(regionNames([ozarks, ouachitas])).toBe('Ozarks and Ouachitas');
  });
});
