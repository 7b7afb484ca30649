/**
 * The shipped USGS gauges and lakes on the app's offline map (src/map/map-view.tsx: the
 * statewide PMTiles map and any downloaded region, the same as every other map page), each a
 * labelled marker, with the same points listed beside it: each gauge with its latest level
 * (gauge-levels.tsx) and link, each lake with its county and coordinates. The list is the
 * keyboard and screen-reader way to the points and works when the map cannot draw.
 */
import { useMemo } from 'react';
import { useMapVariant } from '../map/map-hooks.ts';
import { palettes, type MapOverlay } from '../map/map-style.ts';
import { MapView } from '../map/map-view.tsx';
import { formatDecimalDegrees } from '../lib/outdoor/coordinates.ts';
import type { Gauge } from '../lib/hunting/gauges.ts';
import type { Waterway } from '../lib/outdoor/waterways.ts';
import { GaugeLevel, GaugeLink, useGaugeLevels } from './gauge-levels.tsx';

/** The whole state: the statewide map at the zoom the /map page opens with. */
const arkansasView = { center: [-92.4, 34.8] as [number, number], zoom: 6 };

/** A lake with the county of its point (null outside Arkansas). */
export interface MappedLake extends Waterway {
  county: string | null;
}

/** The gauges and lakes as labelled markers (coloured by role in map-style.ts). */
export function waterMapOverlay(gauges: readonly Gauge[], lakes: readonly Waterway[]): MapOverlay {
  return {
    lines: [],
    points: [],
    markers: [
      ...lakes.map((lake) => ({ position: lake.point, label: lake.name, role: 'lake' as const })),
      ...gauges.map((gauge) => ({
        position: gauge.point,
        label: gauge.name,
        role: 'gauge' as const,
      })),
    ],
  };
}

/** A dot in the colour the map draws a marker of `role` with (map-style.ts markerLayers). */
function MarkerKey({ color }: { color: string }) {
  return (
    <svg className="water-map__key" width="14" height="14" aria-hidden="true">
      <circle cx="7" cy="7" r="6" fill={color} stroke="currentColor" strokeWidth="1" />
    </svg>
  );
}

/** The map and, beside it on wide screens (below on phones), the list of its points. */
export function WaterMap({
  gauges,
  lakes,
}: {
  gauges: readonly Gauge[];
  lakes: readonly MappedLake[];
}) {
  const overlay = useMemo(() => waterMapOverlay(gauges, lakes), [gauges, lakes]);
  const { levels, now } = useGaugeLevels(gauges);
  const palette = palettes[useMapVariant()];
  return (
    <div className="water-map">
      <div className="water-map__map">
        <MapView
          initialView={arkansasView}
          label="Map of Arkansas with the USGS stream gauges and the lakes"
          overlay={overlay}
        />
      </div>
      <div
        className="water-map__list"
        role="region"
        aria-label="The gauges and lakes on the map"
        // Focusable so keyboard users can scroll the list where it is shorter than its content.
        tabIndex={0}
      >
        <h3>
          <MarkerKey color={palette.track} /> {`USGS stream gauges (${gauges.length})`}
        </h3>
        <ul className="water-map__items">
          {gauges.map((gauge) => (
            <li key={gauge.siteNumber}>
              <GaugeLink gauge={gauge} />
              <GaugeLevel level={levels.get(gauge.siteNumber)} now={now} />
            </li>
          ))}
        </ul>
        <h3>
          <MarkerKey color={palette.highlight} /> {`Lakes (${lakes.length})`}
        </h3>
        <ul className="water-map__items">
          {lakes.map((lake) => (
            <li key={`${lake.kind}-${lake.name}`}>
              <strong>{lake.name}</strong>
              <span className="safety-muted">
                {lake.kind === 'reservoir' ? 'Reservoir' : 'Lake'}
                {lake.county ? `, ${lake.county} County` : ''} ·{' '}
                {formatDecimalDegrees(lake.point[1], lake.point[0], 'approximate')}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
