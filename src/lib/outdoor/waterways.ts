/**
 * Lakes and rivers of the shipped basemap for the waterway pages: Natural Earth 10m
 * lakes (data/basemap/ne-lakes.geojson, 27) and rivers (ne-rivers.geojson, 69 segments, and
 * ne-rivers-lake-centerlines.geojson, 8 major rivers), public domain, clipped to the Arkansas
 * state outline (data/basemap/arkansas-state.geojson, US Census via us-atlas): the files cover a
 * box reaching into Kansas and Oklahoma, and a river's point must be a point in Arkansas. Each
 * becomes a name, a representative point and, for rivers, the mapped length in Arkansas.
 * No gauges, levels or access points exist in this data, and none are made up.
 */
import along from '@turf/along';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import length from '@turf/length';
import type {
  Feature,
  FeatureCollection,
  LineString,
  MultiLineString,
  MultiPolygon,
  Polygon,
  Position,
} from 'geojson';

/** An area to clip to (the state outline); omitted, nothing is clipped. */
export type ClipArea = Feature<Polygon | MultiPolygon>;

function inside(area: ClipArea | undefined, position: Position): boolean {
  return !area || booleanPointInPolygon(position, area);
}

/**
 * The runs of consecutive vertices of `line` inside `area`, each with at least two vertices.
 * Cuts at the last vertex inside rather than the exact border crossing: Natural Earth 10m
 * vertices lie a few hundred metres apart, far finer than the point shown.
 */
function clipLine(line: LineString, area: ClipArea | undefined): LineString[] {
  if (!area) return [line];
  const runs: LineString[] = [];
  let run: Position[] = [];
  for (const position of line.coordinates) {
    if (inside(area, position)) run.push(position);
    else {
      if (run.length >= 2) runs.push({ type: 'LineString', coordinates: run });
      run = [];
    }
  }
  if (run.length >= 2) runs.push({ type: 'LineString', coordinates: run });
  return runs;
}

/** A waterway: kind, display name, a point [longitude, latitude] on or in it. */
export interface Waterway {
  kind: 'lake' | 'reservoir' | 'river';
  name: string;
  point: [number, number];
  /** Length of the mapped river line inside the data's box, miles (rivers only). */
  mappedMiles: number | null;
}

/** Where the waterway data comes from and when it was bundled into the app. */
export const WATERWAY_DATA_SOURCE = {
  name: 'Natural Earth 10m lakes and rivers (public domain)',
  /** Date the dataset was added to this app's shipped data (git history of data/basemap). */
  bundledOn: '2026-11-20',
  note: 'Lake outlines and river courses; the Natural Earth release number is not recorded in the shipped files.',
} as const;

function ringAveragePoint(ring: readonly Position[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const [lon = 0, lat = 0] of ring) {
    x += lon;
    y += lat;
  }
  return [x / ring.length, y / ring.length];
}

/**
 * Lakes and reservoirs with the average of their outline's vertices (those inside `within`,
 * when given) as point; a lake with no vertex inside `within` is left out.
 */
export function parseLakes(collection: FeatureCollection, within?: ClipArea): Waterway[] {
  return collection.features.flatMap((feature) => {
    const name = feature.properties?.name;
    const geometry = feature.geometry;
    if (typeof name !== 'string' || !geometry) return [];
    let ring: Position[] | undefined;
    if (geometry.type === 'Polygon') ring = geometry.coordinates[0];
    else if (geometry.type === 'MultiPolygon')
      ring = [...geometry.coordinates].sort(
        (a, b) => (b[0]?.length ?? 0) - (a[0]?.length ?? 0),
      )[0]?.[0];
    const kept = ring?.filter((position) => inside(within, position));
    if (!kept || kept.length === 0) return [];
    ring = kept;
    const kind = feature.properties?.featurecla === 'Reservoir' ? 'reservoir' : 'lake';
    return [{ kind, name, point: ringAveragePoint(ring), mappedMiles: null } satisfies Waterway];
  });
}

function lines(feature: Feature): LineString[] {
  const geometry = feature.geometry;
  if (geometry?.type === 'LineString') return [geometry];
  if (geometry?.type === 'MultiLineString')
    return (geometry as MultiLineString).coordinates.map((coordinates) => ({
      type: 'LineString' as const,
      coordinates,
    }));
  return [];
}

/**
 * Rivers from line collections, merged by full name ("Ouachita River" appears as several
 * segments) and clipped to `within` when given; the point is the middle of the longest piece,
 * and a river with no piece inside `within` is left out.
 */
export function parseRivers(
  collections: readonly FeatureCollection[],
  within?: ClipArea,
): Waterway[] {
  const byName = new Map<string, { miles: number; longest: LineString; longestMiles: number }>();
  for (const collection of collections) {
    for (const feature of collection.features) {
      const properties = feature.properties ?? {};
      const base =
        typeof properties.name_full === 'string' ? properties.name_full : properties.name;
      if (typeof base !== 'string') continue;
      const name = /\b(river|creek|bayou)\b/i.test(base) ? base : `${base} River`;
      for (const line of lines(feature).flatMap((whole) => clipLine(whole, within))) {
        if (line.coordinates.length < 2) continue;
        const miles = length(
          { type: 'Feature', properties: {}, geometry: line },
          { units: 'miles' },
        );
        const entry = byName.get(name);
        if (!entry) byName.set(name, { miles, longest: line, longestMiles: miles });
        else {
          entry.miles += miles;
          if (miles > entry.longestMiles) {
            entry.longest = line;
            entry.longestMiles = miles;
          }
        }
      }
    }
  }
  return [...byName.entries()].map(([name, entry]) => {
    const middle = along(entry.longest, entry.longestMiles / 2, { units: 'miles' });
    const [lon = 0, lat = 0] = middle.geometry.coordinates;
    return { kind: 'river', name, point: [lon, lat], mappedMiles: entry.miles } satisfies Waterway;
  });
}

let waterwaysPromise: Promise<Waterway[]> | null = null;

/** Loads and parses the shipped lakes and rivers once (lazily, in the waterway pages' chunk). */
export function loadWaterways(): Promise<Waterway[]> {
  waterwaysPromise ??= Promise.all([
    import('../../../data/basemap/ne-lakes.geojson?raw'),
    import('../../../data/basemap/ne-rivers.geojson?raw'),
    import('../../../data/basemap/ne-rivers-lake-centerlines.geojson?raw'),
    import('../../../data/basemap/arkansas-state.geojson?raw'),
  ]).then(([lakes, rivers, centerlines, state]) => {
    const parse = (module: { default: string }) => JSON.parse(module.default) as FeatureCollection;
    const arkansas = parse(state).features[0] as ClipArea;
    return [
      ...parseLakes(parse(lakes), arkansas),
      ...parseRivers([parse(rivers), parse(centerlines)], arkansas),
    ].sort((a, b) => a.name.localeCompare(b.name));
  });
  return waterwaysPromise;
}
