/**
 * The rider's map style: trailheads coloured by difficulty with an activity icon,
 * the USFS OHV trail lines (`trail_lines`, drawn over a halo so they read on every
 * background), campgrounds, WMAs, lakes and rivers, county lines, the state outline, town and place labels,
 * in a light, a dark and a high-contrast variant that follow the app theme. Every archive
 * (statewide and each region on the device) is one vector source with the same layers; the
 * statewide layers show at every zoom (overzoomed past its z9 tiles) so the whole state stays
 * on screen offline, and region layers draw on top from z10 with their full detail. All paint
 * is opaque, so where both draw the same feature the picture does not change.
 *
 * Labels need no glyph server: the style has no `glyphs` URL, so MapLibre GL JS 6 draws every
 * label locally with the device's own sans-serif font (TinySDF). No network, no font files.
 *
 * An archive that carries the operator's road map (`basemap: 'protomaps'`) also gets the road
 * map's layers (basemap-style.ts), stacked over our land fills and under everything else of ours.
 */
import type {
  ExpressionSpecification,
  LayerSpecification,
  StyleSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import type { MapBasemap } from '../../schemas/map-catalog.ts';
import { basemapLayerGroups } from './basemap-style.ts';

/** The three looks of the map; see `mapVariantForTheme`. */
export type MapVariant = 'light' | 'dark' | 'high-contrast';

/** One archive in the style: MapLibre reads it through the pmtiles protocol at `url`. */
export interface StyleArchive {
  /** Region id (source id), e.g. "statewide", "ozarks". */
  id: string;
  /** `pmtiles://<key>` of a stored archive or `pmtiles://<absolute URL>` of the server's. */
  url: string;
  /** First zoom with tiles; the archive's layers start there. */
  minZoom: number;
  /** The road map inside the archive's tiles (region catalog), drawn when set. */
  basemap?: MapBasemap;
}

/** Activities with an icon (schemas/trails.ts `trailActivities`) plus "none" for no activity. */
export const iconActivities = [
  'atv',
  'utv',
  '4x4',
  'dirt_bike',
  'hiking',
  'biking',
  'horse',
  'paddling',
  'none',
] as const;

/** Name of the style image drawn for an activity (registered at runtime, no sprite download). */
export function activityImageName(activity: string): string {
  return `activity-${activity}`;
}

/**
 * How a trail line is coloured: by the widest vehicle class the Forest Service opens it to
 * (`vehicleClass` of the tiles, scripts/tiles/map-layers.ts): 4WD over 50 inches (full-size),
 * ATV (50 inches or less), motorcycle only, or not published.
 */
export const trailVehicleStyles = ['4wd', 'atv', 'motorcycle', 'unknown'] as const;
export type TrailVehicleStyle = (typeof trailVehicleStyles)[number];

/**
 * A trail line's status today: open or closed by its published season (src/lib/trail-season.ts)
 * or a report; every line not listed is drawn as unknown.
 */
export type TrailLineStatus = 'open' | 'closed';

/**
 * A trail's status from riders' reports that the map draws on its lines (src/lib/trail-reports/
 * trail-status.ts `currentTrailStatus`): Closed or Some issues. All clear is not drawn on the line
 * (its marker says it): an unconfirmed report must not paint a line as if a manager opened it.
 */
export type ReportedTrailLineStatus = 'closed' | 'some-issues';

/** Icons of the place layers (campgrounds, WMAs), registered at runtime like the activity icons. */
export const placeIcons = ['campground', 'wma'] as const;

/** Name of the style image drawn for a place layer. */
export function placeImageName(kind: (typeof placeIcons)[number]): string {
  return `place-${kind}`;
}

/** Layer kinds a rider can tap, and the layer-id prefix of each. */
export const tappableKinds = ['trail', 'campground', 'wma'] as const;
export type TappableKind = (typeof tappableKinds)[number];

// A trail is tapped on its trailhead or on its line; both open the same trail.
const tapLayerPrefixes: Record<TappableKind, readonly string[]> = {
  trail: ['trails-circle-', 'trail-lines-casing-'],
  campground: ['campgrounds-circle-'],
  wma: ['wmas-circle-'],
};

/** The tappable kind of a layer id of this style, or null. */
export function tappableKindOfLayer(layerId: string): TappableKind | null {
  return (
    tappableKinds.find((kind) =>
      tapLayerPrefixes[kind].some((prefix) => layerId.startsWith(prefix)),
    ) ?? null
  );
}

/** The colours of one map variant (`palettes`), shared by the style and the legend. */
export interface Palette {
  background: string;
  neighbours: string;
  land: string;
  county: string;
  stateLine: string;
  water: string;
  river: string;
  wma: string;
  campground: string;
  text: string;
  halo: string;
  haloWidth: number;
  pointStroke: string;
  strokeWidth: number;
  highlight: string;
  /** The rider's own tracks (recorded trips, imported GPX) drawn as overlays. */
  track: string;
  /** USFS trail lines (context lines of overlays). */
  trailLine: string;
  /** Trail lines by the widest vehicle class they are open to (see `trailVehicleStyles`). */
  vehicle: Record<TrailVehicleStyle, string>;
  /** Casing of a trail line that is closed today; riders' Closed reports (markers, lines). */
  closed: string;
  /** Riders' Some issues reports (markers, lines); the campground amber, which reads as caution. */
  someIssues: string;
  difficulty: { easy: string; moderate: string; hard: string; unknown: string };
  icon: string;
}

/** Colours of each variant; difficulty colours follow the usual green/blue/red trail grades. */
export const palettes: Record<MapVariant, Palette> = {
  light: {
    background: '#d8e2e8',
    neighbours: '#ecece4',
    land: '#f6f3ea',
    county: '#b8ae9c',
    stateLine: '#5b4e3a',
    water: '#9ccbee',
    river: '#5c9fd6',
    wma: '#0f766e',
    campground: '#a45a12',
    text: '#1f2933',
    halo: '#ffffff',
    haloWidth: 1.5,
    pointStroke: '#ffffff',
    strokeWidth: 1.5,
    highlight: '#7c3aed',
    track: '#0e7490',
    trailLine: '#c2410c',
    vehicle: { '4wd': '#7c2d12', atv: '#ea580c', motorcycle: '#be185d', unknown: '#57534e' },
    closed: '#dc2626',
    someIssues: '#a45a12',
    difficulty: { easy: '#15803d', moderate: '#1d4ed8', hard: '#b91c1c', unknown: '#6b7280' },
    icon: '#ffffff',
  },
  dark: {
    background: '#070b16',
    neighbours: '#111827',
    land: '#182236',
    county: '#3b4a66',
    stateLine: '#93a4c3',
    water: '#1d4f86',
    river: '#3b82c4',
    wma: '#2dd4bf',
    campground: '#f59e0b',
    text: '#e5ecf6',
    halo: '#070b16',
    haloWidth: 1.5,
    pointStroke: '#0b1020',
    strokeWidth: 1.5,
    highlight: '#f0abfc',
    track: '#a3e635',
    trailLine: '#fb923c',
    vehicle: { '4wd': '#fdba74', atv: '#fb923c', motorcycle: '#f472b6', unknown: '#d6d3d1' },
    closed: '#f87171',
    someIssues: '#f59e0b',
    difficulty: { easy: '#22c55e', moderate: '#60a5fa', hard: '#f87171', unknown: '#9ca3af' },
    icon: '#0b1020',
  },
  'high-contrast': {
    background: '#000000',
    neighbours: '#1c1c1c',
    land: '#000000',
    county: '#bdbdbd',
    stateLine: '#ffffff',
    water: '#0047ff',
    river: '#4da3ff',
    wma: '#ff4dff',
    campground: '#ffb000',
    text: '#ffffff',
    halo: '#000000',
    haloWidth: 2.5,
    pointStroke: '#ffffff',
    strokeWidth: 2.5,
    highlight: '#ffff00',
    track: '#00ffff',
    trailLine: '#ff8c00',
    vehicle: { '4wd': '#ffd000', atv: '#ff8c00', motorcycle: '#ff4dd2', unknown: '#ffffff' },
    closed: '#ff2020',
    someIssues: '#ffb000',
    difficulty: { easy: '#00ff5a', moderate: '#00c8ff', hard: '#ff4040', unknown: '#ffffff' },
    icon: '#000000',
  },
};

/** The MapLibre font stack: the device's own sans-serif, drawn locally (see file comment). */
export const labelFont = ['sans-serif'];

/** Circle colour of a trailhead by its `difficulty` property. */
function difficultyColor(palette: Palette): ExpressionSpecification {
  return [
    'match',
    ['get', 'difficulty'],
    'easy',
    palette.difficulty.easy,
    'moderate',
    palette.difficulty.moderate,
    'hard',
    palette.difficulty.hard,
    palette.difficulty.unknown,
  ];
}

/** Where an archive's layers read from: its source id and the zoom its tiles start at. */
interface LayerBase {
  source: string;
  minzoom: number;
}

/** The archive's layers grouped by kind, so buildMapStyle can stack each kind across archives. */
function layersForArchive(
  archive: StyleArchive,
  palette: Palette,
  highlightTrailId: string | null,
  status: ExpressionSpecification | string,
  reported: ExpressionSpecification | null,
): Record<string, LayerSpecification[]> {
  const base: LayerBase = { source: archive.id, minzoom: archive.minZoom };
  return {
    areas: areaLayers(base, palette),
    lines: [
      ...lineLayers(base, palette),
      ...trailLineLayers(base, palette, highlightTrailId, status),
      ...(reported ? reportedLineLayers(base, palette, reported) : []),
    ],
    points: pointLayers(base, palette, highlightTrailId),
    // MapLibre places the top layer's labels first: towns win over trail names over water.
    labels: [
      ...backgroundLabelLayers(base, palette),
      ...trailLineLabelLayers(base, palette),
      ...labelLayers(base, palette),
    ],
  };
}

/**
 * The expression giving each trail line's status ('open', 'closed' or 'unknown') from
 * `statuses` (trail id → status); a plain 'unknown' when nothing is known.
 */
export function trailLineStatusExpression(
  statuses: Readonly<Record<string, TrailLineStatus>>,
): ExpressionSpecification | string {
  const ids = (status: TrailLineStatus) =>
    Object.keys(statuses)
      .filter((id) => statuses[id] === status)
      .sort();
  const branches = (['closed', 'open'] as const).flatMap((status) =>
    ids(status).length > 0 ? [ids(status), status] : [],
  );
  if (branches.length === 0) return 'unknown';
  return ['match', ['get', 'id'], ...branches, 'unknown'] as unknown as ExpressionSpecification;
}

/**
 * The expression giving each trail line's status from riders' reports ('closed',
 * 'some-issues' or 'none') from `statuses` (trail id → status): a line takes the status of its
 * own trail or of its trail system (`systemId`, a report filed on the system's page), the worse
 * of the two. Null when no trail has a reported status, so the style has no reported layers.
 */
export function reportedTrailStatusExpression(
  statuses: Readonly<Record<string, ReportedTrailLineStatus>>,
): ExpressionSpecification | null {
  const ids = (status: ReportedTrailLineStatus) =>
    Object.keys(statuses)
      .filter((id) => statuses[id] === status)
      .sort();
  const named = (list: string[]): ExpressionSpecification => [
    'any',
    ['in', ['get', 'id'], ['literal', list]],
    ['in', ['coalesce', ['get', 'systemId'], ''], ['literal', list]],
  ];
  const branches = (['closed', 'some-issues'] as const).flatMap((status) =>
    ids(status).length > 0 ? [named(ids(status)), status] : [],
  );
  if (branches.length === 0) return null;
  return ['case', ...branches, 'none'] as unknown as ExpressionSpecification;
}

/** Layer id prefix of the lines drawn in a rider-reported status (tests query it). */
export const reportedTrailLineLayerPrefix = 'trail-lines-reported-';

/**
 * Trail lines with a rider-reported status (Closed, Some issues), over the published-status
 * lines: a chain of round dots in the status colour (the markers' colours) on a halo-coloured
 * line. Dots are a pattern no published style uses (those are solid or dashed), so a report
 * never reads as a manager's closure (short vehicle-coloured dashes on solid red) nor as an
 * unconfirmed season (long dashes, which are orange on ATV lines, close to Some issues' amber).
 */
function reportedLineLayers(
  base: LayerBase,
  palette: Palette,
  reported: ExpressionSpecification,
): LayerSpecification[] {
  const { source } = base;
  const filter: ExpressionSpecification = ['!=', reported, 'none'];
  return [
    {
      ...base,
      id: `${reportedTrailLineLayerPrefix}gaps-${source}`,
      type: 'line',
      'source-layer': 'trail_lines',
      filter,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': palette.halo, 'line-width': trailLineWidth(2) },
    },
    {
      ...base,
      id: `${reportedTrailLineLayerPrefix}${source}`,
      type: 'line',
      'source-layer': 'trail_lines',
      filter,
      // Zero-length dashes with round caps are dots one line width across.
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': ['match', reported, 'closed', palette.closed, palette.someIssues],
        'line-width': trailLineWidth(2),
        'line-dasharray': [0, 1.6],
      },
    },
  ];
}

