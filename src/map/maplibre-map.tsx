/**
 * The MapLibre GL JS map itself: this module is the lazily loaded chunk that carries maplibre
 * (about 300 KB gzip), so nothing here is in the entry bundle (docs/architecture.md#maps). It
 * sets the worker URL explicitly (Vite `?worker&url`), registers the pmtiles protocol once,
 * serves stored archives through a pmtiles Source over their Blob (no network at all) and
 * server archives through HTTP range requests, draws the rider's style with activity icons
 * rendered locally from lucide, shows the rider's position with its accuracy circle and a
 * follow mode (GeolocateControl; under navigation, the page's own arrow and follow mode from
 * rider-position.ts instead), and reports taps on trails, campgrounds and WMAs.
 */
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { PMTiles, Protocol } from 'pmtiles';
import {
  Bike,
  CarFront,
  Circle,
  Footprints,
  Kayak,
  Motorbike,
  PawPrint,
  Tent,
  Tractor,
  Trees,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import type { MapBasemap } from '../../schemas/map-catalog.ts';
import { BlobSource } from './blob-source.ts';
import {
  activityImageName,
  buildMapStyle,
  iconActivities,
  palettes,
  placeIcons,
  placeImageName,
  tappableKindOfLayer,
  type MapOverlay,
  type MapVariant,
  type StyleArchive,
  type TappableKind,
  type ReportedTrailLineStatus,
  type TrailLineStatus,
} from './map-style.ts';
import {
  followRiderEvents,
  useRiderPosition,
  withRiderPosition,
  type RiderMapProps,
} from './rider-position.ts';

maplibregl.setWorkerUrl(workerUrl);
const protocol = new Protocol();
maplibregl.addProtocol('pmtiles', protocol.tile);

/** An archive to show: stored on the device (a Blob) or on the server (absolute URL). */
export type MapArchive = { id: string; minZoom: number; basemap?: MapBasemap } & (
  { kind: 'local'; key: string; blob: Blob } | { kind: 'remote'; url: string }
);

/** A tapped feature: its kind and the tile properties (id, name, …). */
export interface TappedFeature {
  kind: TappableKind;
  id: string;
  name: string;
  properties: Record<string, unknown>;
}

/** Centre [longitude, latitude] (degrees WGS84) and zoom of the map view. */
export interface MapViewState {
  center: [number, number];
  zoom: number;
}

/** Props of `MapLibreMap`; the rider's position and follow mode: `RiderMapProps`. */
export interface MapLibreMapProps extends RiderMapProps {
  archives: readonly MapArchive[];
  variant: MapVariant;
  attribution: string;
  initialView: MapViewState;
  highlightTrailId?: string | null;
  /** Accessible name of the map region. */
  label: string;
  onFeatureTap?: (feature: TappedFeature) => void;
  /** Lines and points drawn over the map from the page's data (memoise: a new one restyles). */
  overlay?: MapOverlay | null;
  /** Every tap's [longitude, latitude]; when set, taps add points instead of opening features. */
  onMapTap?: (position: [number, number]) => void;
  /** A long press (or a right click) at [longitude, latitude]: "report conditions here". */
  onLongPress?: (position: [number, number]) => void;
  onViewChange?: (view: MapViewState) => void;
  /** Called once, when the first full frame with all visible tiles is drawn (ms since mount). */
  onFirstRender?: (ms: number) => void;
  /** Trail id → today's status (src/map/trail-line-statuses.ts); memoise, a new one restyles. */
  trailLineStatuses?: Readonly<Record<string, TrailLineStatus>>;
  /** Trail id → status from riders' reports (Closed, Some issues); memoise, a new one restyles. */
  reportedTrailStatuses?: Readonly<Record<string, ReportedTrailLineStatus>>;
}

const activityIcons: Record<(typeof iconActivities)[number], LucideIcon> = {
  atv: Tractor,
  utv: CarFront,
  '4x4': Truck,
  dirt_bike: Motorbike,
  hiking: Footprints,
  biking: Bike,
  horse: PawPrint,
  paddling: Kayak,
  none: Circle,
};

const placeIconImages: Record<(typeof placeIcons)[number], LucideIcon> = {
  campground: Tent,
  wma: Trees,
};

/** Icon bitmaps are drawn at twice their display size for sharp screens. */
const iconPixels = 40;

type IconImage = { width: number; height: number; data: Uint8ClampedArray };
const iconCache = new Map<string, Promise<Map<string, IconImage>>>();

/** Renders a lucide icon to an SVG string (no React tree stays mounted). */
function iconSvg(Icon: LucideIcon, color: string): string {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(<Icon size={iconPixels} color={color} strokeWidth={2.5} />));
  const svg = container.innerHTML;
  root.unmount();
  return svg;
}

