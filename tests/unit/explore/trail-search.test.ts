import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTrails as loadSeedTrails } from '../../../sync-server/seed/places.ts';
import { withUsfsTrailLines } from '../../../sync-server/seed/trail-lines.ts';
import {
  NEAR_TOWN_RADIUS_MILES,
  activityChips,
  describeTrailSearch,
  filterTrails,
  filterTrailsClosestDifficulty,
  filterWildlifeAreas,
  distanceLabel,
  knownCounties,
  knownTowns,
  milesBetween,
  parseTrailSearch,
  unknownPlaceMessage,
  type SearchPlace,
} from '../../../src/explore/trail-search.ts';
import { loadTrails, loadWildlifeAreas } from './catalogue-fixture.ts';

const trails = loadTrails();
const wmas = loadWildlifeAreas();
const ids = (matches: Array<{ trail: { id: string } }>) => matches.map((match) => match.trail.id);
const none = { places: [], difficulty: null, freeText: '' } as const;
/** The places a rider's words name, as the search understands them. */
const at = (text: string): SearchPlace[] => parseTrailSearch(text).places;
const labels = (places: SearchPlace[]) => places.map((place) => place.label);
/** What a search typed into the finder returns on the shipped data. */
const search = (text: string) => filterTrails(trails, parseTrailSearch(text));

describe('parseTrailSearch (voice §5 words)', () => {
  it('recognises a multi-word place and a difficulty word, case-insensitively', () => {
    const parsed = parseTrailSearch('Easy trails near HOT   Springs');
    expect(labels(parsed.places)).toEqual(['Hot Springs']);
    expect(parsed).toMatchObject({ difficulty: 'easy', freeText: '', unknownPlaces: [] });
  });

  it('maps every difficulty synonym of §5', () => {
    expect(parseTrailSearch('beginner').difficulty).toBe('easy');
    expect(parseTrailSearch('difficult').difficulty).toBe('hard');
    expect(parseTrailSearch('challenging ride').difficulty).toBe('hard');
    expect(parseTrailSearch('medium').difficulty).toBe('moderate');
    expect(parseTrailSearch('moderate').difficulty).toBe('moderate');
  });

  it('keeps the first difficulty said and every place in spoken order', () => {
    const parsed = parseTrailSearch(
      'hard or easy near Little Rock and the Buffalo River, Fayetteville',
    );
    expect(parsed.difficulty).toBe('hard');
    expect(labels(parsed.places)).toEqual(['Little Rock', 'Buffalo River', 'Fayetteville']);
  });

  it('accepts the plural region names and does not invent places it was not given', () => {
    expect(labels(at('the Ozarks'))).toEqual(['Ozarks']);
    expect(labels(at('Ouachitas hiking'))).toEqual(['Ouachitas']);
    // Ozark is also a town in Franklin County; §5 says the word means the region.
    expect(at('ozark')).toEqual([{ kind: 'area', area: 'ozark', label: 'Ozarks' }]);
    expect(at('rock')).toEqual([]);
    expect(at('arkansas trails')).toEqual([]);
    expect(parseTrailSearch('arkansas trails').freeText).toBe('');
  });

  it('keeps unrecognised words as free text without filler words', () => {
    expect(parseTrailSearch('Show me the Pinnacle trails please').freeText).toBe('pinnacle');
    expect(parseTrailSearch("Devil's Den").freeText).toBe('devils den');
  });

  it('describes what it understood', () => {
    expect(describeTrailSearch(parseTrailSearch('easy hot springs'))).toBe(
      'Near Hot Springs · Easy',
    );
    expect(describeTrailSearch(parseTrailSearch('ozark hard bluff'))).toBe(
      'Ozarks · Hard · “bluff”',
    );
    expect(describeTrailSearch(parseTrailSearch('atv trails near Russellville'))).toBe(
      'Near Russellville · ATV',
    );
    expect(describeTrailSearch(parseTrailSearch('SxS in Polk County near me'))).toBe(
      'Polk County · Near you · UTV / side-by-side',
    );
    expect(describeTrailSearch(parseTrailSearch(''))).toBe('');
  });
});

