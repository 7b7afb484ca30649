// What the server reads from a photo's bytes (sync-server/photos/image-content.ts): the type by
// content and the size from the header, for the three kinds of WebP and for JPEGs, whatever the
// file is called.
import { describe, expect, it } from 'vitest';
import { ImageContentError, inspectImage } from '../../../sync-server/photos/image-content.ts';
import { jpegBytes, pngBytes, webpBytes } from '../../support/photo-bytes.ts';

const le24 = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];
const le32 = (value: number) => [...le24(value), value >>> 24];

/** A WebP whose first chunk is `chunk` (4 letters) with `payload`. */
function webpWith(chunk: string, payload: number[]): Uint8Array {
  const body = [...Buffer.from(`WEBP${chunk}`), ...le32(payload.length), ...payload];
  return new Uint8Array([...Buffer.from('RIFF'), ...le32(body.length), ...body]);
}

/** The refusal `inspectImage` throws for `bytes`. */
function refusal(bytes: Uint8Array): ImageContentError {
  try {
    inspectImage(bytes);
  } catch (error) {
    if (error instanceof ImageContentError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('inspectImage', () => {
  it('reads a JPEG’s size from its frame header', () => {
    expect(inspectImage(jpegBytes(1600, 1200))).toEqual({
      type: 'image/jpeg',
      width: 1600,
      height: 1200,
    });
  });

  it('reads the size of lossless, lossy and extended WebP', () => {
    expect(inspectImage(webpBytes(1200, 900))).toEqual({
      type: 'image/webp',
      width: 1200,
      height: 900,
    });
    const lossy = [0, 0, 0, 0x9d, 0x01, 0x2a, 1600 & 0xff, 1600 >> 8, 1200 & 0xff, 1200 >> 8, 0, 0];
    expect(inspectImage(webpWith('VP8 ', lossy))).toMatchObject({ width: 1600, height: 1200 });
    const extended = [0, 0, 0, 0, ...le24(799), ...le24(599), 0, 0];
    expect(inspectImage(webpWith('VP8X', extended))).toMatchObject({ width: 800, height: 600 });
  });

  it('refuses a WebP or JPEG header declaring 60,000 px a side with 422', () => {
    const huge = webpWith('VP8X', [0, 0, 0, 0, ...le24(59_999), ...le24(59_999), 0, 0]);
    expect(refusal(huge).statusCode).toBe(422);
    expect(refusal(jpegBytes(60_000, 60_000)).message).toMatch(/60000 × 60000 px; at most 4096/);
  });

  it('refuses a PNG and a file that only starts like a JPEG with 415', () => {
    expect(refusal(pngBytes())).toMatchObject({ statusCode: 415 });
    expect(refusal(pngBytes()).message).toMatch(/PNG image/);
    const fake = jpegBytes(800, 600);
    fake[20] = 0x50; // the byte after the first segment is no marker
    expect(refusal(fake).statusCode).toBe(415);
  });

  it('refuses a JPEG or WebP cut short with 422', () => {
    expect(refusal(jpegBytes(800, 600).subarray(0, 1500)).statusCode).toBe(422);
    expect(refusal(jpegBytes(800, 600).subarray(0, 30)).statusCode).toBe(422);
    expect(refusal(webpBytes(800, 600).subarray(0, 200)).statusCode).toBe(422);
  });
});