/** Neighbouring states, Arkansas and lakes as fills. */
function areaLayers(base: LayerBase, palette: Palette): LayerSpecification[] {
  const { source } = base;
  return [
    {
      ...base,
      id: `neighbours-fill-${source}`,
      type: 'fill',
      'source-layer': 'neighbours',
      paint: { 'fill-color': palette.neighbours },
    },
    {
      ...base,
      id: `state-fill-${source}`,
      type: 'fill',
      'source-layer': 'state',
      paint: { 'fill-color': palette.land },
    },
    {
      ...base,
      id: `lakes-fill-${source}`,
      type: 'fill',
      'source-layer': 'lakes',
      paint: { 'fill-color': palette.water },
    },
  ];
}

/** County borders, rivers (major ones wider) and the state line. */
function lineLayers(base: LayerBase, palette: Palette): LayerSpecification[] {
  const { source } = base;
  return [
    {
      ...base,
      id: `counties-line-${source}`,
      type: 'line',
      'source-layer': 'counties',
      paint: {
        'line-color': palette.county,
        'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.5, 12, 1.5],
        'line-dasharray': [3, 2],
      },
    },
    {
      ...base,
      id: `rivers-line-${source}`,
      type: 'line',
      'source-layer': 'rivers',
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': palette.river,
        'line-width': [
          'interpolate',
          ['linear'],
          ['zoom'],
          5,
          ['case', ['==', ['get', 'major'], 1], 1.5, 0.6],
          12,
          ['case', ['==', ['get', 'major'], 1], 4, 2],
        ],
      },
    },
    {
      ...base,
      id: `state-line-${source}`,
      type: 'line',
      'source-layer': 'state',
      paint: { 'line-color': palette.stateLine, 'line-width': 2 },
    },
  ];
}

