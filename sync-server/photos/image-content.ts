/**
 * What a photo's bytes really are, read from its content, never its name (trail reports, photos
 * "size and type checked by content"): JPEG (`FF D8 FF`, a walk over its segments to the frame
 * header, ending in `FF D9`) or WebP (`RIFF....WEBP` with a VP8, VP8L or VP8X chunk), and the
 * dimensions its header declares. Nothing is decoded: the server never spends memory on pixels.
 */
import { maximumServerPhotoSidePixels, type PhotoType } from '../../schemas/photos.ts';

/** What an accepted image is. Dimensions in px. */
export interface ImageContent {
  type: PhotoType;
  width: number;
  height: number;
}

/** Why an image is refused: an HTTP status (415 wrong type, 422 damaged or too large) and words. */
export class ImageContentError extends Error {
  constructor(
    readonly statusCode: 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'ImageContentError';
  }
}

const notJpeg = () =>
  new ImageContentError(
    415,
    'The file starts like a JPEG but is not one. Send a JPEG or WebP photo.',
  );
const truncated = (type: string) =>
  new ImageContentError(422, `The ${type} photo is cut short: its end is missing. Send it again.`);

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT, JPG, DAC. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Dimensions of a JPEG from its frame header; throws ImageContentError when it is not whole. */
function inspectJpeg(bytes: Uint8Array): ImageContent {
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  for (;;) {
    if (offset >= bytes.length) throw truncated('JPEG');
    if (bytes[offset] !== 0xff) throw notJpeg();
    while (bytes[offset] === 0xff) offset += 1; // fill bytes before a marker
    if (offset >= bytes.length) throw truncated('JPEG');
    const marker = bytes[offset]!;
    offset += 1;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd8) throw notJpeg();
    if (marker === 0xd9) throw size ? truncated('JPEG') : notJpeg(); // end before any scan
    if (offset + 2 > bytes.length) throw truncated('JPEG');
    const length = (bytes[offset]! << 8) | bytes[offset + 1]!;
    if (length < 2) throw notJpeg();
    if (offset + length > bytes.length) throw truncated('JPEG');
    if (isStartOfFrame(marker)) {
      if (length < 7) throw notJpeg();
      size = {
        height: (bytes[offset + 3]! << 8) | bytes[offset + 4]!,
        width: (bytes[offset + 5]! << 8) | bytes[offset + 6]!,
      };
    }
    if (marker === 0xda) {
      // Entropy-coded data follows the scan header: a whole file ends with the EOI marker.
      if (!size || size.width === 0 || size.height === 0) throw notJpeg();
      const last = bytes.length - 1;
      if (bytes[last - 1] !== 0xff || bytes[last] !== 0xd9) throw truncated('JPEG');
      return { type: 'image/jpeg', ...size };
    }
    offset += length;
  }
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** Dimensions of a WebP from its first chunk; throws ImageContentError when it is not whole. */
function inspectWebp(bytes: Uint8Array): ImageContent {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffLength = view.getUint32(4, true) + 8;
  if (riffLength > bytes.length) throw truncated('WebP');
  if (bytes.length < 30) throw truncated('WebP');
  const chunk = ascii(bytes, 12, 4);
  let width: number;
  let height: number;
  if (chunk === 'VP8X') {
    width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
    height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
  } else if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) throw new ImageContentError(415, 'The WebP image data is not valid.');
    const bits = view.getUint32(21, true);
    width = 1 + (bits & 0x3fff);
    height = 1 + ((bits >> 14) & 0x3fff);
  } else if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) {
      throw new ImageContentError(415, 'The WebP image data is not valid.');
    }
    width = view.getUint16(26, true) & 0x3fff;
    height = view.getUint16(28, true) & 0x3fff;
  } else {
    throw new ImageContentError(415, 'The WebP file holds no image. Send a JPEG or WebP photo.');
  }
  return { type: 'image/webp', width, height };
}

/** The type the first bytes name, for the refusal's words. */
function describeOtherType(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') return 'a PNG image';
  if (ascii(bytes, 0, 4) === 'PK\u0003\u0004') return 'a ZIP archive';
  if (ascii(bytes, 0, 3) === 'GIF') return 'a GIF image';
  if (ascii(bytes, 4, 4) === 'ftyp') return 'a HEIC or video file';
  return 'not a photo';
}

/**
 * The type and dimensions of `bytes`, read from its content. Throws ImageContentError: 415 for
 * anything but JPEG or WebP (a PNG whatever its name, a ZIP behind a JPEG header), 422 for a file
 * cut short or declaring a side of more than 4,096 px or of 0 px.
 */
export function inspectImage(bytes: Uint8Array): ImageContent {
  let content: ImageContent;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    content = inspectJpeg(bytes);
  } else if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    content = inspectWebp(bytes);
  } else {
    throw new ImageContentError(
      415,
      `The file is ${describeOtherType(bytes)}, not a JPEG or WebP photo. Send a JPEG or WebP photo.`,
    );
  }
  if (content.width < 1 || content.height < 1) {
    throw new ImageContentError(422, 'The photo declares no size (0 px). Send it again.');
  }
  if (
    content.width > maximumServerPhotoSidePixels ||
    content.height > maximumServerPhotoSidePixels
  ) {
    throw new ImageContentError(
      422,
      `The photo is ${content.width} × ${content.height} px; at most ${maximumServerPhotoSidePixels} px a side is accepted. The app resizes photos before sending them.`,
    );
  }
  return content;
}
