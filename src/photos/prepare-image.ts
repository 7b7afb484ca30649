/**
 * Turning a picked or captured image into what is stored and sent (trail reports, photos): a
 * JPEG of at most 1,600 px on the long side and a thumbnail of at most 320 px, each re-encoded
 * from pixels so no metadata (EXIF, camera location) survives, and the SHA-256 of each. Runs in
 * the photo worker (photo-worker.ts): decoding and encoding a 12-megapixel photo would block the
 * main thread for hundreds of ms.
 */
import { photoLongSidePixels, thumbnailLongSidePixels } from '../../schemas/photos.ts';
import type { PreparedImage } from './photo-store.ts';

/** JPEG quality of full photos and thumbnails (0–1): small files, no visible blocking. */
export const photoJpegQuality = 0.82;

/** `width` × `height` scaled to at most `longSide` px on the long side (never enlarged). */
export function fitWithin(
  width: number,
  height: number,
  longSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** SHA-256 of `data`, lower-case hex. */
export async function sha256Hex(data: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `bitmap` drawn at most `longSide` px on the long side and encoded as JPEG. */
async function encodeJpeg(bitmap: ImageBitmap, longSide: number): Promise<PreparedImage> {
  const size = fitWithin(bitmap.width, bitmap.height, longSide);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images off screen.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: photoJpegQuality });
  const data = await blob.arrayBuffer();
  return { hash: await sha256Hex(data), data, type: 'image/jpeg', ...size };
}

/**
 * The full photo and thumbnail of `image` (a File or Blob of any type the browser decodes),
 * upright as the camera held it. Throws when the browser cannot decode it (not an image).
 */
export async function prepareImage(
  image: Blob,
): Promise<{ full: PreparedImage; thumbnail: PreparedImage }> {
  const bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
  try {
    return {
      full: await encodeJpeg(bitmap, photoLongSidePixels),
      thumbnail: await encodeJpeg(bitmap, thumbnailLongSidePixels),
    };
  } finally {
    bitmap.close();
  }
}
