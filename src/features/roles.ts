/**
 * Roles and feature visibility (core-platform §3 "User" and §6). Pure functions shared by the
 * menus, the command palette and the route guard so all three always agree.
 */
import type { FeatureEntry } from './directory.ts';

/** The four roles of core-platform §6. */
export type Role = 'guest' | 'user' | 'test' | 'admin';

/** The part of a stored user that decides the role. */
export interface RoleSource {
  username?: string;
  roleId?: string | null;
}

/**
 * Derives the role of a user (core-platform §3 "User"): no user → guest; roleId 'admin' → admin;
 * 'test' → test; any other roleId → user; without a roleId, username 'admin' → admin, else user.
 */
export function deriveRole(user: RoleSource | null | undefined): Role {
  if (!user) return 'guest';
  const roleId = user.roleId;
  if (roleId !== undefined && roleId !== null && roleId !== '') {
    if (roleId === 'admin') return 'admin';
    if (roleId === 'test') return 'test';
    return 'user';
  }
  return user.username === 'admin' ? 'admin' : 'user';
}

/**
 * Whether a role may see a feature (core-platform §6): no roles list → everyone; otherwise the
 * listed roles; admin sees everything.
 */
export function canSee(feature: Pick<FeatureEntry, 'roles'>, role: Role): boolean {
  if (role === 'admin') return true;
  if (!feature.roles) return true;
  return feature.roles.includes(role);
}

/** The features a role may see, in directory order. */
export function visibleFeatures<T extends Pick<FeatureEntry, 'roles'>>(
  features: readonly T[],
  role: Role,
): T[] {
  return features.filter((feature) => canSee(feature, role));
}
