import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  PLACES_PER_GROUP,
  buildPlaceIndex,
  searchPlaces,
} from '../../../src/explore/place-search.ts';
import { loadCampgrounds } from '../../../datasets/campgrounds.ts';
import { loadTrails, loadWildlifeAreas } from './catalogue-fixture.ts';

const campgrounds = loadCampgrounds(fileURLToPath(new URL('../../../data', import.meta.url)), 0);
const index = buildPlaceIndex(loadTrails(), loadWildlifeAreas(), campgrounds);
const group = (text: string, kind: string) =>
  searchPlaces(index, text).find((candidate) => candidate.kind === kind);

describe('palette search of trails, WMAs and campgrounds (shipped data)', () => {
  it('finds Wolf Pen Gap by part of its name, with a typo too, and links to its trail page', () => {
    for (const text of ['Wolf Pen', 'wolf pe', 'wolff pen']) {
      const trails = group(text, 'trail');
      expect(trails?.items[0]).toMatchObject({
        id: 'wolf-pen-gap-ohv-trail',
        name: 'Wolf Pen Gap Trail Complex',
        href: '/map/wolf-pen-gap-ohv-trail',
        detail: 'Polk County · Ouachitas',
      });
    }
  });

  it('finds WMAs and campgrounds, each opening the map with its card', () => {
    expect(group('bayou meto', 'wma')?.items[0]).toMatchObject({
      id: 'bayou-meto-wma',
      href: '/map?wma=bayou-meto-wma',
    });
    const camps = group('Brock Creek', 'campground');
    expect(camps?.items.length).toBeGreaterThan(0);
    expect(camps?.items[0]?.href).toMatch(/^\/map\?campground=/);
    expect(camps?.items[0]?.name).toMatch(/Brock Creek/);
  });

  it('lists the trails the finder would for a search it understands, with miles', () => {
    const trails = group('atv near Russellville', 'trail');
    expect(trails?.total).toBe(4);
    expect(trails?.items[0]?.detail).toMatch(/^\d+ mi from Russellville · /);
    expect(group('utv near Mena', 'trail')?.items.map((item) => item.id)).toEqual([
      'wolf-pen-gap-ohv-trail',
    ]);
  });

  it('lists at most five places per group, counts them all, and nothing for blank text', () => {
    const hiking = group('hiking', 'trail');
    expect(hiking?.items).toHaveLength(PLACES_PER_GROUP);
    expect(hiking?.total).toBeGreaterThan(PLACES_PER_GROUP);
    expect(searchPlaces(index, '   ')).toEqual([]);
    expect(searchPlaces(index, 'zzzz qqqq')).toEqual([]);
  });
});
