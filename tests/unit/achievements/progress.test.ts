/**
 * Achievement progress from real trips: the GPX fixtures of tests/fixtures/gpx (Garmin, OsmAnd,
 * Gaia GPS) turned into trips the way an import does, then each metric of
 * data/achievements.json read off them. Metrics the app cannot measure say so and never earn.
 */
import { readFileSync } from 'node:fs';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { Achievement, AchievementMetric } from '../../../schemas/achievements.ts';
import { statisticsOfPoints } from '../../../src/db/trips/track-statistics.ts';
import { boundingBox, toTripStatistics } from '../../../src/lib/geo/track-stats.ts';
import { parseGpx } from '../../../src/lib/gpx/gpx-import.ts';
import {
  achievementProgress,
  isNightRide,
  metricValue,
  NOT_TRACKED_TEXT,
  progressText,
  type RiderActivity,
  type TripFacts,
} from '../../../src/lib/achievements/progress.ts';

const catalogue = JSON.parse(
  readFileSync(new URL('../../../data/achievements.json', import.meta.url), 'utf8'),
) as Omit<Achievement, 'updatedAt'>[];
const definition = (id: string): Achievement => {
  const found = catalogue.find((item) => item.id === id);
  if (!found) throw new Error(`no achievement ${id}`);
  return { ...found, updatedAt: 0 };
};

/** A finished imported trip from a GPX fixture, as importGpxContents stores it. */
function tripFrom(file: string, trailId: string | null = null): TripFacts {
  const text = readFileSync(new URL(`../../fixtures/gpx/${file}`, import.meta.url), 'utf8');
  const [line] = parseGpx(text, new DOMParser({ onError: onErrorStopParsing })).lines;
  if (!line) throw new Error(`${file} has no track`);
  const points = line.positions.map(
    (position) => [position[0], position[1], position[2], position[3], null] as const,
  );
  const times = points.map((point) => point[3]).filter((time): time is number => time !== null);
  return {
    recordingState: 'finished',
    distanceMiles: toTripStatistics(statisticsOfPoints(points.map((point) => [...point])))
      .distanceMiles,
    trailId,
    startedAt: Math.min(...times),
    endedAt: Math.max(...times),
    bbox: boundingBox(line.positions),
  };
}

const garmin = tripFrom('garmin-etrex.gpx', 'cedar-falls-trail');
const osmand = tripFrom('osmand-track.gpx', 'cedar-falls-trail');
const gaia = tripFrom('gaia-gps.gpx', 'petit-jean-rim-trail');

function activity(overrides: Partial<RiderActivity> = {}): RiderActivity {
  return {
    trips: [garmin, osmand, gaia],
    trailRegions: new Map([
      ['cedar-falls-trail', 'Arkansas River Valley'],
      ['petit-jean-rim-trail', 'Arkansas River Valley'],
      ['buffalo-river-trail', 'Ozarks'],
    ]),
    skillsModulesCompleted: 2,
    waypointsCreated: 4,
    offlineRegionsDownloaded: 1,
    emergencyContacts: 0,
    trailsSubmitted: 0,
    preRideChecksCompleted: 0,
    ...overrides,
  };
}

describe('metric values from real trips', () => {
  const miles = garmin.distanceMiles + osmand.distanceMiles + gaia.distanceMiles;
  const cases: [AchievementMetric, RiderActivity, number | null][] = [
    ['trips_recorded', activity(), 3],
    ['trips_recorded', activity({ trips: [garmin, { ...gaia, recordingState: 'recording' }] }), 1],
    ['trips_recorded', activity({ trips: [] }), 0],
    ['miles_ridden', activity(), miles],
    ['trails_visited', activity(), 2],
    ['trails_visited', activity({ trips: [{ ...garmin, trailId: null }] }), 0],
    ['regions_visited', activity(), 1],
    [
      'regions_visited',
      activity({ trips: [garmin, { ...gaia, trailId: 'buffalo-river-trail' }] }),
      2,
    ],
    ['night_rides', activity(), 0],
    ['skills_modules_completed', activity(), 2],
    ['waypoints_created', activity(), 4],
    ['offline_regions_downloaded', activity(), 1],
    ['emergency_contacts_added', activity({ emergencyContacts: 3 }), 3],
    ['safety_checklists_completed', activity(), 0],
    ['safety_checklists_completed', activity({ preRideChecksCompleted: 3 }), 3],
    ['trails_submitted', activity(), 0],
    ['trails_submitted', activity({ trailsSubmitted: 2 }), 2],
    ['group_rides_joined', activity(), null],
    ['group_rides_joined', activity({ groupRidesJoined: 3 }), 3],
  ];
  it.each(cases)('%s', (metric, rider, expected) => {
    const value = metricValue(metric, rider);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 6);
  });

  it('measures real distances: each fixture ride is a few miles, not zero', () => {
    for (const trip of [garmin, osmand, gaia]) {
      expect(trip.distanceMiles).toBeGreaterThan(0.5);
      expect(trip.distanceMiles).toBeLessThan(30);
    }
  });
});

