import { describe, expect, it } from 'vitest';
import { Compression, PMTiles, TileType } from 'pmtiles';
import { writePmtiles, headerBytes } from '../../../map-archives/pmtiles-writer.ts';
import { verifyArchive } from '../../../scripts/tiles/verify.ts';
import { readAllEntries } from '../../../src/map/archive-check.ts';
import { BlobSource } from '../../../src/map/blob-source.ts';
import { fixtureOptions, fixtureTiles } from './archive-fixtures.ts';

function reader(bytes: Uint8Array): PMTiles {
  return new PMTiles(new BlobSource(new Blob([bytes as Uint8Array<ArrayBuffer>]), 'test'));
}

describe('PMTiles v3 writer', () => {
  it('writes an archive the pmtiles library reads back tile for tile', async () => {
    const tiles = fixtureTiles();
    const archive = writePmtiles(tiles, fixtureOptions());
    await expect(verifyArchive(archive.bytes, tiles, fixtureOptions())).resolves.toEqual({
      tiles: tiles.length,
      entries: archive.tileEntries,
    });
    const header = await reader(archive.bytes).getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      clustered: true,
      internalCompression: Compression.Gzip,
      tileCompression: Compression.Gzip,
      tileType: TileType.Mvt,
      minZoom: 6,
      maxZoom: 10,
      rootDirectoryOffset: headerBytes,
      numAddressedTiles: tiles.length,
    });
    expect(header.minLon).toBeCloseTo(-93.9, 6);
    expect(header.maxLat).toBeCloseTo(35.9, 6);
    expect(await reader(archive.bytes).getMetadata()).toEqual(fixtureOptions().metadata);
  });

  it('stores identical tiles once and runs of identical tiles as one entry', async () => {
    const [first] = fixtureTiles(8, 8);
    const same = first!.data;
    // Hilbert ids of z2: (0,0),(0,1),(1,1),(1,0) are consecutive, so one run of four.
    const tiles = [
      { z: 2, x: 0, y: 0, data: same },
      { z: 2, x: 0, y: 1, data: same },
      { z: 2, x: 1, y: 1, data: same },
      { z: 2, x: 1, y: 0, data: same },
      { z: 3, x: 0, y: 0, data: same },
    ];
    const archive = writePmtiles(tiles, { ...fixtureOptions(2, 3) });
    expect(archive.tileContents).toBe(1);
    expect(archive.tileEntries).toBe(2);
    expect(archive.addressedTiles).toBe(5);
    await verifyArchive(archive.bytes, tiles, fixtureOptions(2, 3));
    const entries = await readAllEntries(reader(archive.bytes));
    expect(entries.map((entry) => entry.runLength)).toEqual([4, 1]);
  });

  it('splits the directory into leaf directories the reader follows', async () => {
    const tiles = fixtureTiles();
    const archive = writePmtiles(tiles, { ...fixtureOptions(), leafEntries: 3 });
    expect(archive.leafDirectories).toBe(Math.ceil(archive.tileEntries / 3));
    await verifyArchive(archive.bytes, tiles, fixtureOptions());
    const archiveReader = reader(archive.bytes);
    const header = await archiveReader.getHeader();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    const root = await archiveReader.cache.getDirectory(
      archiveReader.source,
      header.rootDirectoryOffset,
      header.rootDirectoryLength,
      header,
    );
    expect(root.every((entry) => entry.runLength === 0)).toBe(true);
  });

  it('produces the same bytes for the same input (content-hash versions are stable)', () => {
    const tiles = fixtureTiles();
    expect(writePmtiles(tiles, fixtureOptions()).bytes).toEqual(
      writePmtiles(tiles, fixtureOptions()).bytes,
    );
  });

  it('refuses empty archives, duplicate tiles and bad zoom ranges', () => {
    const tiles = fixtureTiles();
    expect(() => writePmtiles([], fixtureOptions())).toThrow('at least one tile');
    expect(() => writePmtiles([tiles[0]!, tiles[0]!], fixtureOptions())).toThrow('duplicate');
    expect(() => writePmtiles(tiles, { ...fixtureOptions(), minZoom: 9, maxZoom: 3 })).toThrow(
      'zoom range',
    );
  });

  it('detects a tile that differs from what was written', async () => {
    const tiles = fixtureTiles();
    const archive = writePmtiles(tiles, fixtureOptions());
    const changed = tiles.map((tile, index) =>
      index === 2 ? { ...tile, data: Uint8Array.from([...tile.data, 0]) } : tile,
    );
    await expect(verifyArchive(archive.bytes, changed, fixtureOptions())).rejects.toThrow(
      /differs/,
    );
  });
});
