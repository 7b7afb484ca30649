/**
 * Reads a written archive back with the `pmtiles` library and compares it with what went in:
 * header fields, every directory entry (root and leaves) and every tile, byte for byte after
 * decompression. The build refuses to publish an archive that fails (docs/architecture.md#maps).
 */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { Compression, PMTiles, TileType, tileIdToZxy, zxyToTileId } from 'pmtiles';
import { readAllEntries } from '../../src/map/archive-check.ts';
import { BlobSource } from '../../src/map/blob-source.ts';
import type { ArchiveOptions, TileInput } from '../../map-archives/pmtiles-writer.ts';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** Tolerance of the header's E7 integer coordinates, in degrees. */
const e7 = 1e-7;

/**
 * Verifies `bytes` against the `tiles` and `options` it was written from. Resolves with the
 * counts read back; rejects with an Error naming the first difference.
 */
export async function verifyArchive(
  bytes: Uint8Array,
  tiles: readonly TileInput[],
  options: ArchiveOptions,
): Promise<{ tiles: number; entries: number }> {
  const archive = new PMTiles(
    new BlobSource(new Blob([bytes as Uint8Array<ArrayBuffer>]), 'verify'),
  );
  const header = await archive.getHeader();
  const fail = (what: string): never => {
    throw new Error(`archive read-back failed: ${what}`);
  };
  if (header.specVersion !== 3) fail(`spec version ${header.specVersion}`);
  if (!header.clustered) fail('not clustered');
  if (header.tileType !== TileType.Mvt) fail('tile type is not MVT');
  if (header.tileCompression !== Compression.Gzip) fail('tiles not gzip');
  if (header.internalCompression !== Compression.Gzip) fail('directories not gzip');
  if (header.minZoom !== options.minZoom || header.maxZoom !== options.maxZoom) fail('zooms');
  const [west, south, east, north] = options.bounds;
  const bounds = [header.minLon, header.minLat, header.maxLon, header.maxLat];
  if ([west, south, east, north].some((value, index) => Math.abs(value - bounds[index]!) > e7)) {
    fail(`bounds ${bounds.join(',')}`);
  }
  if (header.numAddressedTiles !== tiles.length)
    fail(`addressed tiles ${header.numAddressedTiles}`);

  const entries = await readAllEntries(archive);
  if (entries.length !== header.numTileEntries) fail(`entries ${entries.length}`);
  const addressed = entries.reduce((sum, entry) => sum + entry.runLength, 0);
  if (addressed !== tiles.length) fail(`directories address ${addressed} tiles`);
  const expectedIds = new Set(tiles.map((tile) => zxyToTileId(tile.z, tile.x, tile.y)));
  for (const entry of entries) {
    for (let id = entry.tileId; id < entry.tileId + entry.runLength; id++) {
      if (!expectedIds.has(id)) fail(`unexpected tile id ${id}`);
    }
  }

  for (const tile of tiles) {
    const read = await archive.getZxy(tile.z, tile.x, tile.y);
    if (!read) fail(`tile ${tile.z}/${tile.x}/${tile.y} missing`);
    if (!sameBytes(new Uint8Array(read!.data), tile.data)) {
      fail(`tile ${tile.z}/${tile.x}/${tile.y} differs`);
    }
  }
  const metadata = await archive.getMetadata();
  if (JSON.stringify(metadata) !== JSON.stringify(options.metadata)) fail('metadata differs');
  return { tiles: tiles.length, entries: entries.length };
}

/**
 * The `id` property of every feature of `layer` in the tiles of the archive `bytes` at `zoom`
 * (decoded with @mapbox/vector-tile), so a build or test can show which trails an archive draws.
 */
export async function archiveLayerIds(
  bytes: Uint8Array,
  layer: string,
  zoom: number,
): Promise<Set<string>> {
  const archive = new PMTiles(
    new BlobSource(new Blob([bytes as Uint8Array<ArrayBuffer>]), 'layer-ids'),
  );
  const ids = new Set<string>();
  for (const entry of await readAllEntries(archive)) {
    for (let id = entry.tileId; id < entry.tileId + entry.runLength; id++) {
      const [z, x, y] = tileIdToZxy(id);
      if (z !== zoom) continue;
      const tile = await archive.getZxy(z, x, y);
      const features =
        tile && new VectorTile(new PbfReader(new Uint8Array(tile.data))).layers[layer];
      for (let index = 0; index < (features?.length ?? 0); index++) {
        const value = features!.feature(index).properties.id;
        if (typeof value === 'string') ids.add(value);
      }
    }
  }
  return ids;
}

/**
 * Rejects unless the archive draws every one of `expectedIds` in `layer` at `zoom`: the build
 * calls it with the trail lines inside a region, so no archive ships without its lines.
 */
export async function verifyLayerIds(
  bytes: Uint8Array,
  layer: string,
  zoom: number,
  expectedIds: readonly string[],
): Promise<void> {
  const found = await archiveLayerIds(bytes, layer, zoom);
  const missing = expectedIds.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new Error(`archive read-back failed: ${layer} misses ${missing.join(', ')} at z${zoom}`);
  }
}
