/**
 * Our PMTiles v3 writer (there is none on npm: docs/architecture.md#toolchain). It lays an
 * archive out as the spec (github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md) describes:
 * the 127-byte header, the root directory, the JSON metadata, the leaf directories, then the tile
 * data in tile-id order (a "clustered" archive), every part gzip-compressed. Identical tiles are
 * stored once (deduplicated by content) and consecutive identical tiles become one run-length
 * entry. Every archive the tile build writes is read back with the `pmtiles` library
 * (scripts/tiles/verify.ts). It lives in map-archives/ because both the tile build and the sync
 * server write archives (the server cuts an operator's basemap into the region archives).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Compression, TileType, zxyToTileId } from 'pmtiles';

/** Length of the fixed v3 header in bytes. */
export const headerBytes = 127;

/** The header and root directory must fit in the first 16 KiB so a client needs one request. */
export const rootDirectoryBudgetBytes = 16_384 - headerBytes;

/** One tile to store: zoom, column, row (XYZ scheme) and its uncompressed MVT bytes. */
export interface TileInput {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

/** What the writer needs besides the tiles. Longitudes and latitudes in WGS84 degrees. */
export interface ArchiveOptions {
  /** [west, south, east, north] of the data. */
  bounds: [number, number, number, number];
  /** [longitude, latitude, zoom] a viewer opens at. */
  center: [number, number, number];
  minZoom: number;
  maxZoom: number;
  /** JSON metadata (TileJSON-like: name, attribution, vector_layers…). */
  metadata: Record<string, unknown>;
  /**
   * Largest number of entries in one leaf directory. Default: no leaves while the root fits in
   * its 16 KiB budget, else 4096 entries per leaf, grown until the root fits (as go-pmtiles does).
   * Tests set it low to exercise leaf directories on small archives.
   */
  leafEntries?: number;
}

/** A directory entry as the spec defines it (runLength 0 marks a leaf directory pointer). */
export interface DirectoryEntry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

/** The written archive plus the figures the catalog and benchmark report. */
export interface WrittenArchive {
  bytes: Uint8Array;
  /** Addressed tiles (every z/x/y with data), tile entries (after run-length) and contents. */
  addressedTiles: number;
  tileEntries: number;
  tileContents: number;
  leafDirectories: number;
  /** Bytes of compressed tile data. */
  tileDataBytes: number;
}

function pushVarint(out: number[], value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`varint out of range: ${value}`);
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/**
 * Serializes and gzips a directory: entry count, tile-id deltas, run lengths, lengths, then
 * offsets (0 meaning "right after the previous entry", otherwise offset + 1).
 */
export function serializeDirectory(entries: readonly DirectoryEntry[]): Uint8Array {
  const out: number[] = [];
  pushVarint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    pushVarint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) pushVarint(out, entry.runLength);
  for (const entry of entries) pushVarint(out, entry.length);
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    if (previous && entry.offset === previous.offset + previous.length) pushVarint(out, 0);
    else pushVarint(out, entry.offset + 1);
  });
  return gzip(Uint8Array.from(out));
}

function gzip(bytes: Uint8Array): Uint8Array {
  // Node's gzip writes mtime 0 and no file name, so the same input always gives the same bytes
  // and the archive's content hash only changes when its data does.
  return new Uint8Array(gzipSync(bytes, { level: 9 }));
}

function writeUint64(view: DataView, offset: number, value: number): void {
  view.setBigUint64(offset, BigInt(value), true);
}

function toE7(degrees: number): number {
  return Math.round(degrees * 1e7);
}

