/**
 * The operator's road map in the rider's style: when a region archive carries a Protomaps-schema
 * basemap (the catalog's `basemap: 'protomaps'`; the server concatenated its tiles into ours),
 * its roads, places, water and land use are drawn with the layers of `@protomaps/basemaps`,
 * reading the same vector source as our layers. The package's layers are adapted to this app:
 *
 * - no glyph server and no sprite: every `text-font` (layouts and `format` sections) becomes the
 *   device's own sans-serif that MapLibre draws locally (see map-style.ts), and icons, which
 *   need the package's sprite sheet, are dropped (road shields and one-way arrows with them);
 * - no background and no `earth` fill: our own land fills (Arkansas and its neighbours) stay, so
 *   the state line still reads, and the road map draws over them;
 * - colours for each of our three variants: the package's light, dark and black flavours for
 *   land use, with roads, water and labels set to contrast with our land colours (roads grey on
 *   the light map, pale on the dark one, white on black in high contrast) and distinct from the
 *   orange trail lines, which map-style.ts draws above the whole road map.
 */
import { layers as protomapsLayers, namedFlavor, type Flavor } from '@protomaps/basemaps';
import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { MapBasemap } from '../../schemas/map-catalog.ts';

/** The look of the map (map-style.ts `MapVariant`). */
type Variant = 'light' | 'dark' | 'high-contrast';

/** The colours of our own style the road map must match (map-style.ts `palettes`). */
export interface BasemapPalette {
  water: string;
  text: string;
  halo: string;
  /** Label halo width in px (wider in high contrast). */
  haloWidth: number;
}

/** An archive of the style, with the basemap its tiles carry (null or absent: none). */
export interface BasemapArchive {
  id: string;
  minZoom: number;
  basemap?: MapBasemap | null;
}

/** The road map's layers of one archive: shapes (under our lines) and labels. */
export interface BasemapLayerGroups {
  basemap: LayerSpecification[];
  basemapLabels: LayerSpecification[];
}

/** Prefix of every road-map layer id (`basemap-<package layer id>-<source>`). */
export const basemapLayerPrefix = 'basemap-';

/**
 * Road and label colours of one variant: highways, major and minor roads reach at least 3:1
 * contrast with our land colour (WCAG's figure for graphics), lesser ways (tracks, service
 * roads) stay quieter; tests/unit/map/basemap-style.test.ts checks it.
 */
interface RoadColours {
  highway: string;
  major: string;
  minor: string;
  other: string;
  casing: string;
  tunnel: string;
  rail: string;
  label: string;
}

const roadColours: Record<Variant, RoadColours> = {
  light: {
    highway: '#5f6670',
    major: '#6f7680',
    minor: '#868d96',
    other: '#a3a9b0',
    casing: '#ffffff',
    tunnel: '#c4c8ce',
    rail: '#6b7280',
    label: '#4b5563',
  },
  dark: {
    highway: '#b4bfd1',
    major: '#95a1b6',
    minor: '#6f7c93',
    other: '#56627a',
    casing: '#070b16',
    tunnel: '#3a4558',
    rail: '#8793a8',
    label: '#c7d0de',
  },
  'high-contrast': {
    highway: '#ffffff',
    major: '#ffffff',
    minor: '#d9d9d9',
    other: '#a6a6a6',
    casing: '#000000',
    tunnel: '#808080',
    rail: '#bfbfbf',
    label: '#ffffff',
  },
};

/** The package flavour each variant starts from (land use, parks, woods). */
const baseFlavor: Record<Variant, string> = {
  light: 'light',
  dark: 'dark',
  'high-contrast': 'black',
};

