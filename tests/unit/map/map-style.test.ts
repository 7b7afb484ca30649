import { describe, expect, it } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import {
  buildMapStyle,
  mapVariantForTheme,
  tappableKindOfLayer,
  type MapVariant,
} from '../../../src/map/map-style.ts';
import { mapAttribution } from '../../../schemas/map-catalog.ts';
import { layerNames } from '../../../scripts/tiles/map-layers.ts';

const archives = [
  { id: 'statewide', url: 'pmtiles://device:statewide@abc', minZoom: 4 },
  { id: 'ozarks', url: 'pmtiles://http://localhost:8787/tiles/ozarks.x.pmtiles', minZoom: 10 },
];
const variants: MapVariant[] = ['light', 'dark', 'high-contrast'];

describe('the rider map style', () => {
  it.each(variants)('passes style-spec validation in the %s variant', (variant) => {
    const style = buildMapStyle(archives, {
      variant,
      attribution: mapAttribution,
      highlightTrailId: 'mill-creek-ohv-trail',
    });
    expect(validateStyleMin(style)).toEqual([]);
  });

  it('needs no network for glyphs or sprites', () => {
    const style = buildMapStyle(archives, { variant: 'dark', attribution: mapAttribution });
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(JSON.stringify(style)).not.toMatch(/https?:\/\/(?!localhost)/);
  });

  it('credits OpenStreetMap on every source', () => {
    const style = buildMapStyle(archives, { variant: 'light', attribution: mapAttribution });
    for (const source of Object.values(style.sources)) {
      expect((source as { attribution: string }).attribution).toContain(
        '© OpenStreetMap contributors',
      );
    }
  });

  it('draws every built layer from every archive, region layers from their own first zoom', () => {
    const style = buildMapStyle(archives, { variant: 'light', attribution: mapAttribution });
    const layers = style.layers.filter((layer) => 'source-layer' in layer);
    const used = new Set(
      layers.map((layer) => (layer as { 'source-layer': string })['source-layer']),
    );
    expect([...used].sort()).toEqual([...layerNames].sort());
    for (const layer of layers) {
      if ((layer as { source: string }).source === 'ozarks') {
        expect(layer.minzoom).toBeGreaterThanOrEqual(10);
      }
    }
    // Kinds are grouped across archives: no region fill may cover a statewide point.
    const ids = style.layers.map((layer) => layer.id);
    expect(ids.indexOf('state-fill-ozarks')).toBeLessThan(ids.indexOf('trails-circle-statewide'));
  });

  it('colours trails by difficulty differently in each variant', () => {
    const colours = variants.map((variant) => {
      const style = buildMapStyle(archives, { variant, attribution: mapAttribution });
      const trails = style.layers.find((layer) => layer.id === 'trails-circle-statewide')!;
      return JSON.stringify((trails as { paint: unknown }).paint);
    });
    expect(new Set(colours).size).toBe(3);
    expect(colours[0]).toContain('difficulty');
  });

  it('knows which layers a rider can tap', () => {
    expect(tappableKindOfLayer('trails-circle-ozarks')).toBe('trail');
    expect(tappableKindOfLayer('campgrounds-circle-statewide')).toBe('campground');
    expect(tappableKindOfLayer('wmas-circle-delta')).toBe('wma');
    expect(tappableKindOfLayer('towns-label-statewide')).toBeNull();
    // Issue 15: a trail line opens its trail like its trailhead does.
    expect(tappableKindOfLayer('trail-lines-casing-ozarks')).toBe('trail');
  });

  it('draws the USFS trail lines above rivers and below trailheads, and highlights a system', () => {
    const style = buildMapStyle(archives, {
      variant: 'high-contrast',
      attribution: mapAttribution,
      highlightTrailId: 'brock-creek-ohv-trail',
    });
    const ids = style.layers.map((layer) => layer.id);
    for (const source of ['statewide', 'ozarks']) {
      expect(ids.indexOf(`rivers-line-${source}`)).toBeLessThan(
        ids.indexOf(`trail-lines-${source}`),
      );
    }
    expect(ids.indexOf('trail-lines-ozarks')).toBeLessThan(ids.indexOf('trails-circle-statewide'));
    const line = style.layers.find((layer) => layer.id === 'trail-lines-ozarks')!;
    expect((line as { paint: Record<string, unknown> }).paint['line-color']).toBe('#ff8c00');
    const highlight = style.layers.find((layer) => layer.id === 'trail-lines-highlight-ozarks')!;
    // The system's page highlights every line whose systemId is the system.
    expect(JSON.stringify((highlight as { filter: unknown }).filter)).toContain(
      '["==",["get","systemId"],"brock-creek-ohv-trail"]',
    );
  });

  it('follows the app theme: high contrast, light schemes, and dark for the rest', () => {
    expect(mapVariantForTheme('high-contrast', 'dark')).toBe('high-contrast');
    expect(mapVariantForTheme('light', 'light')).toBe('light');
    expect(mapVariantForTheme('theme-hiker', 'light')).toBe('light');
    expect(mapVariantForTheme('dark', 'dark')).toBe('dark');
  });
});
