/**
 * Trail lines on the trail page: the camera that shows a line (or all lines of a
 * system) whole, and the elevation profile of a path whose points carry elevations
 * ([lon, lat, elevation m], schemas/trails.ts `path`).
 */
import { boundingBox, distanceMeters, FEET_PER_METER, METERS_PER_MILE } from './track-stats.ts';

/** A camera: [longitude, latitude] centre and MapLibre zoom. */
export interface LineView {
  center: [number, number];
  zoom: number;
}

/** Web Mercator y of a latitude (0 at the equator, π at about 85° N). */
function mercatorY(latitude: number): number {
  return Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));
}

/**
 * The camera that fits every position of `paths` in a map of `widthPx` × `heightPx` CSS pixels
 * with `paddingPx` on each side, zoom clamped to `minZoom`…`maxZoom` (one position gets
 * `maxZoom`). Null when the paths hold no position.
 */
export function viewForPaths(
  paths: readonly (readonly (readonly number[])[])[],
  { widthPx = 360, heightPx = 280, paddingPx = 24, minZoom = 8, maxZoom = 15 } = {},
): LineView | null {
  const bbox = boundingBox(
    paths.flatMap((path) => path.map((position) => [position[0]!, position[1]!] as const)),
  );
  if (!bbox) return null;
  const [west, south, east, north] = bbox;
  // At zoom z the world is 512 · 2^z CSS pixels wide (MapLibre's 512 px tiles).
  const width = Math.max(widthPx - 2 * paddingPx, 1);
  const height = Math.max(heightPx - 2 * paddingPx, 1);
  const zoomX = east > west ? Math.log2((width * 360) / (512 * (east - west))) : maxZoom;
  const spanY = mercatorY(north) - mercatorY(south);
  const zoomY = spanY > 0 ? Math.log2((height * 2 * Math.PI) / (512 * spanY)) : maxZoom;
  const zoom = Math.min(maxZoom, Math.max(minZoom, Math.min(zoomX, zoomY)));
  const centerY = (mercatorY(north) + mercatorY(south)) / 2;
  const centerLatitude = (Math.atan(Math.exp(centerY)) * 360) / Math.PI - 90;
  return { center: [(west + east) / 2, centerLatitude], zoom: Math.floor(zoom * 100) / 100 };
}

/** True when every point of `path` carries an elevation (a third number). */
export function hasElevations(path: readonly (readonly number[])[] | null): boolean {
  return (
    path !== null &&
    path.length >= 2 &&
    path.every((position) => typeof position[2] === 'number' && Number.isFinite(position[2]))
  );
}

/** An elevation profile: distance along the path (miles) and elevation (feet) per point. */
export interface ElevationProfile {
  points: { miles: number; feet: number }[];
  totalMiles: number;
  minFeet: number;
  maxFeet: number;
  /** Sum of the rises between successive points, feet. */
  gainFeet: number;
}

/**
 * The profile of a path with elevations in metres; null when any point lacks one (the USFS
 * lines publish none, so their pages say so instead of drawing a flat line).
 */
export function elevationProfile(path: readonly (readonly number[])[]): ElevationProfile | null {
  if (!hasElevations(path)) return null;
  let meters = 0;
  let gainFeet = 0;
  const points = path.map((position, index) => {
    const previous = path[index - 1];
    const feet = position[2]! * FEET_PER_METER;
    if (previous) {
      meters += distanceMeters(
        { longitude: previous[0]!, latitude: previous[1]! },
        { longitude: position[0]!, latitude: position[1]! },
      );
      gainFeet += Math.max(0, feet - previous[2]! * FEET_PER_METER);
    }
    return { miles: meters / METERS_PER_MILE, feet };
  });
  const elevations = points.map((point) => point.feet);
  return {
    points,
    totalMiles: meters / METERS_PER_MILE,
    minFeet: Math.min(...elevations),
    maxFeet: Math.max(...elevations),
    gainFeet,
  };
}
