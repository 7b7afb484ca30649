import { describe, expect, it } from 'vitest';
import { mergeCatalogRegion, parseRegionCatalog } from '../../../src/map/region-catalog.ts';
import { parseRange } from '../../../sync-server/tiles/byte-ranges.ts';

const entry = {
  id: 'ozarks',
  name: 'Ozarks',
  bbox: [-94.5, 35.3, -91.5, 36.5] as [number, number, number, number],
  minZoom: 10,
  maxZoom: 12,
  bytes: 211_485,
  url: '/tiles/ozarks.abf0f8fe2974ba30.pmtiles',
  version: 'a'.repeat(64),
  basemap: null,
};

describe('region catalog', () => {
  it('accepts a well-formed catalog and rejects malformed ones', () => {
    expect(
      parseRegionCatalog({ attribution: '© OpenStreetMap contributors', regions: [entry] }).regions,
    ).toHaveLength(1);
    expect(() => parseRegionCatalog(null)).toThrow('not JSON');
    expect(() => parseRegionCatalog({ regions: [] })).toThrow('no region list');
    expect(() =>
      parseRegionCatalog({ attribution: '', regions: [{ ...entry, url: 'https://elsewhere/x' }] }),
    ).toThrow('entry 1 is malformed');
    expect(() =>
      parseRegionCatalog({ attribution: '', regions: [{ ...entry, version: 'v1' }] }),
    ).toThrow();
  });

  it('creates a not-downloaded document for a new region', () => {
    expect(mergeCatalogRegion(null, entry, 5)).toMatchObject({
      ...entry,
      status: 'not-downloaded',
      downloadedBytes: 0,
      storageKey: null,
      updatedAt: 5,
    });
  });

  it('flags an update when the catalog version of a downloaded region changes, and keeps its archive', () => {
    const downloaded = {
      ...mergeCatalogRegion(null, entry, 1),
      status: 'downloaded' as const,
      downloadedVersion: entry.version,
      storageKey: `ozarks@${entry.version}`,
    };
    const changed = mergeCatalogRegion(
      downloaded,
      { ...entry, version: 'b'.repeat(64), bytes: 300_000 },
      2,
    );
    expect(changed).toMatchObject({
      status: 'update-available',
      storageKey: downloaded.storageKey,
      bytes: 300_000,
    });
    expect(mergeCatalogRegion(changed, entry, 3).status).toBe('downloaded');
  });

  it('reads the road map of each region, and none from a server that names none', () => {
    const parsed = parseRegionCatalog({
      attribution: '',
      regions: [
        { ...entry, basemap: 'protomaps' },
        { ...entry, id: 'delta', basemap: null },
        { ...entry, id: 'central', basemap: undefined },
      ],
    });
    expect(parsed.regions.map((region) => region.basemap)).toEqual(['protomaps', null, null]);
    expect(() =>
      parseRegionCatalog({ attribution: '', regions: [{ ...entry, basemap: 'osm-raster' }] }),
    ).toThrow('entry 1 is malformed');
  });

  it('stores the road map of the catalog entry, also when it changes on a downloaded region', () => {
    const stored = mergeCatalogRegion(null, entry, 1);
    expect(stored.basemap).toBeNull();
    const withRoads = mergeCatalogRegion(
      { ...stored, status: 'downloaded', downloadedVersion: entry.version },
      { ...entry, version: 'c'.repeat(64), basemap: 'protomaps' },
      2,
    );
    expect(withRoads).toMatchObject({ basemap: 'protomaps', status: 'update-available' });
  });

  it('keeps a paused download paused', () => {
    const paused = {
      ...mergeCatalogRegion(null, entry, 1),
      status: 'paused' as const,
      downloadedBytes: 65536,
    };
    expect(mergeCatalogRegion(paused, entry, 2)).toMatchObject({
      status: 'paused',
      downloadedBytes: 65536,
    });
  });
});

describe('HTTP byte ranges of the archive route', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-10', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=900-5000', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=50-10', { kind: 'whole' }],
  ])('%s on 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
