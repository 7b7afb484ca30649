/** Offline map regions this device downloaded (requirements §core-6): device only, never synced. */
import { mapRegionSchema } from '../map-regions.ts';
import { defaultBatch, defineCollection, privacyWording } from './descriptor.ts';

/**
 * Map regions version 1 added `basemap`, the road map the catalog's archive carries. A version 0
 * region came from a catalog that knew of none, so its archive is our own layers only (null);
 * the next catalog refresh sets what the server offers now.
 */
function addNoBasemap(document: Record<string, unknown>) {
  return { ...document, basemap: null };
}

export const mapRegionsCollection = defineCollection({
  name: 'mapRegions',
  noun: 'map region',
  schema: mapRegionSchema,
  migrations: { 1: addNoBasemap },
  scope: 'device',
  ownerField: null,
  idRule: { kind: 'client' },
  serverOwned: {},
  merge: { document: 'server', keepsConflictList: false },
  batch: defaultBatch,
  heldUntilAdopted: false,
  afterWrite: [],
  privacy: {
    holds:
      'Which offline map regions you downloaded, their size, version and download state. The map files themselves are kept in the browser database "nst-map-archives".',
    where: 'device',
    kept: `${privacyWording.untilCleared} You can delete a region on the Maps page.`,
    sharedWith: privacyWording.deviceOnly,
    onAccountDeletion: {
      action: 'kept',
      why: 'The map files hold public map data only and stay on the device for riding offline.',
    },
  },
});
