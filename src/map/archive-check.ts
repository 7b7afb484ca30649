/**
 * Checks a stored PMTiles v3 archive before the map may use it, so a truncated, corrupt or
 * foreign file marks its region failed with a clear message instead of breaking the map.
 * Reading goes through the `pmtiles` library itself (header and every
 * directory), plus a SHA-256 of the whole file against the catalog's version (its content hash).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { PMTiles, TileType, type Entry, type Header } from 'pmtiles';
import { BlobSource } from './blob-source.ts';

/** Magic bytes every PMTiles v3 archive starts with ("PMTiles" then version 3). */
const magic = [0x50, 0x4d, 0x54, 0x69, 0x6c, 0x65, 0x73];

/** Outcome of `checkArchive`: the parsed header, or a message a rider can read. */
export type ArchiveCheck = { ok: true; header: Header } | { ok: false; message: string };

/** What the catalog promised about the archive; each check is skipped when not given. */
export interface ArchiveExpectation {
  /** Size in bytes from the region catalog. */
  bytes?: number;
  /** Lowercase hex SHA-256 of the archive (the catalog's `version`). */
  sha256?: string;
}

/**
 * Every tile entry of an archive, in tile-id order, walking the root directory and each leaf
 * directory through the pmtiles reader's cache. Rejects when a directory cannot be read.
 */
export async function readAllEntries(archive: PMTiles): Promise<Entry[]> {
  const header = await archive.getHeader();
  const tiles: Entry[] = [];
  const walk = async (offset: number, length: number): Promise<void> => {
    const entries = await archive.cache.getDirectory(archive.source, offset, length, header);
    for (const entry of entries) {
      if (entry.runLength === 0) {
        await walk(header.leafDirectoryOffset + entry.offset, entry.length);
      } else {
        tiles.push(entry);
      }
    }
  };
  await walk(header.rootDirectoryOffset, header.rootDirectoryLength);
  return tiles;
}

/** Lowercase hex SHA-256 of a blob's bytes. */
export async function blobSha256(blob: Blob): Promise<string> {
  return bytesToHex(sha256(new Uint8Array(await blob.arrayBuffer())));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Checks `blob` as a PMTiles v3 vector archive: expected size (else "truncated"), magic and
 * version (else "not a PMTiles v3 archive"), header offsets inside the file, every directory
 * readable and every tile inside the tile data section, and the SHA-256 when expected.
 * Never throws: failures come back as `{ ok: false, message }`.
 */
export async function checkArchive(
  blob: Blob,
  expected: ArchiveExpectation = {},
): Promise<ArchiveCheck> {
  if (expected.bytes !== undefined && blob.size < expected.bytes) {
    return {
      ok: false,
      message: `The archive is truncated: ${blob.size} of ${expected.bytes} bytes arrived.`,
    };
  }
  const start = new Uint8Array(await blob.slice(0, 8).arrayBuffer());
  if (start.length < 8 || magic.some((byte, index) => start[index] !== byte)) {
    return { ok: false, message: 'The file is not a PMTiles map archive (wrong magic bytes).' };
  }
  if (start[7] !== 3) {
    return { ok: false, message: `Unsupported PMTiles version ${start[7]} (needs version 3).` };
  }
  if (expected.bytes !== undefined && blob.size !== expected.bytes) {
    return {
      ok: false,
      message: `The archive has ${blob.size} bytes, the catalog says ${expected.bytes}.`,
    };
  }
  try {
    const archive = new PMTiles(new BlobSource(blob, 'archive-check'));
    const header = await archive.getHeader();
    const sections = [
      header.rootDirectoryOffset + header.rootDirectoryLength,
      header.jsonMetadataOffset + header.jsonMetadataLength,
      header.leafDirectoryOffset + (header.leafDirectoryLength ?? 0),
      header.tileDataOffset + (header.tileDataLength ?? 0),
    ];
    if (sections.some((end) => end > blob.size)) {
      return { ok: false, message: 'The archive is truncated: its header points past the end.' };
    }
    if (header.tileType !== TileType.Mvt) {
      return { ok: false, message: 'The archive does not hold vector map tiles.' };
    }
    const entries = await readAllEntries(archive);
    const dataLength = header.tileDataLength ?? 0;
    if (entries.some((entry) => entry.offset + entry.length > dataLength)) {
      return { ok: false, message: 'The archive is corrupt: a tile lies outside its data.' };
    }
    if (expected.sha256 !== undefined && (await blobSha256(blob)) !== expected.sha256) {
      return {
        ok: false,
        message: 'The archive is corrupt: its content does not match the catalog version.',
      };
    }
    return { ok: true, header };
  } catch (error) {
    return { ok: false, message: `The archive is corrupt: ${describe(error)}.` };
  }
}
