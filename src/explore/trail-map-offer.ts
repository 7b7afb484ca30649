/**
 * The confirmation of a saved trail, with its offline map ("Saving a trail offers its region (one
 * tap, size shown) or says exactly what will not work offline"): the trail's map regions
 * (src/map/trail-regions.ts) on the device say the trail and its map work offline; regions still
 * to download are offered as one tap with their size, started as the Offline maps panel starts
 * them (src/map/region-offer.ts), and the toast says what will not work offline until then; with
 * no region catalog on the device yet, it says the region could not be checked.
 */
import type { MapRegion } from '../../schemas/map-regions.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { AppDatabase } from '../db/database.ts';
import { mapRegionRepository } from '../db/map-regions.ts';
import { showToast, updateToast, type ToastInput } from '../lib/toast.ts';
import { formatBytes } from '../map/format-bytes.ts';
import { downloadRegionsInToast } from '../map/region-offer.ts';
import { refreshRegionCatalog } from '../map/region-store.ts';
import {
  regionNames,
  trailMapRegions,
  trailPositions,
  type TrailRegions,
} from '../map/trail-regions.ts';

/** What works offline whatever the map: said wherever the map does not. */
const worksOffline = 'Its details, your saved list and navigation text work offline.';

/** The regions a trail needs, or null when the device has no region catalog yet. */
export type SavedTrailRegions = TrailRegions<MapRegion> | null;

/** How the confirmation offers a download: `online` (a button is only offered then) and its start. */
export interface RegionOfferOptions {
  online: boolean;
  /** Starts the downloads of the regions offered; called by the toast's one button. */
  onDownload: (regions: readonly MapRegion[]) => void;
}

/** The offer of `toDownload`: says what will not work offline, and a one-tap download when online. */
function offerToast(
  trailName: string,
  toDownload: readonly MapRegion[],
  { online, onDownload }: RegionOfferOptions,
): ToastInput {
  const names = regionNames(toDownload);
  const many = toDownload.length > 1;
  const size = formatBytes(toDownload.reduce((sum, region) => sum + region.bytes, 0));
  const missing = `The map of ${trailName} will not show offline until the ${names} ${many ? 'regions are' : 'region is'} downloaded. ${worksOffline}`;
  if (!online) {
    return {
      title: 'Trail saved',
      description: `${missing} Download ${many ? 'them' : 'it'} (${size}) from Offline maps on the Trail map page when you have signal.`,
    };
  }
  return {
    title: 'Trail saved',
    description: missing,
    action: {
      label: `Download ${names} ${many ? 'maps' : 'map'} (${size})`,
      onPress: () => onDownload(toDownload),
    },
  };
}

/**
 * The toast confirming that `trailName` is saved, from its map regions (`regions`, null with no
 * catalog on the device): its map works offline, or the offer of the regions it still needs, or
 * why its region could not be checked. Pure, so each case is tested without a database.
 */
export function savedTrailToast(
  trailName: string,
  regions: SavedTrailRegions,
  options: RegionOfferOptions,
): ToastInput {
  if (regions === null) {
    return {
      title: 'Trail saved',
      description: `${trailName} is saved on this device. ${worksOffline} Its map region could not be checked: the list of map regions has not reached this device yet. Once you are online, Saved trails offers the region's map.`,
    };
  }
  if (regions.toDownload.length > 0) return offerToast(trailName, regions.toDownload, options);
  if (regions.onDevice.length === 0) {
    return {
      title: 'Trail saved',
      description: `${trailName} is saved on this device. It lies outside every offline map region, so its map shows only with signal. ${worksOffline}`,
    };
  }
  const names = regionNames(regions.onDevice);
  return {
    title: 'Trail saved',
    description: `${trailName} and its map work offline: the ${names} ${regions.onDevice.length > 1 ? 'maps are' : 'map is'} on this device.`,
  };
}

/** The trail's positions from the catalogue on this device (its line and its system's lines). */
async function positionsOfTrail(db: AppDatabase, trailId: string): Promise<[number, number][]> {
  const trail = (await db.trails.findOne(trailId).exec())?.toJSON() as Trail | undefined;
  if (!trail) return [];
  const system = await db.trails.find({ selector: { systemId: trailId } }).exec();
  const lines = system.flatMap((document) => {
    const path = (document.toJSON() as Trail).path;
    return path ? [path] : [];
  });
  return trailPositions(trail, lines);
}

/** The trail's regions from the device's mapRegions; null when no catalog is stored. */
async function regionsOfTrail(db: AppDatabase, trailId: string): Promise<SavedTrailRegions> {
  const regions = await mapRegionRepository(db).list();
  if (regions.length === 0) return null;
  const positions = await positionsOfTrail(db, trailId);
  return positions.length === 0 ? null : trailMapRegions(regions, positions);
}

/**
 * Confirms that the trail `trailId` (`trailName`) was saved, with its map (see the file comment).
 * With no catalog on the device while `online`, the catalog is fetched first, the toast saying
 * meanwhile that the region is being checked. Never rejects: a failure to read the device's
 * regions confirms the save and says the region could not be checked.
 */
export async function confirmSavedTrail(
  db: AppDatabase,
  trailId: string,
  trailName: string,
  online: boolean,
): Promise<void> {
  let toastId: number | null = null;
  const options: RegionOfferOptions = {
    online,
    onDownload: (regions) => {
      if (toastId === null) return;
      const done = (): ToastInput => ({
        title: `${regionNames(regions)} ${regions.length > 1 ? 'maps' : 'map'} downloaded`,
        description: `${trailName} and its map work offline.`,
      });
      void downloadRegionsInToast(
        db,
        regions.map((region) => region.id),
        toastId,
        done,
      ).catch((error: unknown) => console.warn('Map download from the saved trail failed', error));
    },
  };
  const show = (regions: SavedTrailRegions) => {
    const toast = savedTrailToast(trailName, regions, options);
    if (toastId === null || !updateToast(toastId, toast)) toastId = showToast(toast);
  };
  try {
    let regions = await regionsOfTrail(db, trailId);
    if (regions === null && online) {
      toastId = showToast({
        title: 'Trail saved',
        description: `${trailName} is saved on this device. Checking which map region it needs…`,
      });
      await refreshRegionCatalog(db).catch(() => null);
      regions = await regionsOfTrail(db, trailId);
    }
    show(regions);
  } catch (error) {
    console.warn('Could not check the map region of a saved trail', error);
    show(null);
  }
}
