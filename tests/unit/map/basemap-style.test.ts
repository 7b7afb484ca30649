import { describe, expect, it } from 'vitest';
import { validateStyleMin, type LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import { mapAttribution } from '../../../schemas/map-catalog.ts';
import { basemapLayerPrefix } from '../../../src/map/basemap-style.ts';
import {
  buildMapStyle,
  labelFont,
  palettes,
  type MapVariant,
  type StyleArchive,
} from '../../../src/map/map-style.ts';

const withRoadMap: StyleArchive[] = [
  { id: 'statewide', url: 'pmtiles://device:statewide@abc', minZoom: 4, basemap: 'protomaps' },
  {
    id: 'ouachitas',
    url: 'pmtiles://http://localhost:8787/tiles/ouachitas.x.pmtiles',
    minZoom: 10,
    basemap: 'protomaps',
  },
];
const variants: MapVariant[] = ['light', 'dark', 'high-contrast'];

function styleOf(variant: MapVariant, archives = withRoadMap) {
  return buildMapStyle(archives, {
    variant,
    attribution: mapAttribution,
    highlightTrailId: 'wolf-pen-gap-ohv-trail',
  });
}

const isRoadMap = (layer: LayerSpecification) => layer.id.startsWith(basemapLayerPrefix);

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Every #rrggbb colour inside a paint value (a colour or an expression of colours). */
function colours(value: unknown): string[] {
  return JSON.stringify(value).match(/#[0-9a-f]{6}/gi) ?? [];
}

describe('the operator road map in the rider map style', () => {
  it.each(variants)('passes style-spec validation in the %s variant', (variant) => {
    const style = styleOf(variant);
    expect(validateStyleMin(style)).toEqual([]);
    for (const archive of withRoadMap) {
      const roads = style.layers.filter(
        (layer) => isRoadMap(layer) && 'source-layer' in layer && layer['source-layer'] === 'roads',
      );
      expect(roads.length, archive.id).toBeGreaterThan(5);
    }
  });

  it.each(variants)(
    'stacks the road map over our land fills and under every trail line, point and label (%s)',
    (variant) => {
      const ids = styleOf(variant).layers.map((layer) => layer.id);
      const roadMap = ids.flatMap((id, index) =>
        id.startsWith(basemapLayerPrefix) ? [index] : [],
      );
      const roads = ids.flatMap((id, index) =>
        /^basemap-roads_/.test(id) && !id.includes('label') ? [index] : [],
      );
      expect(roads.length).toBeGreaterThan(0);
      for (const source of ['statewide', 'ouachitas']) {
        expect(Math.max(...roads)).toBeLessThan(ids.indexOf(`trail-lines-${source}`));
        expect(Math.max(...roadMap)).toBeLessThan(ids.indexOf(`trail-lines-casing-${source}`));
        expect(Math.max(...roadMap)).toBeLessThan(ids.indexOf(`trails-circle-${source}`));
        expect(Math.min(...roadMap)).toBeGreaterThan(ids.indexOf(`state-fill-${source}`));
      }
      // Everything of ours that is not a land fill lies above the whole road map.
      const ours = ids.flatMap((id, index) =>
        !id.startsWith(basemapLayerPrefix) && !/^(background|[a-z]+-fill-)/.test(id) ? [index] : [],
      );
      expect(Math.min(...ours)).toBeGreaterThan(Math.max(...roadMap));
    },
  );

  it('starts each archive’s road map at that archive’s first zoom', () => {
    for (const layer of styleOf('light').layers.filter(isRoadMap)) {
      const source = (layer as { source: string }).source;
      expect(layer.minzoom).toBeGreaterThanOrEqual(source === 'ouachitas' ? 10 : 4);
    }
  });

  it('draws its labels with the device font and needs no sprite or glyph server', () => {
    const style = styleOf('dark');
    expect(style.sprite).toBeUndefined();
    expect(style.glyphs).toBeUndefined();
    const roadMap = style.layers.filter(isRoadMap);
    const symbols = roadMap.filter((layer) => layer.type === 'symbol');
    expect(symbols.map((layer) => layer.id)).toContain('basemap-places_locality-ouachitas');
    for (const layer of symbols) {
      expect(layer.layout?.['text-font'], layer.id).toEqual(labelFont);
      expect(Object.keys(layer.layout ?? {}).filter((key) => key.startsWith('icon-'))).toEqual([]);
    }
    // Fonts inside `format` expressions too: nothing names a font the device may not have.
    expect(JSON.stringify(roadMap)).not.toMatch(/Noto Sans/);
    expect(roadMap.map((layer) => layer.id)).not.toContain('basemap-background-ouachitas');
    expect(roadMap.map((layer) => layer.id)).not.toContain('basemap-earth-ouachitas');
  });

  it.each(variants)(
    'draws highways, major and minor roads at 3:1 contrast or more with the land (%s)',
    (variant) => {
      const land = palettes[variant].land;
      const layers = styleOf(variant).layers.filter((layer) =>
        /^basemap-roads_(highway|major|minor)-statewide$/.test(layer.id),
      );
      expect(layers).toHaveLength(3);
      for (const layer of layers) {
        const paint = (layer as { paint: Record<string, unknown> }).paint;
        for (const colour of colours(paint['line-color'])) {
          expect(contrast(colour, land), `${layer.id} ${colour}`).toBeGreaterThanOrEqual(3);
        }
      }
    },
  );

  it('adds nothing for archives without a road map', () => {
    const plain = withRoadMap.map((archive) => ({ ...archive, basemap: null }));
    expect(styleOf('light', plain).layers.filter(isRoadMap)).toEqual([]);
  });
});
