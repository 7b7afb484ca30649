import { describe, expect, it } from 'vitest';
import { isPaletteShortcut } from '../../../src/app/palette-store.ts';
import { discoverFeatures, pushRecent, DISCOVER_LIMIT } from '../../../src/app/recent-features.ts';
import { mayOpen } from '../../../src/app/role-gate.tsx';
import { isCurrentEntry } from '../../../src/app/use-current-page.ts';
import { MORE_SECTIONS, resolveVisible, TOP_NAV_GROUPS } from '../../../src/app/nav-data.ts';
import { FEATURES } from '../../../src/features/directory.ts';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>>,
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('palette shortcut', () => {
  it('opens on Ctrl+K and Cmd+K only', () => {
    expect(isPaletteShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('k', {}))).toBe(false);
    expect(isPaletteShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key('j', { ctrlKey: true }))).toBe(false);
  });
});

describe('Discover list (voice-navigation §2.3, §9)', () => {
  it('keeps recent keys unique, newest first, at most 5', () => {
    let list: string[] = [];
    for (const k of ['a', 'b', 'c', 'a', 'd', 'e', 'f']) list = pushRecent(list, k);
    expect(list).toEqual(['f', 'e', 'd', 'a', 'c']);
  });

  it('lists recent features before popular ones, role-filtered, up to 5', () => {
    const items = discoverFeatures(['fleet', 'fishing', 'garage'], 'guest');
    expect(items.map((item) => item.feature.key).slice(0, 2)).toEqual(['fishing', 'garage']);
    expect(items.map((item) => item.feature.key)).not.toContain('fleet');
    expect(items).toHaveLength(DISCOVER_LIMIT);
    expect(items.filter((item) => item.recent)).toHaveLength(2);
    expect(discoverFeatures(['fleet'], 'admin')[0]?.feature.key).toBe('fleet');
  });
});

describe('role guard', () => {
  it('lets only permitted roles open guarded routes', () => {
    expect(mayOpen('fleet', 'guest')).toBe(false);
    expect(mayOpen('fleet', 'test')).toBe(false);
    expect(mayOpen('fleet', 'admin')).toBe(true);
    expect(mayOpen('emergency-test', 'test')).toBe(true);
    expect(mayOpen('emergency-test', 'user')).toBe(false);
    expect(mayOpen('ai-trails', 'guest')).toBe(true);
    expect(mayOpen(undefined, 'guest')).toBe(true);
  });
});

describe('navigation menus', () => {
  it('marks the current page by path and query', () => {
    expect(
      isCurrentEntry(
        { route: '/equipment-intelligence?category=lighting' },
        '/equipment-intelligence?category=lighting',
      ),
    ).toBe(true);
    expect(
      isCurrentEntry(
        { route: '/equipment-intelligence' },
        '/equipment-intelligence?category=lighting',
      ),
    ).toBe(false);
    expect(isCurrentEntry({ route: '/' }, '/')).toBe(true);
  });

  it('only references directory keys', () => {
    const keys = new Set(FEATURES.map((feature) => feature.key));
    for (const group of [...TOP_NAV_GROUPS, ...MORE_SECTIONS]) {
      for (const k of group.keys) expect(keys.has(k), `${group.id}: ${k}`).toBe(true);
    }
  });

  it('hides admin pages in More from non-admins', () => {
    const track = MORE_SECTIONS.find((section) => section.id === 'track-manage');
    const guestKeys = resolveVisible(track?.keys ?? [], 'guest').map((f) => f.key);
    const adminKeys = resolveVisible(track?.keys ?? [], 'admin').map((f) => f.key);
    expect(guestKeys).not.toContain('fleet');
    expect(adminKeys).toContain('fleet');
    expect(adminKeys).toContain('admin-trail-review');
  });

  it('keeps the top navigation groups in the spec order', () => {
    expect(TOP_NAV_GROUPS.map((group) => group.label)).toEqual([
      'Ride',
      'Explore',
      'Safety',
      'Hunting',
      'Learn',
      'Garage & Services',
      'Local Areas',
    ]);
  });
});
