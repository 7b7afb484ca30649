/**
 * GPX files in the browser: downloading a trip as GPX 1.1 and importing a chosen file with the
 * browser's DOMParser (src/lib/gpx). Works offline: nothing leaves the device.
 */
import type { Trip } from '../../schemas/trips.ts';
import type { AppDatabase } from '../db/database.ts';
import { buildTripGpx } from '../db/trips/trip-gpx.ts';
import { importGpxContents, type GpxImportResult } from '../db/trips/gpx-import.ts';
import { recordFeatureUse } from '../db/usage-queue.ts';
import { GpxImportError, parseGpx } from '../lib/gpx/gpx-import.ts';

/** Builds the trip's GPX and hands it to the browser as a download named after the trip. */
export async function downloadTripGpx(db: AppDatabase, trip: Trip): Promise<string> {
  const { fileName, xml } = await buildTripGpx(db, trip);
  const url = URL.createObjectURL(new Blob([xml], { type: 'application/gpx+xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  recordFeatureUse(db, 'gpx-exported');
  return fileName;
}

/**
 * Reads and stores a GPX file chosen by the rider. Throws GpxImportError (rider-facing message)
 * for a malformed or empty file; nothing is stored then.
 */
export async function importGpxFile(db: AppDatabase, file: File): Promise<GpxImportResult> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new GpxImportError('This file could not be read. Nothing was imported.');
  }
  const contents = parseGpx(text, new DOMParser());
  return importGpxContents(db, contents, file.name);
}