/** Line width (px) of the trail lines by zoom: visible statewide, finger-wide up close. */
function trailLineWidth(extra = 0): ExpressionSpecification {
  return ['interpolate', ['linear'], ['zoom'], 7, 1.5 + extra, 12, 3.5 + extra, 15, 5 + extra];
}

/** A trail line's colour by its `vehicleClass`. */
function vehicleColor(palette: Palette): ExpressionSpecification {
  return [
    'match',
    ['get', 'vehicleClass'],
    '4wd',
    palette.vehicle['4wd'],
    'atv',
    palette.vehicle.atv,
    'motorcycle',
    palette.vehicle.motorcycle,
    palette.vehicle.unknown,
  ];
}

/**
 * The trail lines themselves, one layer per status (line dash patterns cannot vary by
 * feature): open solid, status unknown in long dashes, closed in short dashes over a red
 * casing, all coloured by vehicle class.
 */
function statusLineLayers(
  base: LayerBase,
  palette: Palette,
  status: ExpressionSpecification | string,
): LayerSpecification[] {
  const { source } = base;
  const layout = { 'line-cap': 'butt', 'line-join': 'round' } as const;
  const withStatus = (value: TrailLineStatus | 'unknown'): ExpressionSpecification => [
    '==',
    status as ExpressionSpecification,
    value,
  ];
  return [
    {
      ...base,
      id: `trail-lines-closed-casing-${source}`,
      type: 'line',
      'source-layer': 'trail_lines',
      filter: withStatus('closed'),
      layout,
      paint: { 'line-color': palette.closed, 'line-width': trailLineWidth(2) },
    },
    {
      ...base,
      id: `trail-lines-${source}`,
      type: 'line',
      'source-layer': 'trail_lines',
      filter: withStatus('open'),
      layout: { ...layout, 'line-cap': 'round' },
      paint: { 'line-color': vehicleColor(palette), 'line-width': trailLineWidth() },
    },
    {
      ...base,
      id: `trail-lines-unknown-${source}`,
      type: 'line',
      'source-layer': 'trail_lines',
      filter: withStatus('unknown'),
      layout,
      paint: {
        'line-color': vehicleColor(palette),
        'line-width': trailLineWidth(),
        'line-dasharray': [3, 1],
      },
    },
    {
      ...base,
      id: `trail-lines-closed-${source}`,
      type: 'line',
      'source-layer': 'trail_lines',
      filter: withStatus('closed'),
      layout,
      paint: {
        'line-color': vehicleColor(palette),
        'line-width': trailLineWidth(),
        'line-dasharray': [1, 1.5],
      },
    },
  ];
}

