/**
 * The map's vector layers, built from the project's own data/ (data/README.md gives every
 * file's source and licence). Layer and property names are the contract with the client style
 * (src/map/map-style.ts): trails (trailhead points with `difficulty` and primary `activity`),
 * trail_lines (the USFS OHV lines of data/trails/ with the trail `id` of their catalogue
 * document, `name`, the short `label` and trail `number` drawn along the line, `systemId` and the widest
 * `vehicleClass` the Forest Service opens it to), campgrounds (the same RIDB + OpenStreetMap
 * merge the server seeds), wmas, lakes, rivers, counties, state, neighbours, towns (the
 * 220-place gazetteer of data/places/arkansas-places.json, ranked for labelling by population)
 * and county_labels (one point per county). Coordinates are [longitude, latitude] WGS84.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, FeatureCollection, Geometry, Point } from 'geojson';
import { loadCampgrounds } from '../../datasets/campgrounds.ts';
import { readFeatureCollection } from '../../datasets/geojson.ts';
import { simplify } from '@turf/simplify';
import { readUsfsTrailLines, type UsfsTrailLine } from '../../datasets/usfs-trail-lines.ts';

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
  'trail_line_labels',
  'trails',
  'towns',
  'county_labels',
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

/** A town of the gazetteer (data/places/arkansas-places.json); population null when unknown. */
interface GazetteerTown {
  name: string;
  longitude: number;
  latitude: number;
  population: number | null;
  countySeat: boolean | null;
  stateCapital: boolean | null;
}

interface Gazetteer {
  towns: GazetteerTown[];
  counties: { name: string; longitude: number; latitude: number }[];
}

/**
 * The first zoom at which a town's label is drawn, by population (GeoNames; Natural Earth for
 * the towns across the state line): cities from the statewide view, county seats and towns
 * over 2,500 from county scale, every other town from z9, well before the riding zooms
 * (z11 and closer). MapLibre's collision detection, with larger towns placed first
 * (`population` sort key), keeps labels from overlapping at every zoom.
 */
export function townLabelMinZoom(town: Pick<GazetteerTown, 'population' | 'countySeat'>): number {
  const population = town.population ?? 0;
  if (population >= 50_000) return 5;
  if (population >= 10_000) return 7;
  if (population >= 2_500 || town.countySeat) return 8;
  return 9;
}

/** The widest vehicle class a line is open to, for its map style; 'unknown' when unpublished. */
export function widestVehicleClass(line: Pick<UsfsTrailLine, 'vehicleClasses'>): string {
  const classes = line.vehicleClasses;
  if (!classes) return 'unknown';
  if (classes.includes('4wd_over_50in')) return '4wd';
  if (classes.includes('atv')) return 'atv';
  if (classes.includes('motorcycle')) return 'motorcycle';
  return 'unknown';
}

/** "Brock Creek #45 (trail 2344)" → "Brock Creek #45": the name without the catalogue's note. */
export function trailLineLabel(name: string): string {
  return name.replace(/\s*\([^)]*\)$/, '');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Douglas-Peucker tolerance (degrees, about 25 m) of the paths trail labels follow: forest
 * trails wind so tightly that MapLibre finds no stretch straight enough for a label on the
 * published geometry; a label on the smoothed path stays within a few pixels of the line.
 */
export const trailLabelTolerance = 0.0005;

/**
 * The USFS lines as published (MultiLineStrings keep their parts) with the catalogue's ids,
 * and the smoothed copies their labels follow.
 */
function trailLineLayers(dataDir: string): Pick<MapLayers, 'trail_lines' | 'trail_line_labels'> {
  const lines = readUsfsTrailLines(dataDir);
  const label = (line: UsfsTrailLine): Properties => ({
    id: line.id,
    label: trailLineLabel(line.name),
    // The Forest Service number ("WP8", "2510K") is short enough for short lines.
    ...(line.trailNumber ? { number: line.trailNumber } : {}),
  });
  return {
    trail_lines: collection(
      lines.map((line) => ({
        type: 'Feature',
        geometry: line.geometry,
        properties: {
          ...label(line),
          name: line.name,
          systemId: line.systemId,
          vehicleClass: widestVehicleClass(line),
        },
      })),
    ),
    trail_line_labels: collection(
      lines.map((line) =>
        simplify(
          { type: 'Feature', geometry: line.geometry, properties: label(line) },
          { tolerance: trailLabelTolerance },
        ),
      ),
    ),
  };
}

function point(longitude: number, latitude: number, properties: Properties): Feature<Geometry> {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [longitude, latitude] },
    properties,
  };
}

/** Towns (with label rank) and county label points from the gazetteer. */
function gazetteerLayers(dataDir: string): Pick<MapLayers, 'towns' | 'county_labels'> {
  const gazetteer = JSON.parse(
    readFileSync(join(dataDir, 'places/arkansas-places.json'), 'utf8'),
  ) as Gazetteer;
  return {
    towns: collection(
      gazetteer.towns.map((town) =>
        point(town.longitude, town.latitude, {
          name: town.name,
          population: town.population ?? 0,
          minZoom: townLabelMinZoom(town),
          capital: town.stateCapital === true,
        }),
      ),
    ),
    county_labels: collection(
      gazetteer.counties.map((county) =>
        point(county.longitude, county.latitude, { name: `${county.name} County` }),
      ),
    ),
  };
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
    ...trailLineLayers(dataDir),
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
    ...gazetteerLayers(dataDir),
  };
  return { layers, regionPoints };
}
