/**
 * Reading the shipped GeoJSON files of data/ (RFC 7946: coordinates are [longitude, latitude]
 * in degrees WGS84).
 */
import { readFileSync } from 'node:fs';
import type { FeatureCollection, Geometry, Point } from 'geojson';

/** A GeoJSON Point feature whose properties are the dataset's raw record. */
export interface PointRecord<Properties> {
  longitude: number;
  latitude: number;
  properties: Properties;
}

/**
 * Reads a FeatureCollection file. Throws if the file is missing or not a FeatureCollection.
 */
export function readFeatureCollection<G extends Geometry, P>(
  file: string,
): FeatureCollection<G, P> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as FeatureCollection<G, P>;
  if (parsed?.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) {
    throw new Error(`${file} is not a GeoJSON FeatureCollection`);
  }
  return parsed;
}

/**
 * Reads a FeatureCollection of Points and returns each record with its [longitude, latitude].
 * Throws if any feature is not a Point.
 */
export function readPointRecords<P>(file: string): PointRecord<P>[] {
  return readFeatureCollection<Point, P>(file).features.map((feature, index) => {
    if (feature.geometry?.type !== 'Point') {
      throw new Error(`${file}: feature ${index} is not a Point`);
    }
    const [longitude, latitude] = feature.geometry.coordinates;
    if (typeof longitude !== 'number' || typeof latitude !== 'number') {
      throw new Error(`${file}: feature ${index} has no coordinates`);
    }
    return { longitude, latitude, properties: feature.properties };
  });
}
