/**
 * Feature visibility by role (requirements §core-6). Pure functions shared by the menus, the
 * command palette and the route guard so all three always agree. The roles themselves are an auth
 * concept (src/lib/auth/roles.ts).
 */
import type { Role } from '../lib/auth/roles.ts';
import type { FeatureEntry } from './directory.ts';

/**
 * Whether a role may see a feature (requirements §core-6): no roles list → everyone; otherwise the
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
