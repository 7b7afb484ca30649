// Issue 15: the USFS OHV lines of data/trails/ become trails of their systems in the catalogue
// the server seeds, measured and located from the published geometry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { length } from '@turf/length';
import type { FeatureCollection, LineString, MultiLineString, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { isDocumentId } from '../../../schemas/document-id.ts';
import { joinParts, usfsTrailLineFiles } from '../../../datasets/usfs-trail-lines.ts';
import { buildSeedDocuments } from '../../../sync-server/seed/seed-documents.ts';

const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));
const { trails } = buildSeedDocuments(dataDir, 1_700_000_000_000);
const lines = trails.filter((trail) => trail.kind === 'ohv_trail');
const arkansas = JSON.parse(
  readFileSync(join(dataDir, 'basemap', 'arkansas-state.geojson'), 'utf8'),
) as FeatureCollection<Polygon>;

function published(file: string): FeatureCollection<LineString | MultiLineString> {
  return JSON.parse(readFileSync(join(dataDir, file), 'utf8')) as FeatureCollection<
    LineString | MultiLineString
  >;
}

describe('USFS trail lines in the seeded catalogue', () => {
  it('adds all 73 published lines to the 173 trails and trailheads, under the system they belong to', () => {
    expect(trails).toHaveLength(246);
    expect(lines).toHaveLength(73);
    const perSystem = Object.fromEntries(
      usfsTrailLineFiles.map(({ systemId }) => [
        systemId,
        lines.filter((line) => line.systemId === systemId).length,
      ]),
    );
    expect(perSystem).toEqual({
      'brock-creek-ohv-trail': 23,
      'buckhorn-ohv-trail': 15,
      'moccasin-gap-trail': 21,
      'wolf-pen-gap-ohv-trail': 14,
    });
    for (const { systemId } of usfsTrailLineFiles) {
      expect(trails.find((trail) => trail.id === systemId)?.kind).not.toBe('ohv_trail');
    }
  });

  it('gives every line a unique id of the id grammar, prefixed by its system', () => {
    const ids = lines.map((line) => line.id);
    expect(new Set(ids).size).toBe(73);
    for (const line of lines) {
      expect(isDocumentId(line.id)).toBe(true);
      expect(line.id.startsWith(`${line.systemId}--`)).toBe(true);
    }
    expect(ids).toContain('brock-creek-ohv-trail--brock-creek-47');
    expect(ids).toContain('wolf-pen-gap-ohv-trail--wolf-pen-gap-8-5');
  });

  it('measures each line as @turf/length of the published geometry, in miles', () => {
    const expected = usfsTrailLineFiles.flatMap(({ file }) =>
      published(file).features.map((feature) => length(feature, { units: 'miles' })),
    );
    expect(lines.map((line) => line.lengthMiles)).toHaveLength(expected.length);
    lines.forEach((line, index) => expect(line.lengthMiles).toBeCloseTo(expected[index]!, 2));
    const buckhornWest = lines.find((line) => line.id === 'buckhorn-ohv-trail--west-outer-loop');
    expect(buckhornWest?.lengthMiles).toBeCloseTo(24.6, 1);
  });

  it('keeps every vertex (rounded to 6 decimals) inside Arkansas, starting at the first', () => {
    let vertices = 0;
    for (const line of lines) {
      expect(line.path).not.toBeNull();
      expect([line.longitude, line.latitude]).toEqual(line.path![0]);
      for (const position of line.path!) {
        vertices++;
        expect(position).toHaveLength(2);
        for (const value of position) expect(Math.round(value * 1e6) / 1e6).toBe(value);
        expect(booleanPointInPolygon(position, arkansas.features[0]!.geometry)).toBe(true);
      }
    }
    // The catalogue pull stays near the published 22,945 vertices (shared joints kept once).
    expect(vertices).toBeGreaterThan(22_900);
    expect(vertices).toBeLessThanOrEqual(22_945);
  });

  it('reads vehicle classes, trail class, season and data date as the layers publish them', () => {
    const brock28 = lines.find((line) => line.name.startsWith('Brock Creek #28'))!;
    expect(brock28).toMatchObject({
      trailNumber: '2337',
      vehicleClasses: ['motorcycle'],
      activities: ['dirt_bike'],
      trailClass: 'TC3 - DEVELOPED',
      dataDate: '2021-06-08',
      county: 'Van Buren',
      region: 'Ozarks',
      season: { yearRound: true, openFrom: null, openUntil: null },
    });
    const wolfPen = lines.find((line) => line.systemId === 'wolf-pen-gap-ohv-trail')!;
    expect(wolfPen.vehicleClasses).toBeNull();
    expect(wolfPen.dataDate).toBe('2021');
    // The reported closure "roughly November to mid-March" as an approximate, unconfirmed window.
    expect(wolfPen.season).toMatchObject({
      yearRound: false,
      openFrom: '03-15',
      openUntil: '10-31',
      reportedAs: 'closed roughly November to mid-March',
    });
    expect(wolfPen.season?.source).toMatch(/not confirmed by the Forest Service/);
    expect(trails.find((trail) => trail.id === 'buckhorn-ohv-trail')?.season?.yearRound).toBe(true);
  });

  it('names lines in title case with their number, and tells repeated names apart', () => {
    const names = lines.map((line) => line.name);
    expect(names).toContain('East Outer Loop (trail 2509)');
    expect(names).toContain('MG High Mtn Loop (trail 2307)');
    expect(names).toContain('MG High Mtn Loop (trail 2307B)');
    expect(names).toContain('Wolf Pen Gap 8 (trail WP8, section 5 of 5)');
  });
});

describe('joinParts (MultiLineString to one path)', () => {
  it('turns parts around so their ends meet and keeps the shared vertex once', () => {
    const first = [
      [0, 0],
      [1, 0],
    ];
    const second = [
      [2, 0],
      [1, 0],
    ];
    expect(joinParts([first, second])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    // The line so far is turned around when the next part meets its start.
    expect(
      joinParts([
        [
          [1, 0],
          [2, 0],
        ],
        [
          [0, 0],
          [1, 0],
        ],
      ]),
    ).toEqual([
      [2, 0],
      [1, 0],
      [0, 0],
    ]);
  });
});

describe('difficulty derived from the USFS trail class', () => {
  const byId = new Map(trails.map((trail) => [trail.id, trail]));

  it('gives each classed line its level and says it is derived, not rated', () => {
    const developed = lines.find((line) => line.trailClass === 'TC3 - DEVELOPED')!;
    expect(developed.difficulty).toBe('moderate');
    expect(developed.difficultySource).toBe(
      'Derived from USFS trail class 3 (Developed); not a rating by the Forest Service',
    );
    const highlyDeveloped = lines.find((line) => line.trailClass === 'TC4 - HIGHLY DEVELOPED')!;
    expect(highlyDeveloped.difficulty).toBe('easy');
    // Wolf Pen Gap's layer publishes no class: no difficulty is made up.
    const wolfPen = lines.filter((line) => line.systemId === 'wolf-pen-gap-ohv-trail');
    expect(wolfPen.every((line) => line.difficulty === null && !line.difficultySource)).toBe(true);
  });

  it('gives a system the level most of its trails have, counting their classes', () => {
    expect(byId.get('moccasin-gap-trail')).toMatchObject({
      difficulty: 'moderate',
      difficultySource:
        'Derived from the USFS trail classes of its trails: 16 of class 3 (moderate), 5 of class 4 (easy); not a rating by the Forest Service',
    });
    expect(byId.get('wolf-pen-gap-ohv-trail')?.difficulty).toBeNull();
  });
});
