/**
 * The rider on the navigation map (src/map/rider-position.ts): the source and layers join the
 * page's style on top of everything and pass the style spec; the arrow shows with a heading, the
 * dot without; maps that do not show the rider, and the empty style a map starts with, are left
 * alone.
 */
import { describe, expect, it } from 'vitest';
import { featureFilter, validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { FilterSpecification } from '@maplibre/maplibre-gl-style-spec';
import { mapAttribution } from '../../../schemas/map-catalog.ts';
import { buildMapStyle } from '../../../src/map/map-style.ts';
import {
  riderArrowImage,
  riderLayerIds,
  riderPositionData,
  riderSourceId,
  withRiderPosition,
} from '../../../src/map/rider-position.ts';

const archives = [{ id: 'statewide', url: 'pmtiles://device:statewide@abc', minZoom: 4 }];
const overlay = {
  lines: [
    {
      id: 'navigation-route',
      path: [
        [-94.137363, 34.469549],
        [-94.13, 34.47],
      ],
      emphasis: 'primary' as const,
    },
  ],
  points: [],
};
const pageStyle = buildMapStyle(archives, {
  variant: 'dark',
  attribution: mapAttribution,
  overlay,
});
const rider = { position: [-94.1365, 34.4702] as [number, number], headingDegrees: 42 };

/** Which of the rider's layers draw `feature` (by their filters). */
function layersDrawing(feature: ReturnType<typeof riderPositionData>['features'][number]) {
  const style = withRiderPosition(pageStyle, rider);
  return style.layers
    .filter((layer) => 'source' in layer && layer.source === riderSourceId)
    .filter((layer) => {
      const index = style.layers.indexOf(layer);
      const filter = featureFilter(
        ('filter' in layer ? layer.filter : undefined) as FilterSpecification,
        `layers[${index}].filter`,
      );
      return filter.filter({ zoom: 14 }, {
        type: 1,
        properties: feature.properties,
        geometry: [],
      } as never);
    })
    .map((layer) => layer.id);
}

describe('the rider on the navigation map', () => {
  it('adds its source and layers above every layer of the page, and passes the style spec', () => {
    const style = withRiderPosition(pageStyle, rider);
    expect(validateStyleMin(style)).toEqual([]);
    const ids = style.layers.map((layer) => layer.id);
    expect(ids.slice(-2)).toEqual([riderLayerIds.dot, riderLayerIds.arrow]);
    expect(ids.slice(0, -2)).toEqual(pageStyle.layers.map((layer) => layer.id));
    // The route is the overlay's primary line, under the rider.
    expect(ids.indexOf('page-overlay-primary')).toBeLessThan(ids.indexOf(riderLayerIds.arrow));
    expect(style.sources[riderSourceId]).toEqual({
      type: 'geojson',
      data: riderPositionData(rider),
    });
  });

  it('rotates the arrow image with the heading, aligned to the map (north stays north)', () => {
    const arrow = withRiderPosition(pageStyle, rider).layers.find(
      (layer) => layer.id === riderLayerIds.arrow,
    )!;
    expect(arrow.type).toBe('symbol');
    expect(arrow.layout).toMatchObject({
      'icon-image': riderArrowImage,
      'icon-rotate': ['get', 'heading'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    });
  });

  it('draws the arrow with a heading and the dot without one; nothing before a fix', () => {
    const [withHeading] = riderPositionData(rider).features;
    expect(withHeading!.properties).toEqual({ heading: 42 });
    expect(withHeading!.geometry.coordinates).toEqual(rider.position);
    expect(layersDrawing(withHeading!)).toEqual([riderLayerIds.arrow]);
    const [withoutHeading] = riderPositionData({ ...rider, headingDegrees: null }).features;
    expect(layersDrawing(withoutHeading!)).toEqual([riderLayerIds.dot]);
    expect(riderPositionData(null).features).toEqual([]);
    expect(validateStyleMin(withRiderPosition(pageStyle, null))).toEqual([]);
  });

  it('needs no network: no sprite, no glyphs, no URL', () => {
    const style = withRiderPosition(pageStyle, rider);
    expect(style.sprite).toBeUndefined();
    expect(style.glyphs).toBeUndefined();
    expect(JSON.stringify(style.sources[riderSourceId])).not.toMatch(/https?:/);
  });

  it('leaves maps without a rider, and the empty starting style, as they are', () => {
    expect(withRiderPosition(pageStyle, undefined)).toBe(pageStyle);
    const empty = { version: 8 as const, sources: {}, layers: [] };
    expect(withRiderPosition(empty, rider)).toBe(empty);
  });

  it('applied again (a restyle of a style that has it), keeps one set of rider layers', () => {
    const once = withRiderPosition(pageStyle, rider);
    const twice = withRiderPosition(once, { ...rider, headingDegrees: 90 });
    expect(twice.layers.map((layer) => layer.id)).toEqual(once.layers.map((layer) => layer.id));
    expect(validateStyleMin(twice)).toEqual([]);
  });
});
