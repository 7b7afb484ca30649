/**
 * Map downloads started from a toast (saving a trail offers its region's map): the same
 * download the Offline maps panel starts (region-store.ts `getRegionDownloader`), with its
 * progress, bytes stored of the total, shown in that toast and then its outcome. The
 * download runs in the region store, so closing the toast or leaving the page does not stop it;
 * the panel's row shows it too.
 */
import type { MapRegion } from '../../schemas/map-regions.ts';
import type { AppDatabase } from '../db/database.ts';
import { mapRegionRepository, observeMapRegions } from '../db/map-regions.ts';
import { showToastWhenIdle, updateToast, type ToastInput } from '../lib/toast.ts';
import { formatBytes } from './format-bytes.ts';
import { getRegionDownloader } from './region-store.ts';
import { regionNames } from './trail-regions.ts';

/** "map" or "maps", as many regions as there are. */
function maps(regions: readonly unknown[]): string {
  return regions.length === 1 ? 'map' : 'maps';
}

/** The toast while `regions` download: a bar of the bytes stored of their total. */
export function regionProgressToast(regions: readonly MapRegion[]): ToastInput {
  const stored = regions.reduce((sum, region) => sum + region.downloadedBytes, 0);
  const total = regions.reduce((sum, region) => sum + region.bytes, 0);
  return {
    title: `Downloading the ${regionNames(regions)} ${maps(regions)}`,
    description:
      'It keeps downloading if you close this. Offline maps on the Trail map page shows it too.',
    progress: {
      value: stored,
      max: total,
      label: `${formatBytes(stored)} of ${formatBytes(total)}`,
    },
  };
}

/**
 * The toast once the downloads of `regions` ended: `done` when every archive is on the device,
 * else what stopped them (the region's own message: full storage, lost connection, a refused
 * archive) and where to go on.
 */
export function regionOutcomeToast(
  regions: readonly MapRegion[],
  done: (regions: readonly MapRegion[]) => ToastInput,
): ToastInput {
  const stopped = regions.filter((region) => region.status !== 'downloaded');
  if (stopped.length === 0) return done(regions);
  const reason = stopped.map((region) => region.error).find((error) => error) ?? '';
  return {
    title: `The ${regionNames(stopped)} ${maps(stopped)} did not finish downloading`,
    description:
      `${reason} Offline maps on the Trail map page shows each region and can try again.`.trim(),
    variant: 'destructive',
  };
}

/**
 * Downloads `regionIds` (mapRegions ids) as the Offline maps panel does and follows them in the
 * toast `toastId`: progress while any downloads, then `done` or what went wrong. When the
 * rider has closed that toast or a newer one replaced it, progress is no longer shown and the
 * outcome waits until no other toast is on screen. Resolves once every download has ended;
 * rejects only when a region id is not on the device.
 */
export async function downloadRegionsInToast(
  db: AppDatabase,
  regionIds: readonly string[],
  toastId: number,
  done: (regions: readonly MapRegion[]) => ToastInput,
): Promise<void> {
  const repository = mapRegionRepository(db);
  const regionsNow = async () =>
    (await Promise.all(regionIds.map((id) => repository.get(id)))).filter(
      (region): region is MapRegion => region !== null,
    );
  // At once, so the offer's button goes away and a second tap cannot start anything twice.
  let visible = updateToast(toastId, regionProgressToast(await regionsNow()));
  const subscription = observeMapRegions(db).subscribe((all) => {
    const mine = all.filter((region) => regionIds.includes(region.id));
    if (visible && mine.some((region) => region.status === 'downloading')) {
      visible = updateToast(toastId, regionProgressToast(mine));
    }
  });
  try {
    const downloader = await getRegionDownloader(db);
    await Promise.all(regionIds.map((id) => downloader.start(id)));
  } finally {
    subscription.unsubscribe();
  }
  const outcome = regionOutcomeToast(await regionsNow(), done);
  if (!updateToast(toastId, outcome)) showToastWhenIdle(outcome);
}
