/**
 * Which directory entries appear in which menu (requirements §voice-2.3 top navigation, §voice-2.4
 * bottom navigation "More" sections). Menus hold feature keys only; labels, badges, icons and
 * role visibility come from the directory, so a feature is described once.
 */
import { FEATURES, findFeature, type FeatureEntry } from '../features/directory.ts';
import { canSee } from '../features/roles.ts';
import type { Role } from '../lib/auth/roles.ts';

/** A titled list of directory keys. */
export interface NavGroup {
  id: string;
  label: string;
  keys: readonly string[];
}

function keysOf(category: FeatureEntry['category'], except: readonly string[] = []): string[] {
  return FEATURES.filter(
    (feature) => feature.category === category && !except.includes(feature.key),
  ).map((feature) => feature.key);
}

/**
 * Dropdown groups of the desktop top navigation, in the spec's order. Skills subpages stay out
 * of Learn (they are reached from the skills page, the palette and All Features) to keep the
 * menu short enough to scan on the move.
 */
export const TOP_NAV_GROUPS: readonly NavGroup[] = [
  { id: 'ride', label: 'Ride', keys: keysOf('Ride', ['features']) },
  { id: 'explore', label: 'Explore', keys: keysOf('Explore', ['home', 'map']) },
  { id: 'safety', label: 'Safety', keys: keysOf('Safety') },
  { id: 'hunting', label: 'Hunting', keys: keysOf('Hunting') },
  {
    id: 'learn',
    label: 'Learn',
    keys: ['arkansas-skills', 'riding-techniques', 'fishing', 'game', 'blog'],
  },
  { id: 'garage', label: 'Garage & Services', keys: keysOf('Garage') },
  { id: 'local', label: 'Local Areas', keys: keysOf('Local') },
];

/** Account items of the Me menu for a signed-in rider; admin/test pages follow, role-filtered. */
export const ME_MENU_KEYS: readonly string[] = [
  'profile',
  'saved',
  'achievements',
  'notification-center',
  'notification-preferences',
  'donate',
];

/** Admin and test pages listed in the Me menu (filtered by role). */
export const ADMIN_MENU_KEYS: readonly string[] = [...keysOf('Admin'), 'emergency-test'];

/** The sections of the mobile More menu (requirements §voice-2.4), in order. */
export const MORE_SECTIONS: readonly NavGroup[] = [
  {
    id: 'outdoor',
    label: 'Outdoor Activities',
    keys: [
      'ai-trip-planner',
      'intelligent-advisor',
      'record',
      'real-trail-riding',
      'navigate',
      'group-ride',
      'duck-hunting',
      'hunting',
      'fishing',
      'scouting-guide',
    ],
  },
  {
    id: 'learn',
    label: 'Learn & Improve',
    keys: ['arkansas-skills', 'riding-techniques', 'duck-hunting-guide', 'game', 'blog'],
  },
  {
    id: 'safety-equipment',
    label: 'Safety & Equipment',
    keys: [
      'emergency',
      'water-safety-alerts',
      'emergency-waterway-contacts',
      'access-point-map',
      'garage',
      'equipment-intelligence',
      'diagnostic',
      'equipment-guide',
      'arkansas-repair-shops',
      'emergency-test',
    ],
  },
  {
    id: 'track-manage',
    label: 'Track & Manage',
    keys: [
      'saved',
      'achievements',
      'submit-trail',
      'notification-center',
      'notification-preferences',
      'features',
      ...keysOf('Admin'),
      'privacy-policy',
      'terms-of-service',
    ],
  },
];

/** The entries of a key list the role may see, in list order (unknown keys are skipped). */
export function resolveVisible(keys: readonly string[], role: Role): FeatureEntry[] {
  return keys
    .map((key) => findFeature(key))
    .filter((feature): feature is FeatureEntry => feature !== undefined && canSee(feature, role));
}