describe('night rides', () => {
  it('a morning ride in October is not a night ride; the same ride at 9 pm CDT is', () => {
    // garmin-etrex.gpx starts 2025-10-04 15:00 UTC (10:00 in Arkansas); sunset there is ~18:50.
    expect(isNightRide(garmin)).toBe(false);
    const shift = 11 * 3_600_000;
    const evening = { ...garmin, startedAt: garmin.startedAt + shift };
    evening.endedAt = (garmin.endedAt ?? 0) + shift;
    expect(isNightRide(evening)).toBe(true);
    expect(metricValue('night_rides', activity({ trips: [evening, osmand] }))).toBe(1);
  });

  it('a GPX route imported after dark without timestamps is not a night ride', () => {
    // The import stamps a timeless line with the moment of import and leaves endedAt null.
    const importedAtNight = garmin.startedAt + 11 * 3_600_000;
    expect(isNightRide({ ...garmin, startedAt: importedAtNight, endedAt: null })).toBe(false);
  });

  it('a trip without points has no place to tell, so it is not counted', () => {
    expect(
      isNightRide({ ...garmin, startedAt: garmin.startedAt + 11 * 3_600_000, bbox: null }),
    ).toBe(false);
  });
});

describe('achievement progress', () => {
  it('earns First Tracks with one finished trip and shows 1 of 10 trips toward Regular Rider', () => {
    const rider = activity({ trips: [garmin] });
    expect(achievementProgress(definition('first-ride'), rider, undefined).earned).toBe(true);
    const regular = achievementProgress(definition('ten-rides'), rider, undefined);
    expect(regular.earned).toBe(false);
    expect(progressText(regular)).toBe('1 of 10 trips');
  });

  it('shows miles with one decimal and never above the target', () => {
    const century = achievementProgress(definition('miles-100'), activity(), undefined);
    expect(progressText(century)).toMatch(/^\d+\.\d of 100 miles$/);
    const far = achievementProgress(
      definition('miles-25'),
      activity({ trips: [{ ...garmin, distanceMiles: 31.27 }] }),
      undefined,
    );
    expect(progressText(far)).toBe('25 of 25 miles');
  });

  it('keeps stored progress and an earned achievement when the data shrinks (trip deleted)', () => {
    const stored = { progress: 1, earnedAt: 1_760_000_000_000 };
    const progress = achievementProgress(definition('first-ride'), activity({ trips: [] }), stored);
    expect(progress).toMatchObject({ value: 1, earned: true });
  });

  it('says "Not tracked yet in this app" for group rides and never earns them', () => {
    const progress = achievementProgress(definition('group-ride'), activity(), {
      progress: 0,
      earnedAt: null,
    });
    expect(progress).toMatchObject({ value: null, earned: false });
    expect(progressText(progress)).toBe(NOT_TRACKED_TEXT);
  });

  it('counts submitted trails: the first submission earns Trail Builder', () => {
    const none = achievementProgress(definition('trail-submitted'), activity(), undefined);
    expect(progressText(none)).toBe('0 of 1 trail submitted');
    const one = achievementProgress(
      definition('trail-submitted'),
      activity({ trailsSubmitted: 1 }),
      undefined,
    );
    expect(one).toMatchObject({ value: 1, earned: true });
  });
});
