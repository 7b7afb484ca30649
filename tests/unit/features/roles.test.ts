import { describe, expect, it } from 'vitest';
import { canSee } from '../../../src/features/roles.ts';
import { deriveRole } from '../../../src/lib/auth/roles.ts';
import { FEATURES, findFeature } from '../../../src/features/directory.ts';

describe('deriveRole (core-platform §3 "User")', () => {
  it.each([
    [null, 'guest'],
    [{ username: 'sam', roleId: 'admin' }, 'admin'],
    [{ username: 'sam', roleId: 'test' }, 'test'],
    [{ username: 'sam', roleId: 'user' }, 'user'],
    [{ username: 'admin', roleId: 'user' }, 'user'],
    [{ username: 'sam', roleId: 'moderator' }, 'user'],
    [{ username: 'admin' }, 'admin'],
    [{ username: 'admin', roleId: null }, 'admin'],
    [{ username: 'sam' }, 'user'],
    [{ username: 'sam', roleId: null }, 'user'],
  ] as const)('%j → %s', (user, role) => {
    expect(deriveRole(user)).toBe(role);
  });
});

function visibleRoutes(role: Parameters<typeof canSee>[1]): string[] {
  return FEATURES.filter((feature) => canSee(feature, role)).map((feature) => feature.route);
}

describe('directory role filtering (core-platform §6)', () => {
  const adminOnly = ['/fleet', '/analytics-dashboard', '/admin/trail-review'];
  const adminAndTest = ['/emergency-test', '/bluetooth-test', '/mobile-performance-test'];

  it('hides admin and test pages from guests and users', () => {
    for (const role of ['guest', 'user'] as const) {
      const routes = visibleRoutes(role);
      for (const route of [...adminOnly, ...adminAndTest]) expect(routes).not.toContain(route);
      expect(routes).toContain('/ai-trails');
      expect(routes).toContain('/duck-hunting');
    }
  });

  it('shows testers the test pages but not the admin-only pages', () => {
    const routes = visibleRoutes('test');
    for (const route of adminAndTest) expect(routes).toContain(route);
    for (const route of adminOnly) expect(routes).not.toContain(route);
  });

  it('shows admins everything', () => {
    expect(visibleRoutes('admin')).toHaveLength(FEATURES.length);
  });

  it('lists an entry with roles only for those roles, plus admin', () => {
    const fleet = findFeature('fleet');
    expect(fleet?.roles).toEqual(['admin']);
    expect(canSee({ roles: ['test'] }, 'admin')).toBe(true);
    expect(canSee({ roles: ['test'] }, 'test')).toBe(true);
    expect(canSee({ roles: ['test'] }, 'user')).toBe(false);
    expect(canSee({}, 'guest')).toBe(true);
  });
});
