import { describe, expect, it } from 'vitest';
import {
  createExpression,
  featureFilter,
  validateStyleMin,
  type FilterSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import {
  buildMapStyle,
  palettes,
  reportedTrailLineLayerPrefix,
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
    // A trail line opens its trail like its trailhead does.
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
    // Coloured by vehicle class: ATV lines in the high-contrast orange.
    expect((line as { paint: Record<string, unknown> }).paint['line-color']).toEqual(
      expect.arrayContaining(['atv', '#ff8c00']),
    );
    const highlight = style.layers.find((layer) => layer.id === 'trail-lines-highlight-ozarks')!;
    // The system's page highlights every line whose systemId is the system.
    expect(JSON.stringify((highlight as { filter: unknown }).filter)).toContain(
      '["==",["get","systemId"],"brock-creek-ohv-trail"]',
    );
  });

  it('draws open, closed and unknown trail lines apart, with their names along the line', () => {
    const style = buildMapStyle(archives, {
      variant: 'light',
      attribution: mapAttribution,
      trailLineStatuses: { 'a--open-line': 'open', 'b--closed-line': 'closed' },
    });
    expect(validateStyleMin(style)).toEqual([]);
    const byId = new Map(style.layers.map((layer) => [layer.id, layer]));
    const filter = (id: string) => JSON.stringify((byId.get(id) as { filter: unknown }).filter);
    expect(filter('trail-lines-ozarks')).toContain('"open"');
    expect(filter('trail-lines-closed-ozarks')).toContain('"closed"');
    expect(filter('trail-lines-unknown-ozarks')).toContain('"unknown"');
    expect(filter('trail-lines-ozarks')).toContain('["a--open-line"]');
    expect(filter('trail-lines-closed-ozarks')).toContain('["b--closed-line"]');
    // Only solid lines are open: a rider must not read a closed line as open.
    expect((byId.get('trail-lines-closed-ozarks') as { paint: object }).paint).toHaveProperty(
      'line-dasharray',
    );
    expect((byId.get('trail-lines-ozarks') as { paint: object }).paint).not.toHaveProperty(
      'line-dasharray',
    );
    const label = byId.get('trail-lines-label-ozarks') as { layout: Record<string, unknown> };
    expect(label.layout['symbol-placement']).toBe('line-center');
    expect(JSON.stringify(label.layout['text-field'])).toContain('["get","number"]');
  });

  it("draws riders' Closed and Some issues reports over a trail's lines, or its system's", () => {
    const style = buildMapStyle(archives, {
      variant: 'high-contrast',
      attribution: mapAttribution,
      trailLineStatuses: { 'wolf-pen-gap-ohv-trail--wp8': 'closed' },
      reportedTrailStatuses: {
        'brock-creek-ohv-trail': 'closed',
        'wolf-pen-gap-ohv-trail--wp8': 'some-issues',
        'wolf-pen-gap-ohv-trail': 'closed',
        'buckhorn-ohv-trail--2509': 'some-issues',
      },
    });
    expect(validateStyleMin(style)).toEqual([]);
    const ids = style.layers.map((layer) => layer.id);
    const reported = style.layers.find(
      (layer) => layer.id === `${reportedTrailLineLayerPrefix}ozarks`,
    ) as {
      filter: FilterSpecification;
      layout: Record<string, unknown>;
      paint: Record<string, unknown>;
    };
    // Drawn over the published-status lines, under the trailheads.
    expect(ids.indexOf(`${reportedTrailLineLayerPrefix}ozarks`)).toBeGreaterThan(
      ids.indexOf('trail-lines-closed-ozarks'),
    );
    expect(ids.indexOf(`${reportedTrailLineLayerPrefix}ozarks`)).toBeLessThan(
      ids.indexOf('trails-circle-statewide'),
    );
    const filter = featureFilter(reported.filter, 'filter');
    const colour = createExpression(reported.paint['line-color'], 'line-color');
    if (colour.result !== 'success') throw new Error('line-color does not parse');
    const line = (id: string, systemId: string) => ({
      type: 2 as const,
      properties: { id, systemId },
    });
    const drawn = (id: string, systemId: string) => {
      const feature = line(id, systemId);
      if (!filter.filter({ zoom: 12 }, feature)) return null;
      return String(colour.value.evaluate({ zoom: 12 }, feature));
    };
    const { closed, someIssues } = palettes['high-contrast'];
    // A report on the system colours every line of it.
    expect(drawn('brock-creek-ohv-trail--2344', 'brock-creek-ohv-trail')).toBe(closed);
    // A line's own Some issues does not soften its system's Closed.
    expect(drawn('wolf-pen-gap-ohv-trail--wp8', 'wolf-pen-gap-ohv-trail')).toBe(closed);
    expect(drawn('buckhorn-ohv-trail--2509', 'buckhorn-ohv-trail')).toBe(someIssues);
    expect(drawn('buckhorn-ohv-trail--2510', 'buckhorn-ohv-trail')).toBeNull();
    expect(drawn('moccasin-gap-trail--2311', 'moccasin-gap-trail')).toBeNull();
    // Dots, a pattern no published style uses: solid (open), long or short dashes (unknown,
    // closed by the manager).
    expect(reported.paint['line-dasharray']).toEqual([0, 1.6]);
    expect(reported.layout['line-cap']).toBe('round');
    for (const published of ['trail-lines-closed-ozarks', 'trail-lines-unknown-ozarks']) {
      const layer = style.layers.find((candidate) => candidate.id === published) as {
        paint: Record<string, unknown>;
      };
      expect(reported.paint['line-dasharray']).not.toEqual(layer.paint['line-dasharray']);
    }
  });

  it('has no reported line layers while no trail has a Closed or Some issues report', () => {
    const style = buildMapStyle(archives, {
      variant: 'light',
      attribution: mapAttribution,
      reportedTrailStatuses: {},
    });
    expect(style.layers.some((layer) => layer.id.startsWith(reportedTrailLineLayerPrefix))).toBe(
      false,
    );
  });

  it('with no known statuses draws every trail line as status unknown', () => {
    const style = buildMapStyle(archives, { variant: 'dark', attribution: mapAttribution });
    expect(validateStyleMin(style)).toEqual([]);
    const unknown = style.layers.find((layer) => layer.id === 'trail-lines-unknown-statewide');
    expect(JSON.stringify((unknown as { filter: unknown }).filter)).toBe(
      '["==","unknown","unknown"]',
    );
  });

  it('labels towns by rank, bigger towns first, and places them above trail and water names', () => {
    const style = buildMapStyle(archives, { variant: 'light', attribution: mapAttribution });
    const ids = style.layers.map((layer) => layer.id);
    const towns = style.layers.find((layer) => layer.id === 'towns-label-ozarks') as {
      filter: unknown;
      layout: Record<string, unknown>;
    };
    expect(towns.filter).toEqual(['>=', ['zoom'], ['get', 'minZoom']]);
    expect(towns.layout['symbol-sort-key']).toEqual(['-', ['get', 'population']]);
    expect(ids.indexOf('rivers-label-ozarks')).toBeLessThan(ids.indexOf('towns-label-ozarks'));
    expect(ids.indexOf('trail-lines-label-ozarks')).toBeLessThan(ids.indexOf('towns-label-ozarks'));
  });

  it('follows the app theme: high contrast, light schemes, and dark for the rest', () => {
    expect(mapVariantForTheme('high-contrast', 'dark')).toBe('high-contrast');
    expect(mapVariantForTheme('light', 'light')).toBe('light');
    expect(mapVariantForTheme('theme-hiker', 'light')).toBe('light');
    expect(mapVariantForTheme('dark', 'dark')).toBe('dark');
  });
});
