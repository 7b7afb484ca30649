/**
 * The rider on the navigation map: their position as an arrow along the direction of travel
 * (a dot while the direction is unknown), drawn above every layer of the page's style, and the
 * follow mode that keeps the camera on them until they pan or zoom the map by hand.
 *
 * - The source and layers join every style the map is given (`withRiderPosition`, the map's
 *   `transformStyle`), so restyles (theme, archives, overlay) never drop them; each fix then only
 *   replaces the source's data.
 * - The arrow is a bitmap drawn on a canvas when MapLibre first asks for it
 *   (`styleimagemissing`): no sprite, no network.
 * - A camera move with an `originalEvent` (drag, pinch, wheel, double tap, keyboard) is the rider's
 *   hand: it pauses follow. Moves the code makes carry none, and the zoom buttons (which zoom
 *   about the centre, where the rider is) keep follow on: the rider's chosen zoom is kept.
 * - For the browser tests the map container says what is drawn (`data-rider-drawn`: arrow, dot
 *   or none, from queryRenderedFeatures) and whether the rider is in the middle of the map
 *   (`data-rider-centred`), each time the map settles or a move ends.
 *
 * Nothing here imports maplibre at run time, so pages and unit tests may import this module.
 */
import { useEffect } from 'react';
import type { GeoJSONSource, Map as MapLibre } from 'maplibre-gl';
import type { LayerSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';

/** The rider's [longitude, latitude] and direction of travel (degrees from true north). */
export interface RiderPosition {
  position: [number, number];
  headingDegrees: number | null;
}

/** The map props of this module (see MapLibreMapProps). */
export interface RiderMapProps {
  /** Shows the rider (null: not located yet); absent on maps that do not show the rider. */
  riderPosition?: RiderPosition | null;
  /** Keeps the camera centred on the rider while true. */
  follow?: boolean;
  /** Called when the rider moves the map by hand while following. */
  onFollowPaused?: () => void;
}

/** Id of the rider's GeoJSON source. */
export const riderSourceId = 'rider-position';
/** Ids of the rider's layers: the dot (direction unknown) and the arrow. */
export const riderLayerIds = { dot: 'rider-position-dot', arrow: 'rider-position-arrow' } as const;
/** Name of the arrow's style image (registered at run time). */
export const riderArrowImage = 'rider-arrow';

/** The rider's colours: a blue that reads on the light, dark and high-contrast maps, a white rim. */
export const riderColors = { fill: '#1a73e8', rim: '#ffffff' } as const;

/** The rider as GeoJSON: one point with its `heading` when known; no feature before a fix. */
export function riderPositionData(rider: RiderPosition | null) {
  return {
    type: 'FeatureCollection' as const,
    features: rider
      ? [
          {
            type: 'Feature' as const,
            properties: rider.headingDegrees === null ? {} : { heading: rider.headingDegrees },
            geometry: { type: 'Point' as const, coordinates: [...rider.position] },
          },
        ]
      : [],
  };
}

/** The dot (no heading) and the arrow rotated to the heading on the map (north stays north). */
export function riderLayers(): LayerSpecification[] {
  return [
    {
      id: riderLayerIds.dot,
      type: 'circle',
      source: riderSourceId,
      filter: ['!', ['has', 'heading']],
      paint: {
        'circle-radius': 9,
        'circle-color': riderColors.fill,
        'circle-stroke-color': riderColors.rim,
        'circle-stroke-width': 3,
      },
    },
    {
      id: riderLayerIds.arrow,
      type: 'symbol',
      source: riderSourceId,
      filter: ['has', 'heading'],
      layout: {
        'icon-image': riderArrowImage,
        'icon-rotate': ['get', 'heading'],
        'icon-rotation-alignment': 'map',
        'icon-pitch-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
  ];
}

/**
 * `style` with the rider's source (holding `rider`) and layers last, above everything. Unchanged
 * when the map shows no rider (`rider` undefined) and for the empty style a map starts with, so
 * the map is not counted as drawn (data-map-ready) before the page's style arrives.
 */
export function withRiderPosition(
  style: StyleSpecification,
  rider: RiderPosition | null | undefined,
): StyleSpecification {
  if (rider === undefined || style.layers.length === 0) return style;
  return {
    ...style,
    sources: {
      ...style.sources,
      [riderSourceId]: { type: 'geojson', data: riderPositionData(rider) },
    },
    layers: [
      ...style.layers.filter((layer) => !layer.id.startsWith(riderSourceId)),
      ...riderLayers(),
    ],
  };
}

/** Bitmap side (px) of the arrow, drawn at twice its display size for sharp screens. */
const arrowPixels = 64;

/** The arrow (pointing up, north) as an RGBA bitmap; null where the canvas cannot draw. */
export function drawRiderArrow(): {
  width: number;
  height: number;
  data: Uint8ClampedArray;
} | null {
  const canvas = document.createElement('canvas');
  canvas.width = arrowPixels;
  canvas.height = arrowPixels;
  const context = canvas.getContext('2d');
  if (!context) return null;
  const size = arrowPixels;
  context.beginPath();
  context.moveTo(size * 0.5, size * 0.08);
  context.lineTo(size * 0.84, size * 0.86);
  context.lineTo(size * 0.5, size * 0.68);
  context.lineTo(size * 0.16, size * 0.86);
  context.closePath();
  context.lineJoin = 'round';
  context.shadowColor = 'rgba(0, 0, 0, 0.45)';
  context.shadowBlur = 4;
  context.lineWidth = 7;
  context.strokeStyle = riderColors.rim;
  context.stroke();
  context.shadowColor = 'transparent';
  context.fillStyle = riderColors.fill;
  context.fill();
  const { data } = context.getImageData(0, 0, size, size);
  return { width: size, height: size, data };
}

/**
 * Maps the rider has just moved by hand. The page hears of the pause (`onFollowPaused`) and
 * turns `follow` off one render later; a fix arriving in between must not pull the camera
 * back to the rider, so the pause holds from the hand move itself until `follow` is off.
 */
const pausedByHand = new WeakMap<MapLibre, boolean>();

/** Distance (px) from the map's middle within which the rider counts as centred. */
const centredPixels = 24;

/** Writes what the map shows of the rider into the container's data attributes (file comment). */
function markRider(map: MapLibre, container: HTMLElement, rider: RiderPosition | null): void {
  const layers = Object.values(riderLayerIds).filter((id) => map.getLayer(id));
  if (layers.length === 0) return;
  const drawn = map.queryRenderedFeatures({ layers });
  const arrow = drawn.some((feature) => feature.layer.id === riderLayerIds.arrow);
  container.dataset.riderDrawn = arrow ? 'arrow' : drawn.length > 0 ? 'dot' : 'none';
  if (!rider) {
    delete container.dataset.riderCentred;
    return;
  }
  const at = map.project(rider.position);
  const canvas = map.getCanvas();
  const middle = { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 };
  container.dataset.riderCentred = String(
    Math.hypot(at.x - middle.x, at.y - middle.y) <= centredPixels,
  );
}

/**
 * Wires the map's events for the rider (see the file comment): the arrow image on demand,
 * follow paused by a hand move, and the container's data attributes when the map settles.
 */
export function followRiderEvents(
  map: MapLibre,
  container: HTMLElement,
  callbacks: { readonly current: RiderMapProps },
): void {
  map.on('styleimagemissing', (event) => {
    if (event.id !== riderArrowImage || map.hasImage(riderArrowImage)) return;
    const image = drawRiderArrow();
    if (image) map.addImage(riderArrowImage, image, { pixelRatio: 2 });
  });
  const pauseOnHandMove = (event: { originalEvent?: unknown }) => {
    const { follow, onFollowPaused } = callbacks.current;
    if (!follow || !event.originalEvent) return;
    const target = (event.originalEvent as Event).target;
    const controls = map.getContainer().querySelector('.maplibregl-control-container');
    if (target instanceof Node && controls?.contains(target)) return;
    pausedByHand.set(map, true);
    onFollowPaused?.();
  };
  map.on('movestart', pauseOnHandMove);
  map.on('dragstart', pauseOnHandMove);
  map.on('zoomstart', pauseOnHandMove);
  map.on('rotatestart', pauseOnHandMove);
  map.on('pitchstart', pauseOnHandMove);
  const mark = () => {
    const { riderPosition } = callbacks.current;
    if (riderPosition !== undefined) markRider(map, container, riderPosition);
  };
  // On idle (everything drawn) and at the end of every move (a map still loading tiles offline
  // may not go idle for a while).
  map.on('idle', mark);
  map.on('moveend', mark);
}

/** Gives the rider's source each new position and, while following, centres the camera on it. */
export function useRiderPosition(
  mapRef: { readonly current: MapLibre | null },
  { riderPosition, follow = false }: RiderMapProps,
): void {
  const shown = riderPosition !== undefined;
  const longitude = riderPosition?.position[0];
  const latitude = riderPosition?.position[1];
  const heading = riderPosition?.headingDegrees ?? null;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !shown) return;
    const rider =
      longitude === undefined || latitude === undefined
        ? null
        : { position: [longitude, latitude] as [number, number], headingDegrees: heading };
    // Before the page's style arrives there is no source: that style brings the position.
    void map.getSource<GeoJSONSource>(riderSourceId)?.setData(riderPositionData(rider));
  }, [mapRef, shown, longitude, latitude, heading]);
  useEffect(() => {
    const map = mapRef.current;
    // `follow` off: the page has taken the pause; following again starts afresh.
    if (map && !follow) pausedByHand.delete(map);
  }, [mapRef, follow]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !follow || pausedByHand.get(map)) return;
    if (longitude === undefined || latitude === undefined) return;
    const center: [number, number] = [longitude, latitude];
    // Glide between fixes; jump when the rider is off screen (the first fix, a resume far away)
    // or when fixes come faster than a glide, so the camera never lags behind the rider.
    if (map.getBounds().contains(center) && !map.isMoving()) map.easeTo({ center, duration: 600 });
    else map.jumpTo({ center });
  }, [mapRef, follow, longitude, latitude]);
}
