// The photo worker in a real Chromium (jsdom has no createImageBitmap or OffscreenCanvas): a
// 4032 × 3024 camera JPEG carrying EXIF GPS comes out as a JPEG of at most 1,600 px on the long
// side with no EXIF left, and a thumbnail of at most 320 px. The worker runs in a page of its
// own (tests/support/photo-worker-page.ts), not the app: no screen of the app shows it alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPhotoWorkerPage,
  prepareCameraPhotos,
  type PhotoWorkerPage,
} from '../support/photo-worker-page.ts';

describe('the photo worker in Chromium', () => {
  let photoPage: PhotoWorkerPage;
  beforeAll(async () => {
    photoPage = await openPhotoWorkerPage();
  });
  afterAll(async () => {
    await photoPage?.close();
  });

  it('resizes a camera photo to 1,600 px and strips its EXIF GPS', async () => {
    const result = await prepareCameraPhotos(photoPage.page, { width: 4032, height: 3024 });
    expect(result.inputHadExif).toBe(true);
    expect(result.full).toMatchObject({
      width: 1600,
      height: 1200,
      hasExif: false,
      startsAsJpeg: true,
    });
    expect(result.full.bytes).toBeLessThan(result.inputBytes);
    expect(result.thumbnail).toMatchObject({ width: 320, height: 240 });
  });
});
