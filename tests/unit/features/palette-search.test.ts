import { describe, expect, it } from 'vitest';
import { DESCRIBED_FEATURES as FEATURES } from '../../../src/features/directory-text.ts';
import {
  matchesFeature,
  NO_FEATURES_FOR_ROLE_MESSAGE,
  NO_MATCH_MESSAGE,
  PALETTE_CATEGORY_ORDER,
  searchPalette,
} from '../../../src/features/palette-search.ts';

function keys(query: string, role: 'guest' | 'user' | 'test' | 'admin' = 'guest'): string[] {
  return searchPalette(FEATURES, query, role).groups.flatMap((group) =>
    group.items.map((item) => item.key),
  );
}

describe('palette matching (core-platform §2)', () => {
  it('matches labels case-insensitively', () => {
    expect(keys('DUCK')).toEqual(expect.arrayContaining(['duck-hunting', 'duck-hunting-guide']));
    expect(keys('duck hunting guide')).toEqual(['duck-hunting-guide']);
  });

  it('matches tags', () => {
    expect(keys('Mallard')).toContain('duck-hunting');
    expect(keys('winch')).toEqual(expect.arrayContaining(['dual-battery', 'equipment-mastery']));
  });

  it('finds the outdoor settings by their words, on the Safety Center', () => {
    for (const words of ['glove', 'outdoor', 'high contrast', 'vibration', 'settings']) {
      expect(keys(words)).toContain('safety');
    }
  });

  it('matches descriptions', () => {
    expect(keys('keeps working offline once downloaded')).toEqual(['map']);
  });

  it('does not match text found nowhere', () => {
    expect(matchesFeature({ label: 'Map', description: 'A map.', tags: ['gps'] }, 'zebra')).toBe(
      false,
    );
  });

  it('applies role filtering like the menus', () => {
    expect(keys('fleet', 'guest')).toEqual([]);
    expect(keys('fleet', 'test')).toEqual([]);
    expect(keys('fleet', 'admin')).toEqual(['fleet']);
    expect(keys('bluetooth', 'test')).toEqual(['bluetooth-test']);
  });
});

describe('palette grouping', () => {
  it('orders groups Ride, Explore, Safety, Learn, Hunting, Garage, Local, Me, Admin', () => {
    const categories = searchPalette(FEATURES, '', 'admin').groups.map((group) => group.category);
    expect(categories).toEqual([
      'Ride',
      'Explore',
      'Safety',
      'Learn',
      'Hunting',
      'Garage',
      'Local',
      'Me',
      'Admin',
    ]);
    expect(PALETTE_CATEGORY_ORDER).toHaveLength(new Set(FEATURES.map((f) => f.category)).size);
  });

  it('drops the Admin group for guests', () => {
    const categories = searchPalette(FEATURES, '', 'guest').groups.map((group) => group.category);
    expect(categories).not.toContain('Admin');
    expect(categories[0]).toBe('Ride');
  });
});

describe('palette empty messages', () => {
  it("says 'No features found.' when a search matches nothing", () => {
    const result = searchPalette(FEATURES, 'qqqzzz', 'admin');
    expect(result.groups).toEqual([]);
    expect(result.emptyMessage).toBe(NO_MATCH_MESSAGE);
    expect(NO_MATCH_MESSAGE).toBe('No features found.');
  });

  it("says 'No features available for your role.' when nothing is visible without a search", () => {
    const adminOnly = FEATURES.filter((feature) => feature.roles?.length === 1);
    const result = searchPalette(adminOnly, '  ', 'guest');
    expect(result.emptyMessage).toBe('No features available for your role.');
    expect(NO_FEATURES_FOR_ROLE_MESSAGE).toBe('No features available for your role.');
  });

  it('has no message when there are results', () => {
    expect(searchPalette(FEATURES, 'map', 'guest').emptyMessage).toBeNull();
  });
});
