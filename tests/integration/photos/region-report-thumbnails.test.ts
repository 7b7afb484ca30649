// Other riders' report thumbnails kept for offline use: the thumbnails of reports that count now
// inside a downloaded region are chosen (not those outside every region, hidden ones, old ones or
// hidden photos), and keeping them fetches only what the device lacks, once, and stops at the
// first photo the server does not give (offline) to try again later.
import { afterEach, describe, expect, it } from 'vitest';
import type { MapRegion } from '../../../schemas/map-regions.ts';
import type { PhotoReference } from '../../../schemas/photos.ts';
import type { TrailReport } from '../../../schemas/trail-reports.ts';
import { openPhotoDatabase, type PhotoDatabase } from '../../../src/db/photo-database.ts';
import { keepPhotosOnDevice } from '../../../src/photos/server-photo.ts';
import { regionReportThumbnails } from '../../../src/sync/region-report-thumbnails.ts';

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 28, 15);

function photo(digit: string, hidden = false): PhotoReference {
  return {
    hash: digit.repeat(64),
    thumbnailHash: `${digit}f`.repeat(32),
    width: 1600,
    height: 1200,
    bytes: 250_000,
    type: 'image/jpeg',
    hidden,
  };
}

function report(id: string, overrides: Partial<TrailReport>): TrailReport {
  return {
    id,
    userId: 'another-rider',
    trailId: 'wolf-pen-gap-ohv-trail',
    position: { lon: -93.94, lat: 34.61 },
    status: 'closed',
    condition: null,
    observations: [],
    crowding: null,
    expectedReopening: null,
    note: '',
    photos: [],
    observedAt: now - day,
    confirmations: 0,
    clears: 0,
    flags: 0,
    hidden: false,
    reporterLabel: 'rider ab12',
    createdAt: now - day,
    updatedAt: now - day,
    ...overrides,
  };
}

/** The Ouachitas region, downloaded (bbox west, south, east, north). */
const ouachitas = {
  id: 'ouachitas',
  status: 'downloaded',
  bbox: [-94.5, 34.3, -93.0, 35.0],
} as unknown as MapRegion;

describe('report thumbnails for the downloaded regions', () => {
  it('chooses the visible photos of counting reports inside a downloaded region', () => {
    const reports = [
      report('inside', { photos: [photo('1'), photo('2', true)] }),
      report('outside', { position: { lon: -92.2, lat: 36.2 }, photos: [photo('3')] }),
      report('hidden', { hidden: true, photos: [photo('4')] }),
      report('old', { observedAt: now - 20 * day, photos: [photo('5')] }),
    ];
    expect(regionReportThumbnails(reports, [ouachitas], now)).toEqual([photo('1').thumbnailHash]);
    const notYet = { ...ouachitas, status: 'downloading' } as MapRegion;
    expect(regionReportThumbnails(reports, [notYet], now)).toEqual([]);
  });

  let database: PhotoDatabase | null = null;
  afterEach(() => database?.close());

  it('keeps each missing thumbnail once and stops at the first the server does not give', async () => {
    database = openPhotoDatabase(`region-thumbnails-${Date.now()}`);
    const asked: string[] = [];
    let online = false;
    const fetchPhoto = async (hash: string) => {
      asked.push(hash);
      return online
        ? {
            hash,
            data: new Uint8Array([0xff, 0xd8, 0xff]).buffer,
            type: 'image/jpeg' as const,
            width: 0,
            height: 0,
          }
        : null;
    };
    const hashes = ['a'.repeat(64), 'b'.repeat(64), 'a'.repeat(64)];

    expect(await keepPhotosOnDevice(hashes, database, fetchPhoto)).toBe(0);
    expect(asked).toEqual(['a'.repeat(64)]);

    online = true;
    expect(await keepPhotosOnDevice(hashes, database, fetchPhoto)).toBe(2);
    expect((await database.photos.get('b'.repeat(64)))?.origin).toBe('server');
    asked.length = 0;
    expect(await keepPhotosOnDevice(hashes, database, fetchPhoto)).toBe(0);
    expect(asked).toEqual([]);
  });
});