/**
 * Bitmaps of every activity and place icon in `color`, made once per colour, offline (data:
 * URLs).
 */
function activityImages(color: string): Promise<Map<string, IconImage>> {
  let images = iconCache.get(color);
  if (!images) {
    images = (async () => {
      // Out of the effect that asked: React cannot flush a render while it commits one.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const result = new Map<string, IconImage>();
      const icons: [string, LucideIcon][] = [
        ...iconActivities.map((activity) => [activityImageName(activity), activityIcons[activity]]),
        ...placeIcons.map((kind) => [placeImageName(kind), placeIconImages[kind]]),
      ] as [string, LucideIcon][];
      for (const [name, icon] of icons) {
        const image = new Image(iconPixels, iconPixels);
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(iconSvg(icon, color))}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = iconPixels;
        canvas.height = iconPixels;
        const context = canvas.getContext('2d');
        if (!context) continue;
        context.drawImage(image, 0, 0, iconPixels, iconPixels);
        const { data } = context.getImageData(0, 0, iconPixels, iconPixels);
        result.set(name, { width: iconPixels, height: iconPixels, data });
      }
      return result;
    })();
    iconCache.set(color, images);
  }
  return images;
}

/** Registers stored archives with the pmtiles protocol and returns the style's archive list. */
function styleArchives(archives: readonly MapArchive[]): StyleArchive[] {
  return archives.map((archive) => {
    const base = { id: archive.id, minZoom: archive.minZoom, basemap: archive.basemap ?? null };
    if (archive.kind === 'local') {
      if (!protocol.get(archive.key))
        protocol.add(new PMTiles(new BlobSource(archive.blob, archive.key)));
      return { ...base, url: `pmtiles://${archive.key}` };
    }
    return { ...base, url: `pmtiles://${archive.url}` };
  });
}

/** Touch-sized hit box (px) around a tap. */
const tapSlop = 14;
const tapOrder: TappableKind[] = ['trail', 'campground', 'wma'];

/**
 * Keeps the compact attribution ("i" button) closed until the rider opens it. MapLibre opens a
 * compact attribution whenever its text first arrives, and on a phone the open box covers a
 * third of a trail map; the credit stays one tap away. Once the rider has toggled it, their
 * choice stands.
 */
function keepAttributionCollapsed(map: maplibregl.Map) {
  let riderToggled = false;
  const element = () =>
    map.getContainer().querySelector<HTMLElement>('.maplibregl-ctrl-attrib.maplibregl-compact');
  const collapse = () => {
    if (!riderToggled) element()?.classList.remove('maplibregl-compact-show');
  };
  map
    .getContainer()
    .querySelector('.maplibregl-ctrl-attrib-button')
    ?.addEventListener('click', () => {
      riderToggled = true;
    });
  // Registered after the control's own listeners, so these run after it has reopened the box.
  map.on('styledata', collapse);
  map.on('sourcedata', collapse);
  map.on('resize', collapse);
  collapse();
}

/**
 * Zoom and compass, locate-me, an imperial scale bar and the collapsed attribution. A map that
 * shows the rider from the page's own fixes (`locate` false: navigation) has no locate-me: it
 * would start a second GPS watch and draw a second position.
 */
