/**
 * GPX import: tracks, routes and waypoints of a GPX 1.0/1.1 file as written by Garmin,
 * OsmAnd, Gaia GPS and others, read with @tmcw/togeojson. The XML parser is injected: the
 * browser's DOMParser in the app, @xmldom/xmldom in Node. A file that is not well-formed GPX or
 * holds nothing usable throws `GpxImportError` with a message for the rider, and nothing is
 * returned, so a caller can never import half a file.
 */
import { gpx } from '@tmcw/togeojson';
import type { Feature, Geometry } from 'geojson';

/** An XML parser with the DOMParser interface (browser DOMParser or @xmldom/xmldom's). */
export interface XmlParser {
  parseFromString(text: string, mimeType: string): unknown;
}

/** One imported position: [longitude°, latitude°, elevation metres | null, time ms | null]. */
export type GpxPosition = [number, number, number | null, number | null];

/** A track or route of the file; segments of a track are joined in order. */
export interface GpxLine {
  kind: 'track' | 'route';
  name: string | null;
  description: string | null;
  positions: GpxPosition[];
}

/** A waypoint of the file. */
export interface GpxWaypoint {
  name: string | null;
  description: string | null;
  longitude: number;
  latitude: number;
  elevation: number | null;
  time: number | null;
  /** The `<sym>` symbol name, when the writer gave one. */
  symbol: string | null;
}

/** Everything usable in a GPX file. */
export interface GpxContents {
  name: string | null;
  creator: string | null;
  lines: GpxLine[];
  waypoints: GpxWaypoint[];
}

/** A file that cannot be imported; `message` is meant for the rider. */
export class GpxImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GpxImportError';
  }
}

/** The largest file accepted (a 10-hour 1 Hz track is about 5 MB of GPX). */
export const MAX_GPX_BYTES = 25 * 1024 * 1024;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function timeMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

function validLonLat(longitude: unknown, latitude: unknown): boolean {
  return (
    typeof longitude === 'number' &&
    typeof latitude === 'number' &&
    Number.isFinite(longitude) &&
    Number.isFinite(latitude) &&
    Math.abs(longitude) <= 180 &&
    Math.abs(latitude) <= 90
  );
}

function toPositions(coordinates: number[][], times: unknown[] | undefined): GpxPosition[] {
  const positions: GpxPosition[] = [];
  coordinates.forEach((coordinate, index) => {
    const [longitude, latitude, elevation] = coordinate;
    if (!validLonLat(longitude, latitude)) return;
    positions.push([
      longitude as number,
      latitude as number,
      typeof elevation === 'number' && Number.isFinite(elevation) ? elevation : null,
      timeMs(times?.[index]),
    ]);
  });
  return positions;
}

function lineFromFeature(feature: Feature<Geometry>): GpxLine | null {
  const properties = (feature.properties ?? {}) as Record<string, unknown>;
  const kind = properties._gpxType === 'rte' ? 'route' : 'track';
  const times = (properties.coordinateProperties as { times?: unknown } | undefined)?.times;
  let positions: GpxPosition[] = [];
  if (feature.geometry.type === 'LineString') {
    positions = toPositions(
      feature.geometry.coordinates,
      Array.isArray(times) ? (times as unknown[]) : undefined,
    );
  } else if (feature.geometry.type === 'MultiLineString') {
    feature.geometry.coordinates.forEach((segment, index) => {
      const segmentTimes = Array.isArray(times) ? (times[index] as unknown) : undefined;
      positions.push(
        ...toPositions(
          segment,
          Array.isArray(segmentTimes) ? (segmentTimes as unknown[]) : undefined,
        ),
      );
    });
  } else {
    return null;
  }
  if (positions.length < 2) return null;
  return {
    kind,
    name: text(properties.name),
    description: text(properties.desc),
    positions,
  };
}

/** The parser's error element, or the thrown error, as a short reason. */
function parseXml(source: string, parser: XmlParser): Document {
  let document: Document;
  try {
    document = parser.parseFromString(source, 'application/xml') as Document;
  } catch (error) {
    throw new GpxImportError(
      `This file is not valid XML, so it cannot be a GPX file (${(error as Error).message.split('\n')[0]}). Nothing was imported.`,
    );
  }
  const parserError = document?.getElementsByTagName?.('parsererror')?.[0];
  if (!document?.documentElement || parserError) {
    throw new GpxImportError(
      'This file is not valid XML, so it cannot be a GPX file. It may be cut short or damaged. Nothing was imported.',
    );
  }
  return document;
}

/**
 * Reads a GPX document: its tracks (segments joined), routes and waypoints, with elevation
 * (metres) and time (epoch ms) where the file has them. Positions outside WGS84 ranges are
 * skipped. Throws GpxImportError when the text is not well-formed XML, its root is not `<gpx>`,
 * it is larger than MAX_GPX_BYTES, or it holds no track, route or waypoint.
 */
export function parseGpx(source: string, parser: XmlParser): GpxContents {
  if (source.length > MAX_GPX_BYTES) {
    throw new GpxImportError('This file is larger than 25 MB. Nothing was imported.');
  }
  if (source.trim() === '') throw new GpxImportError('This file is empty. Nothing was imported.');
  const document = parseXml(source, parser);
  const root = document.documentElement;
  if ((root.localName ?? root.nodeName).toLowerCase() !== 'gpx') {
    throw new GpxImportError(
      `This file is ${root.nodeName === 'kml' ? 'KML' : `<${root.nodeName}>`} XML, not GPX. Export a GPX file from your app and try again. Nothing was imported.`,
    );
  }
  const collection = gpx(document);
  const lines: GpxLine[] = [];
  const waypoints: GpxWaypoint[] = [];
  for (const feature of collection.features) {
    if (!feature.geometry) continue;
    if (feature.geometry.type === 'Point') {
      const [longitude, latitude, elevation] = feature.geometry.coordinates;
      if (!validLonLat(longitude, latitude)) continue;
      const properties = (feature.properties ?? {}) as Record<string, unknown>;
      waypoints.push({
        name: text(properties.name),
        description: text(properties.desc) ?? text(properties.cmt),
        longitude: longitude as number,
        latitude: latitude as number,
        elevation: typeof elevation === 'number' && Number.isFinite(elevation) ? elevation : null,
        time: timeMs(properties.time),
        symbol: text(properties.sym),
      });
      continue;
    }
    const line = lineFromFeature(feature as Feature<Geometry>);
    if (line) lines.push(line);
  }
  if (lines.length === 0 && waypoints.length === 0) {
    throw new GpxImportError(
      'This GPX file has no tracks, routes or waypoints with valid coordinates. Nothing was imported.',
    );
  }
  const metadata = root.getElementsByTagName('metadata')[0];
  const metadataName = metadata?.getElementsByTagName('name')[0]?.textContent ?? null;
  return {
    name: text(metadataName),
    creator: text(root.getAttribute('creator')),
    lines,
    waypoints,
  };
}
