import { describe, expect, it } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { LineLayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import { mapAttribution } from '../../../schemas/map-catalog.ts';
import {
  buildMapStyle,
  overlayTrackLayerId,
  palettes,
  type MapOverlay,
  type MapVariant,
} from '../../../src/map/map-style.ts';

const archives = [{ id: 'statewide', url: 'pmtiles://device:statewide@abc', minZoom: 4 }];
const variants: MapVariant[] = ['light', 'dark', 'high-contrast'];

const overlay: MapOverlay = {
  lines: [
    {
      id: 'track:temp-1',
      path: [
        [-93.8, 35.8],
        [-93.7, 35.9],
      ],
      emphasis: 'track',
    },
    {
      id: 'saved:mill-creek',
      path: [
        [-93.6, 35.8],
        [-93.5, 35.9],
      ],
      emphasis: 'primary',
    },
  ],
  points: [],
};

function layer(variant: MapVariant, id: string): LineLayerSpecification {
  const style = buildMapStyle(archives, { variant, attribution: mapAttribution, overlay });
  const found = style.layers.find((candidate) => candidate.id === id);
  expect(found, id).toBeDefined();
  return found as LineLayerSpecification;
}

describe("the rider's own tracks in the map style", () => {
  it.each(variants)('pass style-spec validation in the %s variant', (variant) => {
    const style = buildMapStyle(archives, { variant, attribution: mapAttribution, overlay });
    expect(validateStyleMin(style)).toEqual([]);
  });

  it.each(variants)(
    'are drawn in a colour of their own over a halo in the %s variant',
    (variant) => {
      const palette = palettes[variant];
      const track = layer(variant, overlayTrackLayerId);
      expect(track.filter).toEqual([
        'all',
        ['==', ['geometry-type'], 'LineString'],
        ['==', ['get', 'emphasis'], 'track'],
      ]);
      const color = track.paint?.['line-color'];
      const others = [
        palette.highlight,
        palette.trailLine,
        palette.river,
        ...Object.values(palette.vehicle),
      ];
      expect(others).not.toContain(color);
      expect(layer(variant, `${overlayTrackLayerId}-casing`).paint?.['line-color']).toBe(
        palette.halo,
      );
    },
  );

  it('are not drawn again as context lines', () => {
    const context = layer('dark', 'page-overlay-context');
    expect(JSON.stringify(context.filter)).toContain('"context"');
  });
});

describe('gauge and lake markers in the map style', () => {
  const markers: MapOverlay = {
    lines: [],
    points: [],
    markers: [
      { position: [-93.7, 35.5], label: 'Mulberry River near Mulberry, AR', role: 'gauge' },
      { position: [-92.1, 35.5], label: 'Greers Ferry Lake', role: 'lake' },
    ],
  };

  it.each(variants)('pass validation and tell gauges from lakes in the %s variant', (variant) => {
    const style = buildMapStyle(archives, {
      variant,
      attribution: mapAttribution,
      overlay: markers,
    });
    expect(validateStyleMin(style)).toEqual([]);
    const circles = style.layers.find((candidate) => candidate.id === 'page-overlay-markers');
    const color = (circles as { paint: Record<string, unknown> }).paint['circle-color'];
    const palette = palettes[variant];
    expect(color).toEqual(expect.arrayContaining([palette.track, palette.highlight]));
    expect(palette.track).not.toBe(palette.highlight);
  });
});