function addMapControls(map: maplibregl.Map, locate = true) {
  map.addControl(new maplibregl.NavigationControl({ visualizePitch: false }), 'top-right');
  if (locate) {
    map.addControl(
      new maplibregl.GeolocateControl({
        positionOptions: { enableHighAccuracy: true },
        trackUserLocation: true,
        showAccuracyCircle: true,
        showUserLocation: true,
      }),
      'top-right',
    );
  }
  map.addControl(new maplibregl.ScaleControl({ unit: 'imperial' }), 'bottom-left');
  map.addControl(new maplibregl.AttributionControl({ compact: true }), 'bottom-right');
  keepAttributionCollapsed(map);
}

/** Ids of the style's layers a rider can tap (trails, campgrounds, WMAs). */
function tappableLayers(map: maplibregl.Map): string[] {
  return map
    .getStyle()
    .layers.map((layer) => layer.id)
    .filter((id) => tappableKindOfLayer(id) !== null);
}

/**
 * The feature under a tap at `point` (screen px), searched in a touch-sized box and preferring
 * trails over campgrounds over WMAs; null when there is none.
 */
function featureAtTap(map: maplibregl.Map, point: maplibregl.Point): TappedFeature | null {
  const layers = tappableLayers(map);
  if (layers.length === 0) return null;
  const { x, y } = point;
  const found = map.queryRenderedFeatures(
    [
      [x - tapSlop, y - tapSlop],
      [x + tapSlop, y + tapSlop],
    ],
    { layers },
  );
  const best = tapOrder
    .map((kind) => found.find((feature) => tappableKindOfLayer(feature.layer.id) === kind))
    .find((feature) => feature !== undefined);
  if (!best) return null;
  const properties = best.properties as Record<string, unknown>;
  return {
    kind: tappableKindOfLayer(best.layer.id)!,
    id: String(properties.id ?? ''),
    name: String(properties.name ?? ''),
    properties,
  };
}

/** How long a finger must rest on the map for a long press, ms. */
const longPressMs = 600;

/**
 * Calls `onLongPress` for a finger held still on the map for `longPressMs` (one finger; a move,
 * a second finger or lifting it cancels) and for a right click (`contextmenu`, which desktop
 * browsers and Android send).
 */
function followLongPress(map: maplibregl.Map, callbacks: { readonly current: MapLibreMapProps }) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firedAt = 0;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const fire = (lngLat: maplibregl.LngLat) => {
    firedAt = Date.now();
    callbacks.current.onLongPress?.([lngLat.lng, lngLat.lat]);
  };
  map.on('touchstart', (event) => {
    cancel();
    if (!callbacks.current.onLongPress || event.originalEvent.touches.length !== 1) return;
    timer = setTimeout(() => {
      timer = null;
      fire(event.lngLat);
    }, longPressMs);
  });
  map.on('touchmove', cancel);
  map.on('touchend', cancel);
  map.on('touchcancel', cancel);
  map.on('movestart', cancel);
  map.on('contextmenu', (event) => {
    // Android sends contextmenu after our own long press: one report dialog, not two.
    if (!callbacks.current.onLongPress || Date.now() - firedAt < 1000) return;
    event.preventDefault();
    fire(event.lngLat);
  });
}

/**
 * Wires the map's events to the latest props: the first complete frame since `started`
 * (performance.now() ms before the map was created; also written to the
 * container's data attributes for the map benchmark), camera moves, taps on features, a
 * pointer cursor over them, and errors (logged: a broken stored archive must never break the
 * map).
 */
