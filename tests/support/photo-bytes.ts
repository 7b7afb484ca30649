// Small image files built byte by byte for the photo tests: the server reads a photo's type and
// size from its header and its end marker, never its pixels, so a JPEG or WebP with a made-up
// scan is enough, and no binary fixture is checked in.
import { createHash, randomBytes } from 'node:crypto';

const u16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];
const le32 = (value: number) => [
  value & 0xff,
  (value >> 8) & 0xff,
  (value >> 16) & 0xff,
  value >>> 24,
];
const join = (...parts: ArrayLike<number>[]) =>
  new Uint8Array(Buffer.concat(parts.map((part) => Uint8Array.from(part))));

/** A JFIF JPEG's first segments: SOI and APP0. */
// prettier-ignore
const jpegStart = [
  0xff, 0xd8,
  0xff, 0xe0, ...u16(16), 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0,
];

/**
 * A JPEG's bytes: SOI, a JFIF APP0, a baseline frame of `width` × `height` px, a scan header,
 * `scanBytes` random bytes of scan (FF-free, as real entropy data stuffs them) and EOI.
 */
export function jpegBytes(width: number, height: number, scanBytes = 2048): Uint8Array {
  const scan = randomBytes(scanBytes).map((byte) => (byte === 0xff ? 0x00 : byte));
  // prettier-ignore
  const headers = [
    0xff, 0xc0, ...u16(17), 8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    0xff, 0xda, ...u16(12), 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0,
  ];
  return join(jpegStart, headers, scan, [0xff, 0xd9]);
}

/** A lossless WebP (`VP8L`) of `width` × `height` px with `dataBytes` random bytes of image data. */
export function webpBytes(width: number, height: number, dataBytes = 512): Uint8Array {
  const bits = (width - 1) | ((height - 1) << 14);
  const payload = join(
    [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff],
    randomBytes(dataBytes),
  );
  const riff = join(Buffer.from('WEBPVP8L'), le32(payload.length), payload);
  return join(Buffer.from('RIFF'), le32(riff.length), riff);
}

/** A PNG's signature and header chunk, then random bytes. */
export function pngBytes(): Uint8Array {
  // prettier-ignore
  const header = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...u16(0), ...u16(13), ...Buffer.from('IHDR'), 0, 0, 0, 64, 0, 0, 0, 48, 8, 2, 0, 0, 0,
  ];
  return join(header, randomBytes(1024));
}

/** `totalBytes` of a ZIP archive (local file header, then data) behind a JFIF JPEG's start. */
export function zipBehindJpegHeader(totalBytes: number): Uint8Array {
  const bytes = new Uint8Array(totalBytes);
  bytes.set(jpegStart);
  bytes.set([0x50, 0x4b, 0x03, 0x04], jpegStart.length);
  bytes.set(randomBytes(4096), jpegStart.length + 4);
  return bytes;
}

/** SHA-256 of `bytes` in lower-case hex: a photo's address. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
