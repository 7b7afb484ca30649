/**
 * A small offline locator map of Arkansas drawn as SVG: the state outline (US Census via
 * us-atlas, data/basemap/arkansas-state.geojson), WMA points (approximate) and the rider's own
 * waypoints, projected with d3-geo. It needs no map download, so it works on first open without
 * signal. With `onPick`, a tap or click picks that spot (the forms beside it offer the same by
 * keyboard: a GPS fix, a WMA or typed coordinates).
 */
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { geoMercator, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';

const WIDTH = 400;
const HEIGHT = 360;

/** A point to draw: [longitude, latitude], a label, and its kind (sets shape and colour). */
export interface MapPoint {
  id: string;
  name: string;
  longitude: number;
  latitude: number;
  kind: 'wma' | 'wma-waterfowl' | 'rider' | 'picked' | 'gauge';
}

let outlinePromise: Promise<Feature<Polygon | MultiPolygon>> | null = null;

function loadOutline(): Promise<Feature<Polygon | MultiPolygon>> {
  outlinePromise ??= import('../../data/basemap/arkansas-state.geojson?raw').then(
    (module) =>
      (JSON.parse(module.default) as FeatureCollection).features[0] as Feature<
        Polygon | MultiPolygon
      >,
  );
  return outlinePromise;
}

/** Props: the points, the accessible description, and an optional pick handler (degrees). */
export interface LocatorMapProps {
  points: readonly MapPoint[];
  label: string;
  onPick?: (position: { latitude: number; longitude: number }) => void;
}

type Projection = ReturnType<typeof geoMercator>;

/** The Arkansas outline (loaded once) and the projection that fits it in the frame. */
function useOutlineProjection() {
  const [outline, setOutline] = useState<Feature<Polygon | MultiPolygon> | null>(null);
  useEffect(() => {
    let current = true;
    void loadOutline().then((feature) => {
      if (current) setOutline(feature);
    });
    return () => {
      current = false;
    };
  }, []);
  const projection = useMemo(
    () =>
      outline
        ? geoMercator().fitExtent(
            [
              [8, 8],
              [WIDTH - 8, HEIGHT - 8],
            ],
            outline,
          )
        : null,
    [outline],
  );
  const outlinePath = useMemo(
    () => (projection && outline ? (geoPath(projection)(outline) ?? '') : ''),
    [projection, outline],
  );
  return { projection, outlinePath: outline ? outlinePath : null };
}

/** One point: a pin for the rider's own marks, a dot for WMAs and gauges. */
function LocatorPoint({ point, projection }: { point: MapPoint; projection: Projection }) {
  const xy = projection([point.longitude, point.latitude]);
  if (!xy) return null;
  const [x, y] = xy;
  const className = `locator-map__point locator-map__point--${point.kind}`;
  if (point.kind === 'rider' || point.kind === 'picked') {
    return (
      <g className={className}>
        <title>{point.name}</title>
        <path d={`M${x} ${y} l-7 -14 a8 8 0 1 1 14 0 z`} />
      </g>
    );
  }
  return (
    <circle cx={x} cy={y} r={point.kind === 'gauge' ? 4 : 5} className={className}>
      <title>{point.name}</title>
    </circle>
  );
}

/** The legend: only the kinds of point the map shows, and what "approximate" means. */
function LocatorLegend({ points }: { points: readonly MapPoint[] }) {
  return (
    <figcaption className="locator-map__legend">
      <span>
        <span className="legend-dot legend-dot--wma-waterfowl" aria-hidden="true" /> WMA with
        waterfowl hunting
      </span>
      <span>
        <span className="legend-dot legend-dot--wma" aria-hidden="true" /> other WMA
      </span>
      {points.some((point) => point.kind === 'rider' || point.kind === 'picked') ? (
        <span>
          <span className="legend-dot legend-dot--rider" aria-hidden="true" /> your waypoints
        </span>
      ) : null}
      {points.some((point) => point.kind === 'gauge') ? (
        <span>
          <span className="legend-dot legend-dot--gauge" aria-hidden="true" /> USGS gauge
        </span>
      ) : null}
      <span>WMA dots are approximate (several km off); areas are far larger than a dot.</span>
    </figcaption>
  );
}

/** The locator map; shows nothing but its frame until the outline chunk has loaded. */
export function LocatorMap({ points, label, onPick }: LocatorMapProps) {
  const { projection, outlinePath } = useOutlineProjection();

  function pick(event: MouseEvent<SVGSVGElement>) {
    if (!onPick || !projection) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * WIDTH;
    const y = ((event.clientY - box.top) / box.height) * HEIGHT;
    const position = projection.invert?.([x, y]);
    if (!position) return;
    onPick({ longitude: position[0], latitude: position[1] });
  }

  return (
    <figure className="locator-map">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        onClick={onPick ? pick : undefined}
        className={onPick ? 'locator-map__svg locator-map__svg--pick' : 'locator-map__svg'}
      >
        {outlinePath !== null ? <path d={outlinePath} className="locator-map__state" /> : null}
        {projection
          ? points.map((point) => (
              <LocatorPoint key={point.id} point={point} projection={projection} />
            ))
          : null}
      </svg>
      <LocatorLegend points={points} />
    </figure>
  );
}
