import { describe, expect, it } from 'vitest';
import {
  countyRegionLabel,
  describeSource,
  difficultyLabel,
  directionsUrl,
  feeLabel,
  formatCoordinates,
  isWebUrl,
  lengthLabel,
  trailKindLabel,
} from '../../../src/explore/trail-format.ts';

describe('trail facts as shown to riders', () => {
  it('says plainly when a value is unknown instead of leaving it blank', () => {
    expect(difficultyLabel(null)).toBe('Difficulty not rated');
    expect(lengthLabel(null)).toBe('Length unknown');
    expect(feeLabel(null)).toBe('Fee unknown');
    expect(feeLabel('  ')).toBe('Fee unknown');
    expect(countyRegionLabel(null, null)).toBe('County unknown');
  });

  it('writes known values in rider terms', () => {
    expect(difficultyLabel('moderate')).toBe('Moderate');
    expect(lengthLabel(26.8)).toBe('26.8 mi');
    expect(lengthLabel(165)).toBe('165 mi');
    expect(lengthLabel(8.25)).toBe('8.3 mi');
    expect(feeLabel('$3/day')).toBe('$3/day');
    expect(trailKindLabel('ohv_trail_system')).toBe('OHV trail system');
    expect(countyRegionLabel('Polk', 'Ouachitas')).toBe('Polk County · Ouachitas');
  });

  it('formats coordinates as decimal degrees, latitude first', () => {
    expect(formatCoordinates(35.8242, -93.83392)).toBe('35.82420, -93.83392');
  });

  it('builds a directions link from lat,lng', () => {
    const url = new URL(directionsUrl(34.50395, -93.055));
    expect(url.hostname).toBe('www.google.com');
    expect(url.searchParams.get('destination')).toBe('34.50395,-93.05500');
  });

  it('turns URL sources into links and dataset records into text', () => {
    expect(describeSource('https://www.recreation.gov/activitypass/AP2877')).toEqual({
      kind: 'link',
      href: 'https://www.recreation.gov/activitypass/AP2877',
      label: 'recreation.gov/activitypass/AP2877',
    });
    expect(describeSource('OSM node 12961301703 (Brock Creek Campground & Trailhead)')).toEqual({
      kind: 'text',
      text: 'OSM node 12961301703 (Brock Creek Campground & Trailhead)',
    });
    expect(describeSource('product spec')).toEqual({
      kind: 'text',
      text: 'Not independently verified',
    });
    expect(describeSource('javascript:alert(1)').kind).toBe('text');
  });

  it('only accepts http(s) URLs for links', () => {
    expect(isWebUrl('https://www.fs.usda.gov/ouachita')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl(null)).toBe(false);
  });
});