describe('filterTrails on the shipped catalogue', () => {
  it('returns every trail, sorted by name, when nothing is asked', () => {
    const all = filterTrails(trails, none);
    // The trailheads that belong to a system are listed on the system's page instead.
    const standalone = trails.filter((trail) => trail.systemId === null);
    expect(standalone.length).toBeLessThan(trails.length);
    expect(all).toHaveLength(standalone.length);
    const names = all.map((match) => match.trail.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('lists a part of a system only when its own name is typed', () => {
    const austin = 'Austin Trailhead (Brock Creek OHV)';
    expect(filterTrails(trails, none).some((match) => match.trail.name === austin)).toBe(false);
    const typed = filterTrails(trails, { ...none, freeText: 'austin trailhead' });
    expect(typed.map((match) => match.trail.name)).toContain(austin);
  });

  it('keeps trails within the radius of Hot Springs, nearest first, and leaves far ones out', () => {
    const matches = filterTrails(trails, { ...none, places: at('hot springs') });
    expect(ids(matches)).toContain('hot-springs-off-road-park');
    expect(ids(matches)).toContain('sunset-trail-hot-springs');
    expect(ids(matches)).not.toContain('mill-creek-ohv-trail');
    for (const match of matches) {
      expect(match.distanceMiles).not.toBeNull();
      expect(match.distanceMiles!).toBeLessThanOrEqual(NEAR_TOWN_RADIUS_MILES);
    }
    const distances = matches.map((match) => match.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('finds trails near Russellville (not in Natural Earth) from its GeoNames point', () => {
    const [russellville] = at('russellville');
    expect(russellville).toMatchObject({ kind: 'town', county: 'Pope', source: 'GeoNames' });
    // The Pope County Courthouse in the town centre is at 35.2781, -93.1337.
    expect(
      milesBetween(russellville as { longitude: number; latitude: number }, {
        longitude: -93.1337,
        latitude: 35.2781,
      }),
    ).toBeLessThan(1);
    const matches = ids(filterTrails(trails, { ...none, places: at('russellville') }));
    expect(matches).toContain('bona-dea-trails');
    expect(matches).not.toContain('lost-valley-trail');
  });

  it('combines a town with a difficulty: only rated trails of that level', () => {
    const matches = filterTrails(trails, {
      ...none,
      places: at('little rock'),
      difficulty: 'hard',
    });
    expect(ids(matches)).toContain('pinnacle-east-summit-trail');
    expect(matches.every((match) => match.trail.difficulty === 'hard')).toBe(true);
    expect(ids(matches)).not.toContain('pinnacle-west-summit-trail');
  });

  it('matches a region word by region or by national-forest name', () => {
    const ouachita = filterTrails(trails, { ...none, places: at('ouachita') });
    expect(ids(ouachita)).toContain('wolf-pen-gap-ohv-trail');
    // Trailhead in Pulaski County (Central), but it is the Ouachita National Recreation Trail.
    expect(ids(ouachita)).toContain('ouachita-national-recreation-trail');
    expect(ids(ouachita)).not.toContain('mill-creek-ohv-trail');
    const ozark = filterTrails(trails, { ...none, places: at('ozark') });
    expect(
      ozark.every(
        (m) => m.trail.region === 'Ozarks' || /ozark/i.test(`${m.trail.name} ${m.trail.manager}`),
      ),
    ).toBe(true);
    expect(ids(ozark)).not.toContain('delta-heritage-trail');
  });

  it('matches rivers by mention in name, notes or manager', () => {
    const buffalo = ids(filterTrails(trails, { ...none, places: at('buffalo river') }));
    expect(buffalo).toEqual(
      expect.arrayContaining(['buffalo-river-trail', 'buffalo-national-river-float']),
    );
    expect(buffalo).not.toContain('mill-creek-ohv-trail');
    expect(ids(filterTrails(trails, { ...none, places: at('white river') }))).toEqual([
      'upland-nature-trail-white-river-nwr',
      'trailhead-white-river-bluff-trailhead',
    ]);
  });

  it('treats several places as "any of them"', () => {
    const both = ids(filterTrails(trails, { ...none, places: at('hot springs or fayetteville') }));
    expect(both).toContain('hot-springs-off-road-park');
    expect(both).toContain('lake-fayetteville-trails');
  });

  it('matches every free-text word against name, county, region, manager and notes', () => {
    expect(ids(filterTrails(trails, { ...none, freeText: 'pinnacle summit' }))).toEqual([
      'pinnacle-east-summit-trail',
      'pinnacle-west-summit-trail',
    ]);
    const byCounty = filterTrails(trails, { ...none, freeText: 'polk' });
    expect(byCounty.length).toBeGreaterThan(0);
    expect(
      byCounty.every(
        (match) => match.trail.county === 'Polk' || /polk/i.test(match.trail.notes ?? ''),
      ),
    ).toBe(true);
    expect(ids(byCounty)).toContain('wolf-pen-gap-ohv-trail');
    expect(
      ids(filterTrails(trails, { ...none, freeText: 'ranger district boston mountain' })),
    ).toContain('mill-creek-ohv-trail');
    expect(filterTrails(trails, { ...none, freeText: 'zzzz no such trail' })).toEqual([]);
  });

  it('puts an exact name match first, then names containing the text', () => {
    const matches = ids(filterTrails(trails, { ...none, freeText: 'Buffalo River Trail' }));
    expect(matches[0]).toBe('buffalo-river-trail');
    const sunset = ids(filterTrails(trails, { ...none, freeText: 'sunset trail' }));
    expect(sunset[0]).toBe('sunset-trail-hot-springs');
  });

  it('filters by activity chip and region', () => {
    const atv = filterTrails(trails, { ...none, activity: 'atv' });
    expect(atv.length).toBeGreaterThan(0);
    expect(atv.every((match) => match.trail.activities.includes('atv'))).toBe(true);
    expect(ids(atv)).toContain('mill-creek-ohv-trail');
    const biking = filterTrails(trails, { ...none, activity: 'biking', region: 'Central' });
    expect(
      biking.every((m) => m.trail.activities.includes('biking') && m.trail.region === 'Central'),
    ).toBe(true);
    expect(ids(biking)).toContain('burns-park-mtb');
  });

  it('returns no trails for hunting: hunting areas are the WMAs', () => {
    expect(filterTrails(trails, { ...none, activity: 'hunting' })).toEqual([]);
  });
});

describe('filterWildlifeAreas', () => {
  it('lists all 33 WMAs by name when nothing is asked', () => {
    const all = filterWildlifeAreas(wmas, none);
    expect(all).toHaveLength(33);
    expect(all.filter((match) => match.area.waterfowl).length).toBe(24);
  });

  it('applies town radius and free text to WMAs', () => {
    const nearLittleRock = filterWildlifeAreas(wmas, { ...none, places: at('little rock') });
    expect(nearLittleRock.map((m) => m.area.id)).toContain('maumelle-river-wma');
    expect(nearLittleRock.map((m) => m.area.id)).not.toContain('big-lake-wma');
    expect(
      filterWildlifeAreas(wmas, { ...none, freeText: 'bayou meto' }).map((m) => m.area.id),
    ).toEqual(['bayou-meto-wma']);
  });
});

describe('activity chips', () => {
  it('offers every rider activity of the data plus hunting', () => {
    expect(activityChips.map((chip) => chip.id)).toEqual([
      'atv',
      'utv',
      '4x4',
      'dirt_bike',
      'hiking',
      'biking',
      'horse',
      'paddling',
      'hunting',
    ]);
  });
});

describe('what riders type, on the shipped data (issue 11, defect 5)', () => {
  const motorised = ['atv', 'utv', 'dirt_bike', '4x4'];

  it.each([
    ['atv', 'atv'],
    ['ATVs', 'atv'],
    ['four wheeler', 'atv'],
    ['utv', 'utv'],
    ['side-by-side', 'utv'],
    ['SxS', 'utv'],
    ['RZR', 'utv'],
    ['4x4', '4x4'],
    ['jeep', '4x4'],
    ['dirt bike', 'dirt_bike'],
    ['dual sport', 'dirt_bike'],
    ['motorcycle', 'dirt_bike'],
    ['MTB', 'biking'],
    ['mountain biking', 'biking'],
    ['horseback', 'horse'],
    ['equestrian', 'horse'],
    ['kayak', 'paddling'],
    ['hike', 'hiking'],
  ] as const)('“%s” finds only trails that allow %s', (text, activity) => {
    const matches = search(text);
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.every((match) => match.trail.activities.includes(activity))).toBe(true);
    expect(parseTrailSearch(text).freeText).toBe('');
  });

  it('“off-road” and “OHV” keep every motorised trail', () => {
    const offRoad = search('off-road');
    expect(ids(offRoad)).toEqual(ids(search('OHV')));
    expect(ids(offRoad)).toEqual(
      expect.arrayContaining(['mill-creek-ohv-trail', 'wolf-pen-gap-ohv-trail']),
    );
    expect(
      offRoad.every((match) => match.trail.activities.some((a) => motorised.includes(a))),
    ).toBe(true);
  });

  it('“atv trails near Russellville” returns ATV trails near Russellville, nearest first, with miles', () => {
    const matches = search('atv trails near Russellville');
    expect(matches.length).toBeGreaterThan(0);
    const [russellville] = at('Russellville');
    for (const match of matches) {
      expect(match.trail.activities).toContain('atv');
      expect(
        milesBetween(russellville as SearchPlace & { kind: 'town' }, match.trail),
      ).toBeLessThanOrEqual(NEAR_TOWN_RADIUS_MILES);
      expect(distanceLabel(match.distance)).toMatch(/^\d+ mi from Russellville$/);
    }
    const miles = matches.map((match) => match.distanceMiles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(ids(matches)).toContain('brock-creek-ohv-trail');
  });

  it('“utv near Mena” finds Wolf Pen Gap, about 9 miles from Mena', () => {
    const matches = search('utv near Mena');
    expect(ids(matches)).toEqual(['wolf-pen-gap-ohv-trail']);
    // Measured to the exact Wolf Pen Gap East trailhead (USFS), not the old approximate point.
    expect(distanceLabel(matches[0]!.distance)).toBe('15 mi from Mena');
  });

  it('knows every Arkansas county: “<name> County”, or the bare name after near/in', () => {
    expect(knownCounties).toHaveLength(75);
    for (const county of knownCounties) {
      expect(labels(at(`trails in ${county.name} County`))).toEqual([`${county.name} County`]);
    }
    const inNewton = search('easy hikes in Newton County');
    expect(inNewton.length).toBeGreaterThan(0);
    expect(
      inNewton.every(
        (m) =>
          m.trail.county === 'Newton' &&
          m.trail.difficulty === 'easy' &&
          m.trail.activities.includes('hiking'),
      ),
    ).toBe(true);
    expect(ids(search('atv near Polk'))).toEqual(['wolf-pen-gap-ohv-trail']);
    // Bare everyday words are not counties unless a place word comes first.
    expect(at('stone steps')).toEqual([]);
    expect(labels(at('near Stone'))).toEqual(['Stone County']);
  });

  it('knows every town of the shipped gazetteer, and the county it is in', () => {
    const arkansas = knownTowns.filter((town) => town.state === 'AR');
    expect(arkansas.length).toBeGreaterThan(200);
    for (const town of arkansas) {
      if (town.name === 'Ozark') continue; // §5: "ozark" is the region
      const found = at(`trails near ${town.name}`);
      expect(found.some((place) => place.kind === 'town' && place.name === town.name)).toBe(true);
    }
    expect(labels(at('near Salem'))).toEqual(['Salem (Fulton County)', 'Salem (Saline County)']);
    expect(labels(at('near Memphis'))).toEqual(['Memphis, Tennessee']);
    // The longer name wins: North Little Rock is not Little Rock.
    expect(labels(at('north little rock'))).toEqual(['North Little Rock']);
  });

  it('says so when a place cannot be located instead of failing silently', () => {
    const parsed = parseTrailSearch('atv trails near Boxley Valley');
    expect(parsed.unknownPlaces).toEqual(['boxley valley']);
    expect(unknownPlaceMessage(parsed)).toBe(
      "We don't know where “boxley valley” is, so it was searched as words in trail names and notes. Try a nearby town or county, or “near me”.",
    );
    expect(unknownPlaceMessage(parseTrailSearch('atv near Russellville'))).toBeNull();
    // A trail whose name has the words is still found.
    expect(ids(search('trails near wolf pen'))).toEqual([
      'wolf-pen-gap-ohv-trail',
      'trailhead-wolf-park',
    ]);
  });

  it('“near me” sorts every matching trail by distance from the rider', () => {
    const parsed = parseTrailSearch('atv trails near me');
    expect(parsed.nearMe).toBe(true);
    expect(parsed.places).toEqual([]);
    expect(parseTrailSearch('closest jeep trail').nearMe).toBe(true);
    // A rider in Mena.
    const near = { longitude: -94.23966, latitude: 34.58622 };
    const matches = filterTrails(trails, { ...parsed, near });
    expect(matches).toHaveLength(search('atv').length);
    expect(matches[0]!.trail.id).toBe('wolf-pen-gap-ohv-trail');
    expect(distanceLabel(matches[0]!.distance)).toBe('15 mi from you');
    const miles = matches.map((match) => match.distanceMiles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it('“hunting near Stuttgart” lists WMAs near Stuttgart, not trails', () => {
    const parsed = parseTrailSearch('duck hunting near Stuttgart');
    expect(filterTrails(trails, parsed)).toEqual([]);
    const areas = filterWildlifeAreas(wmas, parsed);
    expect(areas.map((m) => m.area.id)).toContain('bayou-meto-wma');
    expect(areas.every((m) => m.distanceMiles! <= NEAR_TOWN_RADIUS_MILES)).toBe(true);
  });
});

describe('a difficulty no trail has', () => {
  // The catalogue with the USFS lines, whose systems carry a difficulty derived from trail classes.
  const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));
  const seeded = withUsfsTrailLines(dataDir, loadSeedTrails(dataDir, 0), 0);

  it('"beginner utv" shows the closest level instead of an empty list, and says so', () => {
    const criteria = parseTrailSearch('beginner utv');
    expect(filterTrails(seeded, criteria)).toEqual([]);
    const { matches, shownDifficulty } = filterTrailsClosestDifficulty(seeded, criteria);
    expect(shownDifficulty).toBe('moderate');
    expect(ids(matches)).toEqual(
      expect.arrayContaining(['brock-creek-ohv-trail', 'moccasin-gap-trail']),
    );
    expect(matches.every(({ trail }) => trail.difficulty === 'moderate')).toBe(true);
  });

  it('keeps the level asked for when some trail has it', () => {
    const { shownDifficulty } = filterTrailsClosestDifficulty(
      seeded,
      parseTrailSearch('moderate atv'),
    );
    expect(shownDifficulty).toBeNull();
  });
});
