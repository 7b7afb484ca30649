import type { FromSchema } from 'json-schema-to-ts';
import { bboxProperty, epochMsProperty, idProperty } from './common.ts';
import { mapBasemaps } from './map-catalog.ts';

export const mapRegionStatuses = [
  'not-downloaded',
  'downloading',
  'paused',
  'downloaded',
  'update-available',
  'failed',
] as const;

/**
 * An offline map region: one PMTiles archive from the region catalog and its download state on
 * this device. Local to the device (never synced). `bytes` is the archive size; the archive
 * itself is stored outside RxDB (OPFS or an IndexedDB blob) under `storageKey`. `basemap` is
 * the road map the catalog's archive carries (schemas/map-catalog.ts `MapBasemap`); version 1
 * added it (src/db/migrations.ts).
 */
export const mapRegionSchema = {
  title: 'mapRegion',
  description: 'An offline map region (PMTiles archive) and its download state',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    name: { type: 'string', minLength: 1, maxLength: 100 },
    bbox: bboxProperty,
    minZoom: { type: 'integer', minimum: 0, maximum: 22 },
    maxZoom: { type: 'integer', minimum: 0, maximum: 22 },
    bytes: { type: 'integer', minimum: 0 },
    url: { type: 'string', maxLength: 500 },
    version: { type: 'string', maxLength: 64 },
    basemap: { type: ['string', 'null'], enum: [...mapBasemaps, null] },
    status: { type: 'string', enum: mapRegionStatuses },
    downloadedBytes: { type: 'integer', minimum: 0 },
    downloadedVersion: { type: ['string', 'null'], maxLength: 64 },
    storageKey: { type: ['string', 'null'], maxLength: 200 },
    error: { type: ['string', 'null'], maxLength: 1000 },
    updatedAt: epochMsProperty,
  },
  required: [
    'id',
    'name',
    'bbox',
    'minZoom',
    'maxZoom',
    'bytes',
    'url',
    'version',
    'basemap',
    'status',
    'downloadedBytes',
    'downloadedVersion',
    'storageKey',
    'error',
    'updatedAt',
  ],
} as const;

export type MapRegion = FromSchema<typeof mapRegionSchema>;
