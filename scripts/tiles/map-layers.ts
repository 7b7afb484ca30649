/**
 * The map's vector layers, built from the project's own data/ (data/README.md gives every
 * file's source and licence). Layer and property names are the contract with the client style
 * (src/map/map-style.ts): trails (trailhead points with `difficulty` and primary `activity`),
 * trail_lines (the USFS OHV lines of data/trails/ with the trail `id` of their catalogue
 * document, `name` and `systemId`), campgrounds (the same RIDB + OpenStreetMap merge the server seeds), wmas, lakes, rivers,
 * counties, state, neighbours and towns. Coordinates are [longitude, latitude] WGS84.
 */
import { join } from 'node:path';
import type { Feature, FeatureCollection, Geometry, Point } from 'geojson';
import { loadCampgrounds } from '../../datasets/campgrounds.ts';
import { readFeatureCollection } from '../../datasets/geojson.ts';
import { readUsfsTrailLines } from '../../datasets/usfs-trail-lines.ts';

/** Layer names in drawing order (bottom first). */
export const layerNames = [
  'neighbours',
  'state',
  'counties',
  'lakes',
  'rivers',
  'wmas',
  'campgrounds',
  'trail_lines',
  'trails',
  'towns',
] as const;

export type LayerName = (typeof layerNames)[number];

/** Per-layer feature collections, properties already reduced to what the style uses. */
export type MapLayers = Record<LayerName, FeatureCollection<Geometry>>;

/** A trail or WMA point with the region the dataset assigns it (for region bboxes). */
export interface RegionPoint {
  region: string;
  longitude: number;
  latitude: number;
}

interface TrailRecord {
  id: string;
  name: string;
  kind: string;
  activities: string[];
  difficulty: string | null;
  region: string;
}

interface WmaRecord {
  id: string;
  name: string;
  region: string;
  waterfowl: boolean;
}

type Properties = Record<string, string | number | boolean>;

function collection(features: Feature<Geometry>[]): FeatureCollection<Geometry> {
  return { type: 'FeatureCollection', features };
}

function keep(
  file: string,
  pick: (properties: Record<string, unknown>) => Properties,
): FeatureCollection<Geometry> {
  const source = readFeatureCollection<Geometry, Record<string, unknown>>(file);
  return collection(
    source.features.map((feature) => ({
      type: 'Feature',
      geometry: feature.geometry,
      properties: pick(feature.properties ?? {}),
    })),
  );
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Reads every layer from `dataDir` (the repo's data/). Throws when a file is missing or not
 * GeoJSON. Campground ids and names are exactly those the server serves at /api/campgrounds.
 */
export function loadMapLayers(dataDir: string): { layers: MapLayers; regionPoints: RegionPoint[] } {
  const trails = readFeatureCollection<Point, TrailRecord>(join(dataDir, 'places/trails.geojson'));
  const wmas = readFeatureCollection<Point, WmaRecord>(join(dataDir, 'places/wmas.geojson'));
  // `updatedAt` does not reach the tiles; a fixed value keeps the build reproducible.
  const campgrounds = loadCampgrounds(dataDir, 0);

  const regionPoints: RegionPoint[] = [...trails.features, ...wmas.features].map((feature) => ({
    region: feature.properties.region,
    longitude: feature.geometry.coordinates[0]!,
    latitude: feature.geometry.coordinates[1]!,
  }));

  const basemap = (name: string) => join(dataDir, 'basemap', name);
  const rivers = keep(basemap('ne-rivers.geojson'), (p) => ({
    name: text(p.name),
    major: 0,
  }));
  const centerlines = keep(basemap('ne-rivers-lake-centerlines.geojson'), (p) => ({
    name: text(p.name_en) || text(p.name),
    major: 1,
  }));

  const layers: MapLayers = {
    neighbours: keep(basemap('arkansas-and-neighbor-states.geojson'), (p) => ({
      name: text(p.name),
    })),
    state: keep(basemap('arkansas-state.geojson'), (p) => ({ name: text(p.name) })),
    counties: keep(basemap('arkansas-counties.geojson'), (p) => ({ name: text(p.name) })),
    lakes: keep(basemap('ne-lakes.geojson'), (p) => ({ name: text(p.name) })),
    rivers: collection([...centerlines.features, ...rivers.features]),
    wmas: collection(
      wmas.features.map((feature) => ({
        type: 'Feature',
        geometry: feature.geometry,
        properties: {
          id: feature.properties.id,
          name: feature.properties.name,
          waterfowl: feature.properties.waterfowl,
        },
      })),
    ),
    campgrounds: collection(
      campgrounds.map((campground) => ({
        type: 'Feature',
        geometry: {
          type: 'Point',
          coordinates: [campground.location.longitude, campground.location.latitude],
        },
        properties: {
          id: campground.id,
          name: campground.name,
          type: campground.type ?? 'unknown',
        },
      })),
    ),
    // The published geometry (MultiLineStrings keep their parts), with the catalogue's ids.
    trail_lines: collection(
      readUsfsTrailLines(dataDir).map((line) => ({
        type: 'Feature',
        geometry: line.geometry,
        properties: { id: line.id, name: line.name, systemId: line.systemId },
      })),
    ),
    trails: collection(
      trails.features.map((feature) => ({
        type: 'Feature',
        geometry: feature.geometry,
        properties: {
          id: feature.properties.id,
          name: feature.properties.name,
          kind: feature.properties.kind,
          difficulty: feature.properties.difficulty ?? 'unknown',
          // The symbol shows the first listed activity; all of them go along for the card.
          activity: feature.properties.activities[0] ?? 'none',
          activities: feature.properties.activities.join(','),
        },
      })),
    ),
    towns: keep(basemap('ne-populated-places.geojson'), (p) => ({
      name: text(p.name),
      population: typeof p.pop_max === 'number' ? p.pop_max : 0,
      capital: text(p.featurecla) === 'Admin-1 capital',
    })),
  };
  return { layers, regionPoints };
}
