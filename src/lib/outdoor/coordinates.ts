/**
 * Coordinate formatting for the emergency card and messages: decimal degrees and
 * degrees-minutes-seconds (WGS84), rounded to the precision the rider chose to share
 * (requirements §core-3 Emergency settings `shareLocationPrecision`).
 */
import type { ShareLocationPrecision } from './outdoor-settings.ts';

/**
 * Decimal places per precision: 5 ≈ 1 m (exact), 3 ≈ 110 m (approximate), 2 ≈ 1.1 km (general).
 */
export const COORDINATE_DECIMALS: Readonly<Record<ShareLocationPrecision, number>> = {
  exact: 5,
  approximate: 3,
  general: 2,
};

/** Rounds a coordinate to the precision's decimal places. */
export function roundCoordinate(value: number, precision: ShareLocationPrecision): number {
  const factor = 10 ** COORDINATE_DECIMALS[precision];
  return Math.round(value * factor) / factor;
}

/**
 * "34.73608, -92.33109": latitude then longitude (the order dispatchers and phone map apps
 * read), at the precision's decimal places. Inputs in degrees WGS84.
 */
export function formatDecimalDegrees(
  latitude: number,
  longitude: number,
  precision: ShareLocationPrecision = 'exact',
): string {
  const places = COORDINATE_DECIMALS[precision];
  return `${latitude.toFixed(places)}, ${longitude.toFixed(places)}`;
}

function dmsPart(
  value: number,
  positive: string,
  negative: string,
  secondDecimals: number,
): string {
  const hemisphere = value < 0 ? negative : positive;
  const factor = 10 ** secondDecimals;
  // Work in whole units of the last shown digit so 59.96″ carries into the next minute.
  const totalUnits = Math.round(Math.abs(value) * 3600 * factor);
  const degrees = Math.floor(totalUnits / (3600 * factor));
  const minutes = Math.floor((totalUnits - degrees * 3600 * factor) / (60 * factor));
  const seconds = (totalUnits - degrees * 3600 * factor - minutes * 60 * factor) / factor;
  return `${degrees}° ${minutes}′ ${seconds.toFixed(secondDecimals)}″ ${hemisphere}`;
}

/**
 * Degrees-minutes-seconds, e.g. `34° 44′ 9.9″ N, 92° 19′ 51.9″ W` (latitude first). Seconds
 * carry one decimal (≈3 m) for exact, none for coarser precisions (the minute/second digits
 * are rounded from the already rounded decimal value so both formats agree).
 */
export function formatDms(
  latitude: number,
  longitude: number,
  precision: ShareLocationPrecision = 'exact',
): string {
  const lat = roundCoordinate(latitude, precision);
  const lon = roundCoordinate(longitude, precision);
  const decimals = precision === 'exact' ? 1 : 0;
  return `${dmsPart(lat, 'N', 'S', decimals)}, ${dmsPart(lon, 'E', 'W', decimals)}`;
}

/** OpenStreetMap link centred on a point (latitude, longitude in degrees), zoom 15. */
export function mapLink(
  latitude: number,
  longitude: number,
  precision: ShareLocationPrecision = 'exact',
): string {
  const places = COORDINATE_DECIMALS[precision];
  const lat = latitude.toFixed(places);
  const lon = longitude.toFixed(places);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}
