import { readFileSync } from 'node:fs';
import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { gaugesForWaterway, gaugesNear, parseGauges } from '../../../../src/lib/hunting/gauges.ts';

const gauges = parseGauges(
  JSON.parse(
    readFileSync(
      new URL('../../../../data/gauges/usgs-gauges-ozark-stream-tracker.geojson', import.meta.url),
      'utf8',
    ),
  ) as FeatureCollection,
);

describe('USGS gauges for the fishing page', () => {
  it('reads the 35 shipped sites with their USGS pages', () => {
    expect(gauges).toHaveLength(35);
    const mountIda = gauges.find((gauge) => gauge.siteNumber === '07356000');
    expect(mountIda?.name).toBe('Ouachita River near Mount Ida, AR');
    expect(mountIda?.url).toBe('https://waterdata.usgs.gov/monitoring-location/07356000/');
  });

  it('lists the gauges on a river by its name even far from the river’s midpoint', () => {
    const near = gaugesForWaterway(gauges, { name: 'Ouachita River', point: [-92.4, 33.6] });
    const names = near.map((entry) => entry.gauge.name);
    expect(names).toContain('Ouachita River near Mount Ida, AR');
    expect(names).toContain('Ouachita River at Remmel Dam, AR');
  });

  it('lists the gauges near a lake, nearest first, and none for a lake far from any', () => {
    // Greers Ferry Lake: the Little Red River forks feed it from the north-west.
    const greersFerry = gaugesForWaterway(gauges, {
      name: 'Greers Ferry Lake',
      point: [-92.1, 35.52],
    });
    expect(greersFerry.map((entry) => entry.gauge.siteNumber)).toContain('07075000');
    const miles = greersFerry.map((entry) => entry.miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    // Lake Chicot country in the south-east Delta has no gauge of this Ozark list nearby.
    expect(gaugesForWaterway(gauges, { name: 'Lake Chicot', point: [-91.2, 33.3] })).toEqual([]);
  });

  it('finds the gauges within a distance of a point', () => {
    const near = gaugesNear(gauges, [-93.4, 36.05], { maxMiles: 15 });
    expect(near[0]?.gauge.name).toMatch(/Buffalo River/);
    expect(near.every((entry) => entry.miles <= 15)).toBe(true);
  });
});

describe('gauges of a river in another state', () => {
  it('leaves out the Arkansas River gauge at Tulsa, OK, for the Arkansas River', () => {
    const near = gaugesForWaterway(gauges, { name: 'Arkansas River', point: [-92.6, 34.6] });
    expect(near.map((entry) => entry.gauge.name)).not.toContain('Arkansas River at Tulsa, OK');
  });

  it('marks a gauge named for the river as on it', () => {
    const near = gaugesForWaterway(gauges, { name: 'Ouachita River', point: [-92.4, 33.6] });
    expect(near.find((entry) => entry.gauge.siteNumber === '07356000')?.onWaterway).toBe(true);
  });
});
