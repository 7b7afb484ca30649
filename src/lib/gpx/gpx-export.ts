/**
 * GPX 1.1 export of a trip: one track with every point's elevation and time, the
 * trip's waypoints, and metadata (name, time, bounds), written with fast-xml-parser's XMLBuilder
 * so names and notes are escaped correctly. Schema: http://www.topografix.com/GPX/1/1/gpx.xsd.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { boundingBox } from '../geo/track-stats.ts';

/** A point to export: [longitude°, latitude°, elevation metres | null, time ms | null, …]. */
export type ExportPosition = readonly [number, number, number | null, number | null, ...unknown[]];

/** A waypoint to export. */
export interface ExportWaypoint {
  name: string;
  description?: string | null;
  longitude: number;
  latitude: number;
  elevation?: number | null;
}

/** What `buildGpx` writes. `startedAt` epoch ms, used as the metadata time. */
export interface GpxExportInput {
  name: string;
  description?: string | null;
  /** GPX `<type>` of the track, e.g. the vehicle type. */
  type?: string | null;
  startedAt: number | null;
  positions: readonly ExportPosition[];
  waypoints?: readonly ExportWaypoint[];
}

/** Creator attribute of exported files. */
export const GPX_CREATOR = 'Natural State Trails';

const coordinateDigits = 7;

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The trip as a GPX 1.1 document (UTF-8 text). Coordinates keep 7 decimals (about 1 cm),
 * elevation 1 decimal metre; time is ISO 8601 UTC with milliseconds. Points without elevation or
 * time omit those elements, as the schema allows.
 */
export function buildGpx(input: GpxExportInput): string {
  const bounds = boundingBox(input.positions);
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
    processEntities: true,
  });
  const trackPoints = input.positions.map((position) => ({
    '@_lat': round(position[1], coordinateDigits),
    '@_lon': round(position[0], coordinateDigits),
    ...(position[2] !== null ? { ele: round(position[2], 1) } : {}),
    ...(position[3] !== null ? { time: isoTime(position[3]) } : {}),
  }));
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    gpx: {
      '@_version': '1.1',
      '@_creator': GPX_CREATOR,
      '@_xmlns': 'http://www.topografix.com/GPX/1/1',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xsi:schemaLocation':
        'http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd',
      metadata: {
        name: input.name,
        ...(input.description ? { desc: input.description } : {}),
        ...(input.startedAt !== null ? { time: isoTime(input.startedAt) } : {}),
        ...(bounds
          ? {
              bounds: {
                '@_minlat': round(bounds[1], coordinateDigits),
                '@_minlon': round(bounds[0], coordinateDigits),
                '@_maxlat': round(bounds[3], coordinateDigits),
                '@_maxlon': round(bounds[2], coordinateDigits),
              },
            }
          : {}),
      },
      wpt: (input.waypoints ?? []).map((waypoint) => ({
        '@_lat': round(waypoint.latitude, coordinateDigits),
        '@_lon': round(waypoint.longitude, coordinateDigits),
        ...(waypoint.elevation !== null && waypoint.elevation !== undefined
          ? { ele: round(waypoint.elevation, 1) }
          : {}),
        name: waypoint.name,
        ...(waypoint.description ? { desc: waypoint.description } : {}),
      })),
      trk: {
        name: input.name,
        ...(input.description ? { desc: input.description } : {}),
        ...(input.type ? { type: input.type } : {}),
        trkseg: { trkpt: trackPoints },
      },
    },
  };
  return builder.build(document) as string;
}

/** A file name for the exported trip: letters, digits and dashes, ending in `.gpx`. */
export function gpxFileName(name: string, startedAt: number | null): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'trip';
  const date = startedAt !== null ? `-${new Date(startedAt).toISOString().slice(0, 10)}` : '';
  return `${slug}${date}.gpx`;
}