/** The package flavour for `variant`, with roads, water and labels in our colours. */
export function basemapFlavor(variant: Variant, palette: BasemapPalette): Flavor {
  const road = roadColours[variant];
  return {
    ...namedFlavor(baseFlavor[variant]),
    water: palette.water,
    highway: road.highway,
    bridges_highway: road.highway,
    major: road.major,
    bridges_major: road.major,
    link: road.major,
    bridges_link: road.major,
    minor_a: road.minor,
    minor_b: road.minor,
    bridges_minor: road.minor,
    minor_service: road.other,
    other: road.other,
    bridges_other: road.other,
    pier: road.other,
    highway_casing_early: road.casing,
    highway_casing_late: road.casing,
    major_casing_early: road.casing,
    major_casing_late: road.casing,
    link_casing: road.casing,
    minor_casing: road.casing,
    minor_service_casing: road.casing,
    bridges_highway_casing: road.casing,
    bridges_major_casing: road.casing,
    bridges_link_casing: road.casing,
    bridges_minor_casing: road.casing,
    bridges_other_casing: road.casing,
    tunnel_highway: road.tunnel,
    tunnel_major: road.tunnel,
    tunnel_link: road.tunnel,
    tunnel_minor: road.tunnel,
    tunnel_other: road.tunnel,
    railway: road.rail,
    roads_label_major: road.label,
    roads_label_minor: road.label,
    roads_label_major_halo: palette.halo,
    roads_label_minor_halo: palette.halo,
    city_label: palette.text,
    city_label_halo: palette.halo,
    subplace_label: palette.text,
    subplace_label_halo: palette.halo,
    state_label: palette.text,
    state_label_halo: palette.halo,
    country_label: palette.text,
    address_label: palette.text,
    address_label_halo: palette.halo,
    ocean_label: palette.text,
  };
}

/** Package layers this app leaves out (see the file comment). */
const droppedLayers = new Set(['background', 'earth', 'roads_oneway', 'roads_shields']);

/** `format` sections' own fonts become `font`, recursively through the expression. */
function withLocalFonts(value: unknown, font: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withLocalFonts(item, font));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === 'text-font' ? ['literal', [...font]] : withLocalFonts(item, font),
    ]),
  );
}

/** A symbol layer's layout without icons (they need the package's sprite). */
function withoutIcons(layout: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(layout).filter(([key]) => !key.startsWith('icon-')));
}

/**
 * One package layer for `archive`: its own id and source, starting no earlier than the
 * archive's first zoom, labels in `font` with our halo; null for a dropped layer or one that
 * would never show (its maximum zoom at or below the archive's first).
 */
function adaptLayer(
  layer: LayerSpecification,
  archive: BasemapArchive,
  font: readonly string[],
  palette: BasemapPalette,
): LayerSpecification | null {
  if (droppedLayers.has(layer.id) || layer.type === 'background') return null;
  const minzoom = Math.max(layer.minzoom ?? 0, archive.minZoom);
  if (layer.maxzoom !== undefined && layer.maxzoom <= minzoom) return null;
  const adapted: Record<string, unknown> = {
    ...layer,
    id: `${basemapLayerPrefix}${layer.id}-${archive.id}`,
    source: archive.id,
    minzoom,
  };
  if (layer.type === 'symbol') {
    const layout = withoutIcons({ ...layer.layout });
    if (layout['text-field'] === undefined) return null;
    layout['text-field'] = withLocalFonts(layout['text-field'], font);
    layout['text-font'] = [...font];
    adapted.layout = layout;
    adapted.paint = { ...layer.paint, 'text-halo-width': palette.haloWidth };
  }
  return adapted as LayerSpecification;
}

/**
 * The road map's layers for `archive` in `variant`, or none when its tiles carry no basemap.
 * `font` is our label font stack (map-style.ts `labelFont`). Layer order within each group is
 * the package's (land use, water, roads by importance; then labels).
 */
export function basemapLayerGroups(
  archive: BasemapArchive,
  variant: Variant,
  palette: BasemapPalette,
  font: readonly string[],
): BasemapLayerGroups {
  if (archive.basemap !== 'protomaps') return { basemap: [], basemapLabels: [] };
  const flavor = basemapFlavor(variant, palette);
  const adapt = (layers: LayerSpecification[]) =>
    layers
      .map((layer) => adaptLayer(layer, archive, font, palette))
      .filter((layer): layer is LayerSpecification => layer !== null);
  return {
    basemap: adapt(protomapsLayers(archive.id, flavor)),
    basemapLabels: adapt(protomapsLayers(archive.id, flavor, { labelsOnly: true, lang: 'en' })),
  };
}
