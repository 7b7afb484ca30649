import { describe, expect, it } from 'vitest';
import {
  NEAR_TOWN_RADIUS_MILES,
  activityChips,
  describeTrailSearch,
  filterTrails,
  filterWildlifeAreas,
  isActivityFilter,
  milesFromTown,
  parseTrailSearch,
} from '../../../src/explore/trail-search.ts';
import { loadTrails, loadWildlifeAreas } from './catalogue-fixture.ts';

const trails = loadTrails();
const wmas = loadWildlifeAreas();
const ids = (matches: Array<{ trail: { id: string } }>) => matches.map((match) => match.trail.id);
const none = { places: [], difficulty: null, freeText: '' } as const;

describe('parseTrailSearch (voice §5 words)', () => {
  it('recognises a multi-word place and a difficulty word, case-insensitively', () => {
    expect(parseTrailSearch('Easy trails near HOT   Springs')).toEqual({
      places: ['hot springs'],
      difficulty: 'easy',
      freeText: '',
    });
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
    expect(parsed.places).toEqual(['little rock', 'buffalo river', 'fayetteville']);
  });

  it('accepts the plural region names and does not invent places it was not given', () => {
    expect(parseTrailSearch('the Ozarks').places).toEqual(['ozark']);
    expect(parseTrailSearch('Ouachitas hiking').places).toEqual(['ouachita']);
    // Mena and Conway are real towns, but §5 does not list them: they stay free text.
    expect(parseTrailSearch('trails near Mena')).toEqual({
      places: [],
      difficulty: null,
      freeText: 'mena',
    });
    expect(parseTrailSearch('rock').places).toEqual([]);
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
    expect(describeTrailSearch(parseTrailSearch(''))).toBe('');
  });
});

describe('filterTrails on the shipped catalogue', () => {
  it('returns every trail, sorted by name, when nothing is asked', () => {
    const all = filterTrails(trails, none);
    expect(all).toHaveLength(trails.length);
    const names = all.map((match) => match.trail.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('keeps trails within the radius of Hot Springs, nearest first, and leaves far ones out', () => {
    const matches = filterTrails(trails, { ...none, places: ['hot springs'] });
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

  it('finds trails near Russellville (not in Natural Earth) from its cited point', () => {
    const matches = ids(filterTrails(trails, { ...none, places: ['russellville'] }));
    expect(matches).toContain('bona-dea-trails');
    expect(matches).not.toContain('lost-valley-trail');
    expect(milesFromTown('russellville', -93.1369, 35.2783)).toBeCloseTo(0, 5);
  });

  it('combines a town with a difficulty: only rated trails of that level', () => {
    const matches = filterTrails(trails, { ...none, places: ['little rock'], difficulty: 'hard' });
    expect(ids(matches)).toContain('pinnacle-east-summit-trail');
    expect(matches.every((match) => match.trail.difficulty === 'hard')).toBe(true);
    expect(ids(matches)).not.toContain('pinnacle-west-summit-trail');
  });

  it('matches a region word by region or by national-forest name', () => {
    const ouachita = filterTrails(trails, { ...none, places: ['ouachita'] });
    expect(ids(ouachita)).toContain('wolf-pen-gap-ohv-trail');
    // Trailhead in Pulaski County (Central), but it is the Ouachita National Recreation Trail.
    expect(ids(ouachita)).toContain('ouachita-national-recreation-trail');
    expect(ids(ouachita)).not.toContain('mill-creek-ohv-trail');
    const ozark = filterTrails(trails, { ...none, places: ['ozark'] });
    expect(
      ozark.every(
        (m) => m.trail.region === 'Ozarks' || /ozark/i.test(`${m.trail.name} ${m.trail.manager}`),
      ),
    ).toBe(true);
    expect(ids(ozark)).not.toContain('delta-heritage-trail');
  });

  it('matches rivers by mention in name, notes or manager', () => {
    const buffalo = ids(filterTrails(trails, { ...none, places: ['buffalo river'] }));
    expect(buffalo).toEqual(
      expect.arrayContaining(['buffalo-river-trail', 'buffalo-national-river-float']),
    );
    expect(buffalo).not.toContain('mill-creek-ohv-trail');
    expect(ids(filterTrails(trails, { ...none, places: ['white river'] }))).toEqual([
      'upland-nature-trail-white-river-nwr',
    ]);
  });

  it('treats several places as "any of them"', () => {
    const both = ids(filterTrails(trails, { ...none, places: ['hot springs', 'fayetteville'] }));
    expect(both).toContain('hot-springs-off-road-park');
    expect(both).toContain('lake-fayetteville-trails');
  });

  it('matches every free-text word against name, county, region, manager and notes', () => {
    expect(ids(filterTrails(trails, { ...none, freeText: 'pinnacle summit' }))).toEqual([
      'pinnacle-east-summit-trail',
      'pinnacle-west-summit-trail',
    ]);
    const byCounty = filterTrails(trails, { ...none, freeText: 'polk' });
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
    const nearLittleRock = filterWildlifeAreas(wmas, { ...none, places: ['little rock'] });
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
    expect(isActivityFilter('hiking')).toBe(true);
    expect(isActivityFilter('jetski')).toBe(false);
    expect(isActivityFilter(undefined)).toBe(false);
  });
});
