// The place validator (issue 15: "The validator checks every point is in Arkansas and in its
// county"): every trail, trailhead and WMA point of data/places, and the start of every USFS
// trail line, lies inside Arkansas and inside the county it names (us-atlas county polygons).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPointRecords } from '../../../datasets/geojson.ts';
import { countyAt, loadCounties } from '../../../datasets/campgrounds.ts';

const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));
const counties = loadCounties(dataDir);

describe.each(['trails.geojson', 'wmas.geojson'])('every point of data/places/%s', (file) => {
  const records = readPointRecords<{ id: string; county: string; location_confidence: string }>(
    join(dataDir, 'places', file),
  );

  it('lies in Arkansas, in the county it names', () => {
    const wrong = records
      .map((record) => ({
        id: record.properties.id,
        named: record.properties.county,
        actual: countyAt(counties, record.longitude, record.latitude),
      }))
      .filter((check) => check.actual !== check.named);
    expect(wrong).toEqual([]);
    expect(records.length).toBeGreaterThan(30);
  });

  it('has unique ids', () => {
    const ids = records.map((record) => record.properties.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the validator itself', () => {
  it('finds no county for a point outside Arkansas and the right one inside', () => {
    expect(countyAt(counties, -97.5, 35.47)).toBeNull(); // Oklahoma City
    expect(countyAt(counties, -92.2896, 34.7465)).toBe('Pulaski'); // Little Rock
  });
});