/**
 * The USFS trail lines over a halo-coloured casing (which is also the tap target), and, on a
 * trail's page, a wide highlight under the trail's own line or every line of its system.
 */
function trailLineLayers(
  base: LayerBase,
  palette: Palette,
  highlightTrailId: string | null,
  status: ExpressionSpecification | string,
): LayerSpecification[] {
  const { source } = base;
  const layout = { 'line-cap': 'round', 'line-join': 'round' } as const;
  return [
    ...(highlightTrailId
      ? [
          {
            ...base,
            id: `trail-lines-highlight-${source}`,
            type: 'line',
            'source-layer': 'trail_lines',
            filter: [
              'any',
              ['==', ['get', 'id'], highlightTrailId],
              ['==', ['get', 'systemId'], highlightTrailId],
            ],
            layout,
            paint: {
              'line-color': palette.highlight,
              'line-opacity': 0.5,
              'line-width': ['interpolate', ['linear'], ['zoom'], 7, 8, 12, 14, 15, 18],
            },
          } satisfies LayerSpecification,
        ]
      : []),
    {
      ...base,
      id: `trail-lines-casing-${source}`,
      type: 'line',
      'source-layer': 'trail_lines',
      layout,
      paint: {
        'line-color': palette.halo,
        'line-width': trailLineWidth(palette.strokeWidth * 2),
      },
    },
    ...statusLineLayers(base, palette, status),
  ];
}

