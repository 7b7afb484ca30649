/**
 * Other riders' report photos for offline use (trail reports, "Seeing reports"): the thumbnails
 * of the reports that count now (src/lib/trail-reports/trail-status.ts) inside a map region
 * downloaded on this device are fetched and kept while online, so the reports show their photos
 * where there is no signal. Full photos stay on the server until viewed.
 */
import { combineLatest, debounceTime, fromEvent, startWith, type Subscription } from 'rxjs';
import type { MapRegion } from '../../schemas/map-regions.ts';
import type { TrailReport } from '../../schemas/trail-reports.ts';
import type { AppDatabase } from '../db/database.ts';
import { observeMapRegions } from '../db/map-regions.ts';
import { countsTowardStatus } from '../lib/trail-reports/trail-status.ts';
import { keepPhotosOnDevice } from '../photos/server-photo.ts';

/** Regions whose archive is on the device (an update waiting still counts). */
const onDevice = new Set<MapRegion['status']>(['downloaded', 'update-available']);

/**
 * The thumbnail hashes of `reports` that count at `now` and lie inside a downloaded region's
 * bbox ([west, south, east, north], degrees), leaving out hidden photos.
 */
export function regionReportThumbnails(
  reports: readonly TrailReport[],
  regions: readonly MapRegion[],
  now: number,
): string[] {
  const boxes = regions
    .filter((region) => onDevice.has(region.status))
    .map((region) => region.bbox);
  const inside = ({ lon, lat }: TrailReport['position']) =>
    boxes.some(
      ([west, south, east, north]) =>
        lon >= west! && lon <= east! && lat >= south! && lat <= north!,
    );
  return reports
    .filter((report) => countsTowardStatus(report, now) && inside(report.position))
    .flatMap((report) => report.photos.filter((photo) => !photo.hidden))
    .map((photo) => photo.thumbnailHash);
}

/**
 * Keeps the thumbnails `regionReportThumbnails` names on the device: after reports or regions
 * change (1 s later) and when the device comes back online. Returns the stop function.
 */
export function startKeepingRegionReportThumbnails(db: AppDatabase): () => void {
  let running = false;
  const subscription: Subscription = combineLatest([
    db.trailReports.find().$,
    observeMapRegions(db),
    fromEvent(globalThis, 'online').pipe(startWith(null)),
  ])
    .pipe(debounceTime(1_000))
    .subscribe(([documents, regions]) => {
      if (running || !navigator.onLine) return;
      const hashes = regionReportThumbnails(
        documents.map((document) => document.toJSON() as TrailReport),
        regions,
        Date.now(),
      );
      if (hashes.length === 0) return;
      running = true;
      void keepPhotosOnDevice(hashes)
        .catch((error: unknown) => console.warn('Keeping report photos failed', error))
        .finally(() => {
          running = false;
        });
    });
  return () => subscription.unsubscribe();
}
