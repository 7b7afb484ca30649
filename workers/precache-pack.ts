/**
 * The precache pack: every file the service worker precaches, in one download (offline-ready
 * sooner). A service worker install that fetches ~300 small files one request at a time spends
 * 10–15 ms of browser work per request on a 2-core phone, about 7 s in all; one request for
 * the pack, stored whole (workers/pack-backed-precache.ts), takes a fraction of that.
 *
 * Layout: a 4-byte big-endian length, that many bytes of UTF-8 JSON (`PackIndex`), then the
 * files' bytes back to back in index order. Written by scripts/precache-pack-build.ts, read by
 * the service worker (workers/sw.ts, workers/pack-backed-precache.ts). Runs in Node and in
 * workers (no DOM).
 */

/** One file in the pack: its URL path, its MIME type and its length in bytes. */
export interface PackedFileEntry {
  /** Origin-relative path, e.g. `/assets/home-page-GDzA5VvD.js`. */
  path: string;
  contentType: string;
  length: number;
}

/** The pack's index, first thing in the file. */
export interface PackIndex {
  format: 'natural-state-trails/precache-pack';
  version: 1;
  files: PackedFileEntry[];
}

/** A file as the pack gives it back. */
export interface UnpackedFile {
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const indexLengthBytes = 4;

/** Content types the service worker must serve each precached file with (modules need JS). */
const contentTypes: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json',
};

/** The MIME type the pack records for `path`, by its extension (octet-stream if unknown). */
export function contentTypeOf(path: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return contentTypes[extension] ?? 'application/octet-stream';
}

/** Builds a pack of `files` (origin-relative path → bytes), in the order given. */
export function writePrecachePack(files: ReadonlyArray<{ path: string; bytes: Uint8Array }>) {
  const index: PackIndex = {
    format: 'natural-state-trails/precache-pack',
    version: 1,
    files: files.map(({ path, bytes }) => ({
      path,
      contentType: contentTypeOf(path),
      length: bytes.byteLength,
    })),
  };
  const indexBytes = new TextEncoder().encode(JSON.stringify(index));
  const total =
    indexLengthBytes +
    indexBytes.byteLength +
    files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  const pack = new Uint8Array(total);
  new DataView(pack.buffer).setUint32(0, indexBytes.byteLength);
  pack.set(indexBytes, indexLengthBytes);
  let offset = indexLengthBytes + indexBytes.byteLength;
  for (const { bytes } of files) {
    pack.set(bytes, offset);
    offset += bytes.byteLength;
  }
  return pack;
}

/** Where one file's bytes lie in its pack. */
export interface PackedSlice {
  contentType: string;
  /** Byte offset from the start of the pack. */
  offset: number;
  /** Length in bytes. */
  length: number;
}

/**
 * Reads a pack's index into path → where that file's bytes lie in the pack.
 * Throws an Error naming the problem when `pack` is not a complete pack of this format.
 */
export function readPrecachePackSlices(pack: Uint8Array<ArrayBuffer>): Map<string, PackedSlice> {
  if (pack.byteLength < indexLengthBytes) throw new Error('Precache pack is truncated.');
  const indexLength = new DataView(pack.buffer, pack.byteOffset).getUint32(0);
  let offset = indexLengthBytes + indexLength;
  if (offset > pack.byteLength) throw new Error('Precache pack index is truncated.');
  const index = JSON.parse(
    new TextDecoder().decode(pack.subarray(indexLengthBytes, offset)),
  ) as Partial<PackIndex>;
  if (index.format !== 'natural-state-trails/precache-pack' || index.version !== 1) {
    throw new Error('Not a precache pack of a known version.');
  }
  const slices = new Map<string, PackedSlice>();
  for (const entry of index.files ?? []) {
    const end = offset + entry.length;
    if (end > pack.byteLength) throw new Error(`Precache pack is truncated at ${entry.path}.`);
    slices.set(entry.path, { contentType: entry.contentType, offset, length: entry.length });
    offset = end;
  }
  return slices;
}

/**
 * Reads a pack into path → file. The byte arrays are views on `pack` (no copies).
 * Throws as {@link readPrecachePackSlices}.
 */
export function readPrecachePack(pack: Uint8Array<ArrayBuffer>): Map<string, UnpackedFile> {
  const files = new Map<string, UnpackedFile>();
  for (const [path, { contentType, offset, length }] of readPrecachePackSlices(pack)) {
    files.set(path, { contentType, bytes: pack.subarray(offset, offset + length) });
  }
  return files;
}