/** Splits entries into leaves of `leafEntries` and returns the root and the leaf bytes. */
function buildLeaves(
  entries: readonly DirectoryEntry[],
  leafEntries: number,
): { root: Uint8Array; leaves: Uint8Array; count: number } {
  const rootEntries: DirectoryEntry[] = [];
  const leafParts: Uint8Array[] = [];
  let leafOffset = 0;
  for (let start = 0; start < entries.length; start += leafEntries) {
    const chunk = entries.slice(start, start + leafEntries);
    const leaf = serializeDirectory(chunk);
    rootEntries.push({
      tileId: chunk[0]!.tileId,
      offset: leafOffset,
      length: leaf.length,
      runLength: 0,
    });
    leafParts.push(leaf);
    leafOffset += leaf.length;
  }
  return {
    root: serializeDirectory(rootEntries),
    leaves: concat(leafParts),
    count: leafParts.length,
  };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Tile entries (runs and shared contents folded) and the deduplicated tile data. */
interface ClusteredTiles {
  entries: DirectoryEntry[];
  dataParts: Uint8Array[];
  dataLength: number;
  contentCount: number;
}

/**
 * Compresses the tiles (already sorted by tile id) and folds identical contents: the same
 * bytes are stored once, and consecutive ids with the same content become one run entry.
 * Throws on a duplicate tile id.
 */
function clusterTiles(sorted: readonly { tileId: number; data: Uint8Array }[]): ClusteredTiles {
  const entries: DirectoryEntry[] = [];
  const contentOffsets = new Map<string, { offset: number; length: number }>();
  const dataParts: Uint8Array[] = [];
  let dataLength = 0;
  let previousHash: string | null = null;
  for (const [index, tile] of sorted.entries()) {
    if (index > 0 && sorted[index - 1]!.tileId === tile.tileId) {
      throw new Error(`duplicate tile id ${tile.tileId}`);
    }
    const compressed = gzip(tile.data);
    const hash = createHash('sha256').update(compressed).digest('hex');
    const last = entries[entries.length - 1];
    // A run: the next tile id with the very same content as the entry before it.
    if (last && hash === previousHash && last.tileId + last.runLength === tile.tileId) {
      last.runLength += 1;
      continue;
    }
    let stored = contentOffsets.get(hash);
    if (!stored) {
      stored = { offset: dataLength, length: compressed.length };
      contentOffsets.set(hash, stored);
      dataParts.push(compressed);
      dataLength += compressed.length;
    }
    entries.push({
      tileId: tile.tileId,
      offset: stored.offset,
      length: stored.length,
      runLength: 1,
    });
    previousHash = hash;
  }
  return { entries, dataParts, dataLength, contentCount: contentOffsets.size };
}

/**
 * The root directory, and leaf directories when the root alone would exceed its 16 KiB budget
 * (or `leafEntries` asks for them): leaves grow by a fifth until the root fits.
 */
function buildDirectories(
  entries: readonly DirectoryEntry[],
  leafEntriesOption: number | undefined,
): { root: Uint8Array; leaves: Uint8Array; leafDirectories: number } {
  const root = serializeDirectory(entries);
  if (leafEntriesOption === undefined && root.length <= rootDirectoryBudgetBytes) {
    return { root, leaves: new Uint8Array(0), leafDirectories: 0 };
  }
  let leafEntries = leafEntriesOption ?? 4096;
  for (;;) {
    const built = buildLeaves(entries, leafEntries);
    if (built.root.length <= rootDirectoryBudgetBytes) {
      return { root: built.root, leaves: built.leaves, leafDirectories: built.count };
    }
    leafEntries = Math.ceil(leafEntries * 1.2);
  }
}

/** Sizes of the archive's sections, in bytes, and its tile counts, for the 127-byte header. */
interface HeaderLayout {
  rootLength: number;
  metadataLength: number;
  leavesLength: number;
  dataLength: number;
  addressedTiles: number;
  tileEntries: number;
  tileContents: number;
}

/** The PMTiles v3 header: sections laid out in order root, metadata, leaves, tile data. */
function writeHeader(layout: HeaderLayout, options: ArchiveOptions): Uint8Array {
  const rootOffset = headerBytes;
  const metadataOffset = rootOffset + layout.rootLength;
  const leafOffset = metadataOffset + layout.metadataLength;
  const tileDataOffset = leafOffset + layout.leavesLength;
  const header = new Uint8Array(headerBytes);
  const view = new DataView(header.buffer);
  header.set(new TextEncoder().encode('PMTiles'), 0);
  header[7] = 3;
  writeUint64(view, 8, rootOffset);
  writeUint64(view, 16, layout.rootLength);
  writeUint64(view, 24, metadataOffset);
  writeUint64(view, 32, layout.metadataLength);
  writeUint64(view, 40, leafOffset);
  writeUint64(view, 48, layout.leavesLength);
  writeUint64(view, 56, tileDataOffset);
  writeUint64(view, 64, layout.dataLength);
  writeUint64(view, 72, layout.addressedTiles);
  writeUint64(view, 80, layout.tileEntries);
  writeUint64(view, 88, layout.tileContents);
  header[96] = 1; // clustered: tile data is in tile-id order
  header[97] = Compression.Gzip; // internal compression (directories, metadata)
  header[98] = Compression.Gzip; // tile compression
  header[99] = TileType.Mvt;
  header[100] = options.minZoom;
  header[101] = options.maxZoom;
  const [west, south, east, north] = options.bounds;
  view.setInt32(102, toE7(west), true);
  view.setInt32(106, toE7(south), true);
  view.setInt32(110, toE7(east), true);
  view.setInt32(114, toE7(north), true);
  header[118] = options.center[2];
  view.setInt32(119, toE7(options.center[0]), true);
  view.setInt32(123, toE7(options.center[1]), true);
  return header;
}

/**
 * Writes a PMTiles v3 archive of gzip-compressed MVT tiles. Throws on an empty tile list, a
 * duplicate z/x/y, zooms outside 0–22 or a root directory that cannot fit its 16 KiB budget.
 */
export function writePmtiles(tiles: readonly TileInput[], options: ArchiveOptions): WrittenArchive {
  if (tiles.length === 0) throw new Error('an archive needs at least one tile');
  if (options.minZoom < 0 || options.maxZoom > 22 || options.minZoom > options.maxZoom) {
    throw new Error(`bad zoom range ${options.minZoom}–${options.maxZoom}`);
  }
  const withIds = tiles
    .map((tile) => ({ tileId: zxyToTileId(tile.z, tile.x, tile.y), data: tile.data }))
    .sort((a, b) => a.tileId - b.tileId);
  const clustered = clusterTiles(withIds);
  const { root, leaves, leafDirectories } = buildDirectories(
    clustered.entries,
    options.leafEntries,
  );
  if (root.length > rootDirectoryBudgetBytes) throw new Error('root directory too large');
  const metadata = gzip(new TextEncoder().encode(JSON.stringify(options.metadata)));
  const header = writeHeader(
    {
      rootLength: root.length,
      metadataLength: metadata.length,
      leavesLength: leaves.length,
      dataLength: clustered.dataLength,
      addressedTiles: withIds.length,
      tileEntries: clustered.entries.length,
      tileContents: clustered.contentCount,
    },
    options,
  );
  return {
    bytes: concat([header, root, metadata, leaves, ...clustered.dataParts]),
    addressedTiles: withIds.length,
    tileEntries: clustered.entries.length,
    tileContents: clustered.contentCount,
    leafDirectories,
    tileDataBytes: clustered.dataLength,
  };
}
