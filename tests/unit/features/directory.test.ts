import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURES, findFeature, isNew } from '../../../src/features/directory.ts';
import { DESCRIBED_FEATURES, FEATURE_TEXT } from '../../../src/features/directory-text.ts';
import { parkPages } from '../../../src/local/parks.ts';

describe('feature directory (core-platform §2)', () => {
  it('has unique keys', () => {
    const keys = FEATURES.map((feature) => feature.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has the four Garage shortcuts pointing to equipment intelligence with a category', () => {
    const shortcuts = ['lighting-whips', 'dual-battery', 'battery-isolator', 'battery-monitor'].map(
      (key) => findFeature(key),
    );
    expect(shortcuts.map((feature) => feature?.route)).toEqual([
      '/equipment-intelligence?category=lighting',
      '/equipment-intelligence?category=electrical',
      '/equipment-intelligence?category=electrical',
      '/equipment-intelligence?category=electrical',
    ]);
    expect(shortcuts.every((feature) => feature?.category === 'Garage')).toBe(true);
  });

  it('carries the spec badges', () => {
    expect(findFeature('ai-trip-planner')?.beta).toBe(true);
    expect(findFeature('arkansas-skills')?.beta).toBe(true);
    expect(findFeature('safety-certification')?.beta).toBe(true);
    expect(findFeature('instructor-certification')?.beta).toBe(true);
    expect(findFeature('terrain-mastery')?.beta).toBe(false);
    expect(findFeature('ai-trails')?.newUntil).toBe('2025-12-01');
    expect(findFeature('safety')?.newUntil).toBe('2025-11-01');
    expect(findFeature('fishing')?.newUntil).toBe('2026-01-01');
    expect(findFeature('hunting')?.newUntil).toBe('2026-01-01');
  });

  it('gives every entry a one-sentence description and a category, and no words to a missing key', () => {
    expect(Object.keys(FEATURE_TEXT).sort()).toEqual(FEATURES.map((feature) => feature.key).sort());
    for (const feature of DESCRIBED_FEATURES) {
      expect(feature.description, feature.key).toMatch(/^[A-Z].+\.$/);
      expect(feature.description.toLowerCase(), feature.key).not.toContain('coming soon');
    }
  });
});

describe('isNew', () => {
  const today = '2026-11-20';

  it('shows no New badge once the date has passed', () => {
    expect(isNew({ newUntil: '2025-12-01' }, today)).toBe(false);
    expect(isNew({ newUntil: '2026-01-01' }, today)).toBe(false);
    expect(FEATURES.filter((feature) => isNew(feature, today))).toEqual([]);
  });

  it('shows it while today is before newUntil, and not on the day itself', () => {
    expect(isNew({ newUntil: '2025-12-01' }, '2025-11-30')).toBe(true);
    expect(isNew({ newUntil: '2025-12-01' }, '2025-12-01')).toBe(false);
    expect(isNew({ newUntil: '2025-12-01' }, new Date(2025, 10, 30, 23, 59))).toBe(true);
    expect(isNew({ newUntil: null }, '2000-01-01')).toBe(false);
  });
});

describe('riding park and area pages (issue 16)', () => {
  const trailIds = new Set(
    (
      JSON.parse(
        readFileSync(new URL('../../../data/places/trails.geojson', import.meta.url), 'utf8'),
      ) as { features: { properties: { id: string } }[] }
    ).features.map((feature) => feature.properties.id),
  );

  it.each(Object.values(parkPages))('$key: the menu opens its own page at $path', (park) => {
    expect(findFeature(park.key)?.route).toBe(park.path);
  });

  it.each(Object.values(parkPages).filter((park) => park.trailId !== null))(
    '$key is built from the shipped trail $trailId',
    (park) => {
      expect(trailIds.has(park.trailId!)).toBe(true);
    },
  );

  it("leaves Carter's without a catalogue record: no source places it", () => {
    expect(parkPages['carters-riding-park'].trailId).toBeNull();
    expect(trailIds.has('carters-riding-park')).toBe(false);
  });
});
