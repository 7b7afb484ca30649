/**
 * USGS stream gauges shipped in data/gauges/usgs-gauges-ozark-stream-tracker.geojson (35 sites:
 * USGS NWIS site number, name, position rounded to 4 decimals; via the MIT-licensed
 * ozark_stream_tracker project, see data/README.md) and the gauges nearest a point. The file holds
 * no water levels: those are live at each site's USGS page and need signal.
 */
import distance from '@turf/distance';
import type { FeatureCollection, Point } from 'geojson';

/** One gauge: USGS site number, name, two-letter state, [longitude, latitude], USGS page URL. */
export interface Gauge {
  siteNumber: string;
  name: string;
  state: string;
  point: [number, number];
  url: string;
}

/** Where the shipped gauge list comes from, as pages credit it (data/README.md). */
export const GAUGE_DATA_SOURCE =
  'USGS stream gauges: USGS National Water Information System site facts (public domain), via the ozark_stream_tracker project (MIT). Levels: USGS Instantaneous Values, provisional data.';

/** A gauge and its straight-line distance from the point asked about, in miles. */
export interface NearbyGauge {
  gauge: Gauge;
  miles: number;
}

interface GaugeProperties {
  site_no: string;
  name: string;
  state: string;
  nwis_url: string;
}

/** The gauges of a FeatureCollection in the shipped file's shape, by name. */
export function parseGauges(collection: FeatureCollection): Gauge[] {
  return collection.features
    .filter((feature) => feature.geometry?.type === 'Point')
    .map((feature) => {
      const properties = feature.properties as GaugeProperties;
      const [longitude, latitude] = (feature.geometry as Point).coordinates;
      return {
        siteNumber: properties.site_no,
        name: properties.name,
        state: properties.state,
        point: [longitude!, latitude!] as [number, number],
        url: properties.nwis_url,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Up to `limit` gauges within `maxMiles` of `point` ([longitude, latitude]), nearest first.
 * Straight-line (great-circle) distance, not river miles.
 */
export function gaugesNear(
  gauges: readonly Gauge[],
  point: [number, number],
  { limit = 3, maxMiles = 40 }: { limit?: number; maxMiles?: number } = {},
): NearbyGauge[] {
  return gauges
    .map((gauge) => ({ gauge, miles: distance(point, gauge.point, { units: 'miles' }) }))
    .filter((near) => near.miles <= maxMiles)
    .sort((a, b) => a.miles - b.miles)
    .slice(0, limit);
}

let gaugesPromise: Promise<Gauge[]> | null = null;

/** Loads the shipped gauges once (a lazy chunk, precached for offline use). */
export function loadGauges(): Promise<Gauge[]> {
  gaugesPromise ??=
    import('../../../data/gauges/usgs-gauges-ozark-stream-tracker.geojson?raw').then((module) =>
      parseGauges(JSON.parse(module.default) as FeatureCollection),
    );
  return gaugesPromise;
}

/** A gauge for a waterway: `onWaterway` when it sits on a river of that name. */
export interface WaterwayGauge extends NearbyGauge {
  onWaterway: boolean;
}

/**
 * Gauges for a lake or river: Arkansas gauges on a river of that name (the gauge's name starts
 * with it, e.g. "Ouachita River near Mount Ida, AR" for "Ouachita River") and any gauge within
 * `maxMiles` of its representative point ([longitude, latitude]); nearest first, at most
 * `limit`. Gauges of the same river in another state are left out: an Arkansas angler cannot
 * read their water from a gauge in Tulsa.
 */
export function gaugesForWaterway(
  gauges: readonly Gauge[],
  waterway: { name: string; point: [number, number] },
  { limit = 4, maxMiles = 25 }: { limit?: number; maxMiles?: number } = {},
): WaterwayGauge[] {
  const prefix = `${waterway.name.toLowerCase()} `;
  return gauges
    .map((gauge) => ({
      gauge,
      miles: distance(waterway.point, gauge.point, { units: 'miles' }),
      onWaterway: gauge.state === 'AR' && gauge.name.toLowerCase().startsWith(prefix),
    }))
    .filter((near) => near.onWaterway || near.miles <= maxMiles)
    .sort((a, b) => a.miles - b.miles)
    .slice(0, limit);
}