function followMapEvents(
  map: maplibregl.Map,
  container: HTMLDivElement,
  callbacks: { readonly current: MapLibreMapProps },
  started: number,
) {
  let firstRenderReported = false;
  map.on('idle', () => {
    if (firstRenderReported || map.getStyle().layers.length <= 1) return;
    firstRenderReported = true;
    const ms = performance.now() - started;
    container.dataset.mapReady = 'true';
    // Read by the map benchmark (tests/bench/maps.ts): time to the first complete frame.
    container.dataset.firstRenderMs = ms.toFixed(0);
    callbacks.current.onFirstRender?.(ms);
  });
  map.on('moveend', () => {
    const center = map.getCenter();
    callbacks.current.onViewChange?.({ center: [center.lng, center.lat], zoom: map.getZoom() });
  });
  map.on('click', (event) => {
    if (callbacks.current.onMapTap) {
      callbacks.current.onMapTap([event.lngLat.lng, event.lngLat.lat]);
      return;
    }
    const feature = featureAtTap(map, event.point);
    if (feature) callbacks.current.onFeatureTap?.(feature);
  });
  followLongPress(map, callbacks);
  map.on('mousemove', (event) => {
    const layers = tappableLayers(map);
    const hit = layers.length > 0 && map.queryRenderedFeatures(event.point, { layers }).length > 0;
    map.getCanvas().style.cursor = hit ? 'pointer' : '';
  });
  map.on('error', (event) => {
    console.warn('Map error', event.error);
  });
}

/**
 * Applies the style (archives, theme variant, attribution, highlighted trail, overlay) in place with
 * the activity icons in the variant's colour, whenever one of them changes.
 */
function useMapStyle(
  mapRef: { readonly current: maplibregl.Map | null },
  {
    archives,
    variant,
    attribution,
    highlightTrailId,
    overlay,
    trailLineStatuses,
    reportedTrailStatuses,
  }: MapLibreMapProps,
) {
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    let cancelled = false;
    void activityImages(palettes[variant].icon).then((images) => {
      if (cancelled) return;
      const addImages = () => {
        for (const [name, image] of images) {
          try {
            if (!map.hasImage(name)) map.addImage(name, image, { pixelRatio: 2 });
          } catch {
            // The style is still loading: the style.load listener adds it.
          }
        }
      };
      map.setStyle(
        buildMapStyle(styleArchives(archives), {
          variant,
          attribution,
          highlightTrailId: highlightTrailId ?? null,
          overlay: overlay ?? null,
          trailLineStatuses: trailLineStatuses ?? {},
          reportedTrailStatuses: reportedTrailStatuses ?? {},
        }),
        { diff: true },
      );
      addImages();
      map.once('style.load', addImages);
    });
    return () => {
      cancelled = true;
    };
  }, [
    mapRef,
    archives,
    variant,
    attribution,
    highlightTrailId,
    overlay,
    trailLineStatuses,
    reportedTrailStatuses,
  ]);
}

/**
 * The map's container (`.map-canvas`) with the map on it, so the browser tests can ask the map
 * what it drew (queryRenderedFeatures, the style's layer order) as a rider sees it.
 */
export type MapContainerElement = HTMLDivElement & { maplibreMap?: maplibregl.Map };

/**
 * The map. Style changes (archives, theme variant, highlighted trail) are applied in place;
 * the camera is only set from `initialView` when the map is created.
 */
export function MapLibreMap(props: MapLibreMapProps) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const initialView = useRef(props.initialView);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const started = performance.now();
    const map = new maplibregl.Map({
      container,
      style: { version: 8, sources: {}, layers: [] },
      center: initialView.current.center,
      zoom: initialView.current.zoom,
      maxZoom: 16,
      minZoom: 4,
      attributionControl: false,
      cooperativeGestures: false,
      // On a map that shows the rider, every style the page gives keeps the rider on top.
      ...(callbacks.current.riderPosition !== undefined
        ? {
            transformStyle: (_previous: unknown, next: maplibregl.StyleSpecification) =>
              withRiderPosition(next, callbacks.current.riderPosition),
          }
        : {}),
    });
    mapRef.current = map;
    (container as MapContainerElement).maplibreMap = map;
    addMapControls(map, callbacks.current.riderPosition === undefined);
    followMapEvents(map, container, callbacks, started);
    followRiderEvents(map, container, callbacks);
    return () => {
      mapRef.current = null;
      map.remove();
    };
  }, []);

  useMapStyle(mapRef, props);
  useRiderPosition(mapRef, props);

  return (
    <div
      ref={containerRef}
      className="map-canvas"
      role="region"
      aria-label={props.label}
      data-map-variant={props.variant}
    />
  );
}