/**
 * Each trail line's Forest Service number ("WP8", "2344") along the line from z12, and its
 * short name (`label`: "Brock Creek #45", "Wolf Pen Gap 8") from z15, where lines are long
 * enough on screen to carry it. A label never crosses a tile edge, so shorter text places on
 * more lines.
 */
function trailLineLabelLayers(base: LayerBase, palette: Palette): LayerSpecification[] {
  return [
    {
      ...base,
      id: `trail-lines-label-${base.source}`,
      type: 'symbol',
      // Smoothed copies of the lines (scripts/tiles/map-layers.ts `trailLabelTolerance`).
      'source-layer': 'trail_line_labels',
      minzoom: Math.max(base.minzoom, 12),
      layout: {
        // One label at the middle of each line's piece in a tile: a short forest trail has no
        // room for repeats, and a long one gets a label in every tile it crosses.
        'symbol-placement': 'line-center',
        'text-max-angle': 60,
        // The trail number fits short lines; from z15 there is room for the name.
        'text-field': [
          'step',
          ['zoom'],
          ['coalesce', ['get', 'number'], ['get', 'label']],
          15,
          ['get', 'label'],
        ],
        'text-font': labelFont,
        'text-size': 12,
        'text-optional': true,
      },
      paint: {
        'text-color': palette.text,
        'text-halo-color': palette.halo,
        'text-halo-width': palette.haloWidth + 0.5,
      },
    },
  ];
}

/** WMAs, campgrounds, the highlighted trail's ring, trailheads by difficulty and activity icons. */
function pointLayers(
  base: LayerBase,
  palette: Palette,
  highlightTrailId: string | null,
): LayerSpecification[] {
  const { source, minzoom } = base;
  return [
    {
      ...base,
      id: `wmas-circle-${source}`,
      type: 'circle',
      'source-layer': 'wmas',
      paint: {
        'circle-color': palette.wma,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 3, 10, 9, 13, 12],
        'circle-stroke-color': palette.pointStroke,
        'circle-stroke-width': palette.strokeWidth,
      },
    },
    {
      ...base,
      id: `campgrounds-circle-${source}`,
      type: 'circle',
      'source-layer': 'campgrounds',
      minzoom: Math.max(minzoom, 6),
      paint: {
        'circle-color': palette.campground,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 6, 2.5, 10, 9, 13, 12],
        'circle-stroke-color': palette.pointStroke,
        'circle-stroke-width': palette.strokeWidth,
      },
    },
    ...(highlightTrailId
      ? [
          {
            ...base,
            id: `trails-highlight-${source}`,
            type: 'circle',
            'source-layer': 'trails',
            filter: ['==', ['get', 'id'], highlightTrailId],
            paint: {
              'circle-color': palette.highlight,
              'circle-opacity': 0.35,
              'circle-radius': 22,
              'circle-stroke-color': palette.highlight,
              'circle-stroke-width': 3,
            },
          } satisfies LayerSpecification,
        ]
      : []),
    {
      ...base,
      id: `trails-circle-${source}`,
      type: 'circle',
      'source-layer': 'trails',
      paint: {
        'circle-color': difficultyColor(palette),
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 4, 8, 9, 12, 12],
        'circle-stroke-color': palette.pointStroke,
        'circle-stroke-width': palette.strokeWidth,
      },
    },
    ...placeIconLayers(base),
    {
      ...base,
      id: `trails-icon-${source}`,
      type: 'symbol',
      'source-layer': 'trails',
      minzoom: Math.max(minzoom, 7),
      layout: {
        'icon-image': ['concat', 'activity-', ['get', 'activity']],
        'icon-size': ['interpolate', ['linear'], ['zoom'], 7, 0.55, 12, 0.8],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
  ];
}

