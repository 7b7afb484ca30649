import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import {
  loadMapLayers,
  townLabelMinZoom,
  trailLineLabel,
  widestVehicleClass,
} from '../../../scripts/tiles/map-layers.ts';

const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));
const { layers } = loadMapLayers(dataDir);

function propertiesOf(layer: keyof typeof layers) {
  return layers[layer].features.map((feature) => feature.properties ?? {});
}

describe('the map layers built from shipped data', () => {
  it('labels every town of the gazetteer, Mena among them from county scale', () => {
    const towns = propertiesOf('towns');
    expect(towns).toHaveLength(220);
    const mena = towns.find((town) => town.name === 'Mena')!;
    // GeoNames: Mena, a county seat of about 5,700 people.
    expect(mena.population).toBeGreaterThan(5000);
    expect(mena.minZoom).toBe(8);
    const littleRock = towns.find((town) => town.name === 'Little Rock')!;
    expect(littleRock).toMatchObject({ capital: true, minZoom: 5 });
    // Every town has a label by z9, before the riding zooms.
    expect(Math.max(...towns.map((town) => Number(town.minZoom)))).toBe(9);
  });

  it('names each county at its centre', () => {
    const counties = propertiesOf('county_labels');
    expect(counties).toHaveLength(75);
    expect(counties.map((county) => county.name)).toContain('Polk County');
  });

  it('gives every USFS trail line a short label and a vehicle class', () => {
    const lines = propertiesOf('trail_lines');
    expect(lines.length).toBeGreaterThan(50);
    for (const line of lines) {
      expect(String(line.label).length).toBeGreaterThan(0);
      expect(String(line.label)).not.toContain('(');
      expect(['4wd', 'atv', 'motorcycle', 'unknown']).toContain(line.vehicleClass);
    }
    // The Ouachita NF layer publishes no vehicle classes: Wolf Pen Gap stays unknown.
    const wolfPen = lines.filter((line) => line.systemId === 'wolf-pen-gap-ohv-trail');
    expect(wolfPen.every((line) => line.vehicleClass === 'unknown')).toBe(true);
  });
});

describe('town label rank', () => {
  it('shows bigger towns from wider views and every town by z9', () => {
    expect(townLabelMinZoom({ population: 197_992, countySeat: true })).toBe(5);
    expect(townLabelMinZoom({ population: 12_000, countySeat: false })).toBe(7);
    expect(townLabelMinZoom({ population: 1_200, countySeat: true })).toBe(8);
    expect(townLabelMinZoom({ population: 1_200, countySeat: false })).toBe(9);
    expect(townLabelMinZoom({ population: null, countySeat: null })).toBe(9);
  });
});

describe('trail line facts for the style', () => {
  it('takes the widest vehicle class the line is open to', () => {
    expect(widestVehicleClass({ vehicleClasses: ['atv', 'motorcycle', '4wd_over_50in'] })).toBe(
      '4wd',
    );
    expect(widestVehicleClass({ vehicleClasses: ['motorcycle', 'atv'] })).toBe('atv');
    expect(widestVehicleClass({ vehicleClasses: ['motorcycle'] })).toBe('motorcycle');
    expect(widestVehicleClass({ vehicleClasses: null })).toBe('unknown');
  });

  it('drops the catalogue note from the label', () => {
    expect(trailLineLabel('Brock Creek #45 (trail 2344)')).toBe('Brock Creek #45');
    expect(trailLineLabel('Wolf Pen Gap 8 (trail WP8, section 5 of 5)')).toBe('Wolf Pen Gap 8');
    expect(trailLineLabel('West Outer Loop')).toBe('West Outer Loop');
  });
});