/** Tent and tree icons inside the campground and WMA circles, from the zoom they fit in. */
function placeIconLayers(base: LayerBase): LayerSpecification[] {
  const layers: [(typeof placeIcons)[number], string][] = [
    ['wma', 'wmas'],
    ['campground', 'campgrounds'],
  ];
  return layers.map(([kind, sourceLayer]) => ({
    ...base,
    id: `${sourceLayer}-icon-${base.source}`,
    type: 'symbol',
    'source-layer': sourceLayer,
    minzoom: Math.max(base.minzoom, 9),
    layout: {
      'icon-image': placeImageName(kind),
      'icon-size': ['interpolate', ['linear'], ['zoom'], 9, 0.55, 13, 0.8],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  }));
}

/** Names of lakes, rivers and counties: the water in its own colour, counties muted. */
function backgroundLabelLayers(base: LayerBase, palette: Palette): LayerSpecification[] {
  const { source, minzoom } = base;
  const halo = { 'text-halo-color': palette.halo, 'text-halo-width': palette.haloWidth };
  return [
    {
      ...base,
      id: `county-labels-label-${source}`,
      type: 'symbol',
      'source-layer': 'county_labels',
      minzoom: Math.max(minzoom, 8),
      layout: {
        'text-font': labelFont,
        'text-field': ['get', 'name'],
        'text-size': 11,
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.12,
        'text-optional': true,
      },
      paint: { ...halo, 'text-color': palette.county },
    },
    {
      ...base,
      id: `lakes-label-${source}`,
      type: 'symbol',
      'source-layer': 'lakes',
      minzoom: Math.max(minzoom, 8),
      filter: ['!=', ['get', 'name'], ''],
      layout: { 'text-font': labelFont, 'text-field': ['get', 'name'], 'text-size': 12 },
      paint: { ...halo, 'text-color': palette.river },
    },
    {
      ...base,
      id: `rivers-label-${source}`,
      type: 'symbol',
      'source-layer': 'rivers',
      minzoom: Math.max(minzoom, 8),
      filter: ['!=', ['get', 'name'], ''],
      layout: {
        'symbol-placement': 'line',
        'text-font': labelFont,
        'text-field': ['get', 'name'],
        'text-size': 12,
        'symbol-spacing': 400,
      },
      paint: { ...halo, 'text-color': palette.river },
    },
  ];
}

/** Names of WMAs, campgrounds, trails and towns, each from the zoom where they stop crowding. */
function labelLayers(base: LayerBase, palette: Palette): LayerSpecification[] {
  const { source, minzoom } = base;
  const label = {
    'text-font': labelFont,
    'text-size': 12,
    'text-optional': true,
  } as const;
  const labelPaint = {
    'text-color': palette.text,
    'text-halo-color': palette.halo,
    'text-halo-width': palette.haloWidth,
  };
  return [
    {
      ...base,
      id: `wmas-label-${source}`,
      type: 'symbol',
      'source-layer': 'wmas',
      minzoom: Math.max(minzoom, 9),
      layout: {
        ...label,
        'text-field': ['get', 'name'],
        'text-offset': [0, 1.1],
        'text-anchor': 'top',
      },
      paint: { ...labelPaint, 'text-color': palette.wma },
    },
    {
      ...base,
      id: `campgrounds-label-${source}`,
      type: 'symbol',
      'source-layer': 'campgrounds',
      minzoom: Math.max(minzoom, 10),
      layout: {
        ...label,
        'text-field': ['get', 'name'],
        'text-offset': [0, 0.9],
        'text-anchor': 'top',
      },
      paint: labelPaint,
    },
    {
      ...base,
      id: `trails-label-${source}`,
      type: 'symbol',
      'source-layer': 'trails',
      minzoom: Math.max(minzoom, 8),
      layout: {
        ...label,
        'text-size': 13,
        'text-field': ['get', 'name'],
        'text-offset': [0, 1.3],
        'text-anchor': 'top',
        'text-max-width': 9,
      },
      paint: labelPaint,
    },
    townLabelLayer(base, label, labelPaint),
  ];
}

/**
 * Town names, each from its rank's zoom (scripts/tiles/map-layers.ts `townLabelMinZoom`),
 * larger towns placed first so a village never hides a city.
 */
function townLabelLayer(
  base: LayerBase,
  label: Record<string, unknown>,
  paint: Record<string, unknown>,
): LayerSpecification {
  return {
    ...base,
    id: `towns-label-${base.source}`,
    type: 'symbol',
    'source-layer': 'towns',
    filter: ['>=', ['zoom'], ['get', 'minZoom']],
    layout: {
      ...label,
      'symbol-sort-key': ['-', ['get', 'population']],
      'text-size': ['case', ['get', 'capital'], 16, ['>=', ['get', 'population'], 10_000], 14, 13],
      'text-field': ['get', 'name'],
      'text-transform': 'uppercase',
      'text-letter-spacing': 0.05,
    },
    paint,
  } as LayerSpecification;
}

/** Options of `buildMapStyle`. */
export interface MapStyleOptions {
  variant: MapVariant;
  /** Attribution of the archives' data; must include "© OpenStreetMap contributors". */
  attribution: string;
  /**
   * Trail whose trailhead gets a highlight ring and whose line (or, for a system, whose lines)
   * a highlight band (the trail on /map/{trailId}).
   */
  highlightTrailId?: string | null;
  /** Lines and points drawn from data over the archives (see `MapOverlay`). */
  overlay?: MapOverlay | null;
  /** Trail id → status today; lines not listed are drawn as status unknown. */
  trailLineStatuses?: Readonly<Record<string, TrailLineStatus>>;
  /**
   * Trail id → status from riders' reports (Closed, Some issues), drawn over the lines of that
   * trail or trail system (`reportedTrailStatusExpression`); trails not listed get no such line.
   */
  reportedTrailStatuses?: Readonly<Record<string, ReportedTrailLineStatus>>;
}

/**
 * Lines and points the page draws from its own data over the map, above every archive layer:
 * `lines` in the highlight colour (`emphasis` 'primary': a trail being drawn or reviewed, a
 * saved trail), the trail-line colour ('context': catalogue lines around it) or the track
 * colour over a halo ('track': the rider's own recorded trips and imported GPX tracks, a colour
 * no trail line uses, solid since dashes mean a trail line's status), `points` as
 * numbered-free dots (the positions tapped so far). Positions are [longitude, latitude].
 */
export interface MapOverlay {
  lines: readonly {
    id: string;
    path: readonly (readonly number[])[];
    emphasis: 'primary' | 'context' | 'track';
  }[];
  points: readonly (readonly number[])[];
  /**
   * Labelled places (a group ride's meeting place, its trail's point, riders' last positions,
   * USGS gauges and lakes), drawn as circles with their label beside them; the meeting place
   * larger; gauges in the track colour and lakes in the highlight colour, which no point of the
   * archives uses, so they stand out from trailheads and campgrounds; riders' trail reports in
   * their status's colour (closed, some issues, all clear).
   */
  markers?: readonly OverlayMarker[];
}

/** One labelled place of an overlay; `position` is [longitude, latitude]. */
export interface OverlayMarker {
  position: readonly number[];
  label: string;
  role:
    | 'meeting'
    | 'trail'
    | 'rider'
    | 'gauge'
    | 'lake'
    | 'report-all-clear'
    | 'report-some-issues'
    | 'report-closed';
}

/** The id of the overlay's GeoJSON source (and its layers' prefix). */
export const overlaySourceId = 'page-overlay';

/** The overlay as one GeoJSON FeatureCollection (lines need two positions to be drawn). */
function overlayData(overlay: MapOverlay) {
  return {
    type: 'FeatureCollection' as const,
    features: [
      ...overlay.lines
        .filter((line) => line.path.length >= 2)
        .map((line) => ({
          type: 'Feature' as const,
          properties: { id: line.id, emphasis: line.emphasis },
          geometry: {
            type: 'LineString' as const,
            coordinates: line.path.map((position) => [position[0]!, position[1]!]),
          },
        })),
      ...overlay.points.map((position, index) => ({
        type: 'Feature' as const,
        properties: { index, kind: 'vertex' },
        geometry: { type: 'Point' as const, coordinates: [position[0]!, position[1]!] },
      })),
      ...(overlay.markers ?? []).map((marker) => ({
        type: 'Feature' as const,
        properties: { kind: 'marker', label: marker.label, role: marker.role },
        geometry: {
          type: 'Point' as const,
          coordinates: [marker.position[0]!, marker.position[1]!],
        },
      })),
    ],
  };
}

/** Layer id of the rider's own tracks in the overlay (tests query it). */
export const overlayTrackLayerId = `${overlaySourceId}-track`;

/**
 * The overlay's layers: the rider's tracks over a halo, context lines, then primary lines over a
 * halo, then the points.
 */
function overlayLayers(palette: Palette): LayerSpecification[] {
  const layout = { 'line-cap': 'round', 'line-join': 'round' } as const;
  const lines: ExpressionSpecification = ['==', ['geometry-type'], 'LineString'];
  const isPrimary: ExpressionSpecification = ['==', ['get', 'emphasis'], 'primary'];
  const isTrack: ExpressionSpecification = ['==', ['get', 'emphasis'], 'track'];
  return [
    {
      id: `${overlayTrackLayerId}-casing`,
      type: 'line',
      source: overlaySourceId,
      filter: ['all', lines, isTrack],
      layout,
      paint: { 'line-color': palette.halo, 'line-width': 4 + 2 * palette.strokeWidth },
    },
    {
      id: overlayTrackLayerId,
      type: 'line',
      source: overlaySourceId,
      filter: ['all', lines, isTrack],
      layout,
      paint: { 'line-color': palette.track, 'line-width': 4 },
    },
    {
      id: `${overlaySourceId}-context`,
      type: 'line',
      source: overlaySourceId,
      filter: ['all', lines, ['==', ['get', 'emphasis'], 'context']],
      layout,
      paint: { 'line-color': palette.trailLine, 'line-width': 3 },
    },
    {
      id: `${overlaySourceId}-casing`,
      type: 'line',
      source: overlaySourceId,
      filter: ['all', lines, isPrimary],
      layout,
      paint: { 'line-color': palette.halo, 'line-width': 8 },
    },
    {
      id: `${overlaySourceId}-primary`,
      type: 'line',
      source: overlaySourceId,
      filter: ['all', lines, isPrimary],
      layout,
      paint: { 'line-color': palette.highlight, 'line-width': 5 },
    },
    {
      id: `${overlaySourceId}-points`,
      type: 'circle',
      source: overlaySourceId,
      filter: ['==', ['get', 'kind'], 'vertex'],
      paint: {
        'circle-radius': 6,
        'circle-color': palette.highlight,
        'circle-stroke-color': palette.pointStroke,
        'circle-stroke-width': palette.strokeWidth,
      },
    },
    ...markerLayers(palette),
  ];
}

/** The overlay's labelled places: a circle each (the meeting place larger) and its label. */
function markerLayers(palette: Palette): LayerSpecification[] {
  const isMarker: ExpressionSpecification = ['==', ['get', 'kind'], 'marker'];
  const isMeeting: ExpressionSpecification = ['==', ['get', 'role'], 'meeting'];
  const role = (name: OverlayMarker['role']): ExpressionSpecification => [
    '==',
    ['get', 'role'],
    name,
  ];
  return [
    {
      id: `${overlaySourceId}-markers`,
      type: 'circle',
      source: overlaySourceId,
      filter: isMarker,
      paint: {
        'circle-color': [
          'case',
          isMeeting,
          palette.highlight,
          role('gauge'),
          palette.track,
          role('lake'),
          palette.highlight,
          // Riders' trail reports by status: red closed, amber some issues, green all clear.
          role('report-closed'),
          palette.closed,
          role('report-some-issues'),
          palette.someIssues,
          role('report-all-clear'),
          palette.difficulty.easy,
          palette.trailLine,
        ],
        'circle-radius': ['case', isMeeting, 10, 7],
        'circle-stroke-color': palette.pointStroke,
        'circle-stroke-width': 2,
      },
    },
    {
      id: `${overlaySourceId}-marker-labels`,
      type: 'symbol',
      source: overlaySourceId,
      filter: isMarker,
      layout: {
        'text-field': ['get', 'label'],
        'text-font': labelFont,
        'text-size': 14,
        'text-offset': [0, 1.2],
        'text-anchor': 'top',
      },
      paint: {
        'text-color': palette.text,
        'text-halo-color': palette.halo,
        'text-halo-width': palette.haloWidth,
      },
    },
  ];
}

/**
 * The MapLibre style for `archives` (statewide first, then regions). Layers are grouped by kind
 * (areas, lines, points, labels) across archives so no region's fills cover another archive's
 * points. Pure: the same input gives the same style; tests validate it with the style spec.
 */
export function buildMapStyle(
  archives: readonly StyleArchive[],
  options: MapStyleOptions,
): StyleSpecification {
  const palette = palettes[options.variant];
  const status = trailLineStatusExpression(options.trailLineStatuses ?? {});
  const reported = reportedTrailStatusExpression(options.reportedTrailStatuses ?? {});
  const groups = archives.map((archive): Record<string, LayerSpecification[]> => ({
    ...layersForArchive(archive, palette, options.highlightTrailId ?? null, status, reported),
    ...basemapLayerGroups(archive, options.variant, palette, labelFont),
  }));
  // The road map lies on our land fills, under every line, point and label of ours.
  const kinds = ['areas', 'basemap', 'basemapLabels', 'lines', 'points', 'labels'] as const;
  return {
    version: 8,
    name: `Natural State Trails (${options.variant})`,
    sources: {
      ...Object.fromEntries(
        archives.map((archive) => [
          archive.id,
          { type: 'vector', url: archive.url, attribution: options.attribution } as const,
        ]),
      ),
      ...(options.overlay
        ? { [overlaySourceId]: { type: 'geojson', data: overlayData(options.overlay) } as const }
        : {}),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': palette.background } },
      ...kinds.flatMap((kind) => groups.flatMap((group) => group[kind] ?? [])),
      ...(options.overlay ? overlayLayers(palette) : []),
    ],
  };
}

/**
 * The map variant for a theme class on <body> (src/ui/themes.ts): "high-contrast" gets
 * the high-contrast map, light-scheme themes the light map, every other theme the dark map.
 */
export function mapVariantForTheme(
  themeId: string | null,
  colorScheme: 'light' | 'dark',
): MapVariant {
  if (themeId === 'high-contrast') return 'high-contrast';
  return colorScheme === 'light' ? 'light' : 'dark';
}
