/**
 * The feature directory (requirements §core-2): one entry per page a rider can open. It drives the
 * top and bottom navigation, the command palette, the All Features page and the role guard on
 * routes, so a feature's label, badges and visibility are defined once. The table follows
 * requirements §core-2 and adds the extra pages of requirements §voice-2.1 (intelligent advisor,
 * diagnostic, emergency, achievements, scouting guide, local services, notification center and
 * the extra skills subpages).
 *
 * Aliases of the same page (/equipment, /trail-riding-game, /gps) and the /trails redirect are
 * routes only, not entries, so the palette never lists one page twice.
 */
import type { Role } from '../lib/auth/roles.ts';

/** Directory categories; the palette's display order lives in palette-search.ts. */
export type FeatureCategory =
  'Explore' | 'Ride' | 'Safety' | 'Learn' | 'Hunting' | 'Garage' | 'Local' | 'Me' | 'Admin';

/** lucide-react icon names used by the directory (kebab-case, as in lucide's catalogue). */
export type FeatureIconName =
  | 'house'
  | 'sparkles'
  | 'route'
  | 'map'
  | 'heart'
  | 'upload'
  | 'bot'
  | 'navigation'
  | 'circle-dot'
  | 'satellite'
  | 'users'
  | 'layout-grid'
  | 'trophy'
  | 'life-buoy'
  | 'siren'
  | 'shield-alert'
  | 'waves'
  | 'phone'
  | 'map-pin'
  | 'graduation-cap'
  | 'mountain'
  | 'badge-check'
  | 'flag'
  | 'trees'
  | 'compass'
  | 'wrench'
  | 'cloud-sun-rain'
  | 'flame'
  | 'file-badge'
  | 'shirt'
  | 'bike'
  | 'footprints'
  | 'tent'
  | 'fish'
  | 'book-open'
  | 'feather'
  | 'gamepad-2'
  | 'bird'
  | 'book'
  | 'crosshair'
  | 'binoculars'
  | 'warehouse'
  | 'cpu'
  | 'stethoscope'
  | 'lightbulb'
  | 'battery-charging'
  | 'zap'
  | 'gauge'
  | 'store'
  | 'handshake'
  | 'tree-pine'
  | 'user'
  | 'bell'
  | 'bell-ring'
  | 'hand-heart'
  | 'lock'
  | 'file-text'
  | 'truck'
  | 'chart-column'
  | 'clipboard-check'
  | 'bluetooth'
  | 'smartphone';

/** One entry of the feature directory (requirements §core-2). */
export interface FeatureEntry {
  /** Stable identifier, unique in the directory. */
  key: string;
  label: string;
  /** Where the entry navigates: an app path, optionally with a query (`/x?category=lighting`). */
  route: string;
  /** Router path of the parameterised variant of this page (`/map/$trailId`), if any. */
  pathPattern?: string;
  icon: FeatureIconName;
  category: FeatureCategory;
  /** ISO date (YYYY-MM-DD); the New badge shows while today is before it. */
  newUntil: string | null;
  beta: boolean;
  /** Roles allowed to see the entry; absent means everyone (requirements §core-6). */
  roles?: readonly Role[];
}

/** Skills subpages shared by /arkansas-skills/<subpage> (requirements §voice-2.1). */
export const SKILLS_SUBPAGES = [
  'terrain-mastery',
  'safety-certification',
  'group-leadership',
  'environmental-stewardship',
  'navigation-mastery',
  'equipment-mastery',
  'weather-mastery',
  'advanced-techniques',
  'instructor-certification',
  'dirt-bike-safety-gear',
  'dirt-bike-maintenance',
  'dirt-bike-riding-skills',
  'bicycle-handling-skills',
  'bicycle-maintenance-education',
  'hiking-navigation-skills',
  'hiking-wilderness-survival',
] as const;

/** A skills subpage slug. */
export type SkillsSubpage = (typeof SKILLS_SUBPAGES)[number];

type EntryInput = Omit<FeatureEntry, 'newUntil' | 'beta'> &
  Partial<Pick<FeatureEntry, 'newUntil' | 'beta'>>;

function entry(input: EntryInput): FeatureEntry {
  return { newUntil: null, beta: false, ...input };
}

/** Every feature, in menu order within each category. */
export const FEATURES: readonly FeatureEntry[] = [
  // Explore
  entry({
    key: 'home',
    label: 'Home',
    route: '/',
    icon: 'house',
    category: 'Explore',
  }),
  entry({
    key: 'ai-trails',
    label: 'AI Trails',
    route: '/ai-trails',
    icon: 'sparkles',
    category: 'Explore',
    newUntil: '2025-12-01',
  }),
  entry({
    key: 'ai-trip-planner',
    label: 'AI Trip Planner',
    route: '/ai-trip-planner',
    icon: 'route',
    category: 'Explore',
    beta: true,
  }),
  entry({
    key: 'intelligent-advisor',
    label: 'Intelligent Advisor',
    route: '/intelligent-advisor',
    icon: 'bot',
    category: 'Explore',
  }),
  entry({
    key: 'map',
    label: 'Trail Map',
    route: '/map',
    pathPattern: '/map/$trailId',
    icon: 'map',
    category: 'Explore',
  }),
  entry({
    key: 'saved',
    label: 'Saved Trails',
    route: '/saved',
    icon: 'heart',
    category: 'Explore',
  }),
  entry({
    key: 'campgrounds',
    label: 'Campgrounds',
    route: '/campgrounds',
    icon: 'tent',
    category: 'Explore',
  }),
  entry({
    key: 'submit-trail',
    label: 'Submit a Trail',
    route: '/submit-trail',
    icon: 'upload',
    category: 'Explore',
  }),
  // Ride
  entry({
    key: 'navigate',
    label: 'Navigate',
    route: '/navigate',
    pathPattern: '/navigate/$trailId',
    icon: 'navigation',
    category: 'Ride',
  }),
  entry({
    key: 'record',
    label: 'Record Trip',
    route: '/record',
    icon: 'circle-dot',
    category: 'Ride',
  }),
  entry({
    key: 'real-trail-riding',
    label: 'Real Trail Riding',
    route: '/real-trail-riding',
    icon: 'satellite',
    category: 'Ride',
    newUntil: '2025-12-01',
  }),
  entry({
    key: 'group-ride',
    label: 'Group Rides',
    route: '/group-ride',
    pathPattern: '/group/$id',
    icon: 'users',
    category: 'Ride',
  }),
  entry({
    key: 'features',
    label: 'All Features',
    route: '/features',
    icon: 'layout-grid',
    category: 'Ride',
  }),
  // Safety
  entry({
    key: 'safety',
    label: 'Safety Center',
    route: '/safety',
    icon: 'life-buoy',
    category: 'Safety',
    newUntil: '2025-11-01',
  }),
  entry({
    key: 'emergency',
    label: 'Emergency',
    route: '/emergency',
    icon: 'siren',
    category: 'Safety',
  }),
  entry({
    key: 'emergency-test',
    label: 'Emergency Test',
    route: '/emergency-test',
    icon: 'shield-alert',
    category: 'Safety',
    roles: ['admin', 'test'],
  }),
  entry({
    key: 'water-safety-alerts',
    label: 'Water Safety Alerts',
    route: '/water-safety-alerts',
    icon: 'waves',
    category: 'Safety',
    newUntil: '2025-12-01',
  }),
  entry({
    key: 'emergency-waterway-contacts',
    label: 'Waterway Emergency Contacts',
    route: '/emergency-waterway-contacts',
    icon: 'phone',
    category: 'Safety',
    newUntil: '2025-12-01',
  }),
  entry({
    key: 'access-point-map',
    label: 'Water Access Points',
    route: '/access-point-map',
    icon: 'map-pin',
    category: 'Safety',
    newUntil: '2025-12-01',
  }),
  // Learn
  entry({
    key: 'arkansas-skills',
    label: 'Arkansas Skills',
    route: '/arkansas-skills',
    icon: 'graduation-cap',
    category: 'Learn',
    beta: true,
  }),
  entry({
    key: 'terrain-mastery',
    label: 'Terrain Mastery',
    route: '/arkansas-skills/terrain-mastery',
    icon: 'mountain',
    category: 'Learn',
  }),
  entry({
    key: 'safety-certification',
    label: 'Safety Certification',
    route: '/arkansas-skills/safety-certification',
    icon: 'badge-check',
    category: 'Learn',
    beta: true,
  }),
  entry({
    key: 'group-leadership',
    label: 'Group Leadership',
    route: '/arkansas-skills/group-leadership',
    icon: 'flag',
    category: 'Learn',
  }),
  entry({
    key: 'environmental-stewardship',
    label: 'Environmental Stewardship',
    route: '/arkansas-skills/environmental-stewardship',
    icon: 'trees',
    category: 'Learn',
  }),
  entry({
    key: 'navigation-mastery',
    label: 'Navigation Mastery',
    route: '/arkansas-skills/navigation-mastery',
    icon: 'compass',
    category: 'Learn',
  }),
  entry({
    key: 'equipment-mastery',
    label: 'Equipment Mastery',
    route: '/arkansas-skills/equipment-mastery',
    icon: 'wrench',
    category: 'Learn',
  }),
  entry({
    key: 'weather-mastery',
    label: 'Weather Mastery',
    route: '/arkansas-skills/weather-mastery',
    icon: 'cloud-sun-rain',
    category: 'Learn',
  }),
  entry({
    key: 'advanced-techniques',
    label: 'Advanced Techniques',
    route: '/arkansas-skills/advanced-techniques',
    icon: 'flame',
    category: 'Learn',
  }),
  entry({
    key: 'instructor-certification',
    label: 'Instructor Certification',
    route: '/arkansas-skills/instructor-certification',
    icon: 'file-badge',
    category: 'Learn',
    beta: true,
  }),
  entry({
    key: 'dirt-bike-safety-gear',
    label: 'Dirt Bike Safety Gear',
    route: '/arkansas-skills/dirt-bike-safety-gear',
    icon: 'shirt',
    category: 'Learn',
  }),
  entry({
    key: 'dirt-bike-maintenance',
    label: 'Dirt Bike Maintenance',
    route: '/arkansas-skills/dirt-bike-maintenance',
    icon: 'wrench',
    category: 'Learn',
  }),
  entry({
    key: 'dirt-bike-riding-skills',
    label: 'Dirt Bike Riding Skills',
    route: '/arkansas-skills/dirt-bike-riding-skills',
    icon: 'gauge',
    category: 'Learn',
  }),
  entry({
    key: 'bicycle-handling-skills',
    label: 'Bicycle Handling Skills',
    route: '/arkansas-skills/bicycle-handling-skills',
    icon: 'bike',
    category: 'Learn',
  }),
  entry({
    key: 'bicycle-maintenance-education',
    label: 'Bicycle Maintenance',
    route: '/arkansas-skills/bicycle-maintenance-education',
    icon: 'wrench',
    category: 'Learn',
  }),
  entry({
    key: 'hiking-navigation-skills',
    label: 'Hiking Navigation Skills',
    route: '/arkansas-skills/hiking-navigation-skills',
    icon: 'footprints',
    category: 'Learn',
  }),
  entry({
    key: 'hiking-wilderness-survival',
    label: 'Wilderness Survival',
    route: '/arkansas-skills/hiking-wilderness-survival',
    icon: 'tent',
    category: 'Learn',
  }),
  entry({
    key: 'fishing',
    label: 'Fishing',
    route: '/fishing',
    icon: 'fish',
    category: 'Learn',
    newUntil: '2026-01-01',
  }),
  entry({
    key: 'riding-techniques',
    label: 'Riding Techniques',
    route: '/riding-techniques',
    icon: 'book-open',
    category: 'Learn',
  }),
  entry({
    key: 'blog',
    label: "Founder's Story",
    route: '/blog',
    icon: 'feather',
    category: 'Learn',
  }),
  entry({
    key: 'game',
    label: 'Trail Safety Game',
    route: '/game',
    icon: 'gamepad-2',
    category: 'Learn',
    newUntil: '2025-12-01',
  }),
  // Hunting
  entry({
    key: 'duck-hunting',
    label: 'Duck Hunting',
    route: '/duck-hunting',
    icon: 'bird',
    category: 'Hunting',
  }),
  entry({
    key: 'duck-hunting-guide',
    label: 'Duck Hunting Guide',
    route: '/duck-hunting-guide',
    icon: 'book',
    category: 'Hunting',
  }),
  entry({
    key: 'hunting',
    label: 'Hunting & Fishing',
    route: '/hunting',
    icon: 'crosshair',
    category: 'Hunting',
    newUntil: '2026-01-01',
  }),
  entry({
    key: 'scouting-guide',
    label: 'Scouting Guide',
    route: '/scouting-guide',
    icon: 'binoculars',
    category: 'Hunting',
  }),
  // Garage
  entry({
    key: 'garage',
    label: 'My Garage',
    route: '/garage',
    icon: 'warehouse',
    category: 'Garage',
  }),
  entry({
    key: 'equipment-intelligence',
    label: 'Equipment Intelligence',
    route: '/equipment-intelligence',
    icon: 'cpu',
    category: 'Garage',
  }),
  entry({
    key: 'diagnostic',
    label: 'Diagnostic Wizard',
    route: '/diagnostic',
    icon: 'stethoscope',
    category: 'Garage',
  }),
  entry({
    key: 'equipment-guide',
    label: 'Equipment Guide',
    route: '/equipment-guide',
    icon: 'book-open',
    category: 'Garage',
  }),
  entry({
    key: 'arkansas-repair-shops',
    label: 'Repair Shops',
    route: '/arkansas-repair-shops',
    icon: 'wrench',
    category: 'Garage',
  }),
  entry({
    key: 'lighting-whips',
    label: 'Lighting Whips',
    route: '/equipment-intelligence?category=lighting',
    icon: 'lightbulb',
    category: 'Garage',
  }),
  entry({
    key: 'dual-battery',
    label: 'Dual Battery Setup',
    route: '/equipment-intelligence?category=electrical',
    icon: 'battery-charging',
    category: 'Garage',
  }),
  entry({
    key: 'battery-isolator',
    label: 'Battery Isolator',
    route: '/equipment-intelligence?category=electrical',
    icon: 'zap',
    category: 'Garage',
  }),
  entry({
    key: 'battery-monitor',
    label: 'Battery Monitor',
    route: '/equipment-intelligence?category=electrical',
    icon: 'gauge',
    category: 'Garage',
  }),
  // Local
  entry({
    key: 'local-shopping-network',
    label: 'Local Shopping',
    route: '/local-shopping-network',
    icon: 'store',
    category: 'Local',
  }),
  entry({
    key: 'local-services',
    label: 'Local Services',
    route: '/local-services',
    icon: 'handshake',
    category: 'Local',
  }),
  entry({
    key: 'arkansas-wma-permits',
    label: 'WMA Permits',
    route: '/arkansas-wma-permits',
    icon: 'file-text',
    category: 'Local',
  }),
  entry({
    key: 'jerusalem-area-trails',
    label: 'Jerusalem Area Trails',
    route: '/jerusalem-area-trails',
    icon: 'tree-pine',
    category: 'Local',
  }),
  entry({
    key: 'carters-riding-park',
    label: "Carter's Riding Park",
    route: '/carters-riding-park',
    icon: 'tree-pine',
    category: 'Local',
  }),
  entry({
    key: 'macks-pines',
    label: "Mack's Pines",
    route: '/macks-pines',
    icon: 'tree-pine',
    category: 'Local',
  }),
  entry({
    key: 'hot-springs-offroad-park',
    label: 'Hot Springs Off-Road Park',
    route: '/hot-springs-offroad-park',
    icon: 'tree-pine',
    category: 'Local',
  }),
  entry({
    key: 'waterway-conditions',
    label: 'Waterway Conditions',
    route: '/waterway-conditions',
    icon: 'waves',
    category: 'Local',
  }),
  // Me
  entry({
    key: 'profile',
    label: 'Profile',
    route: '/profile',
    icon: 'user',
    category: 'Me',
  }),
  entry({
    key: 'achievements',
    label: 'Achievements',
    route: '/achievements',
    icon: 'trophy',
    category: 'Me',
  }),
  entry({
    key: 'notification-preferences',
    label: 'Notification Preferences',
    route: '/notification-preferences',
    icon: 'bell',
    category: 'Me',
  }),
  entry({
    key: 'notification-center',
    label: 'Notification Center',
    route: '/notification-center',
    icon: 'bell-ring',
    category: 'Me',
  }),
  entry({
    key: 'donate',
    label: 'Donate',
    route: '/donate',
    icon: 'hand-heart',
    category: 'Me',
  }),
  entry({
    key: 'privacy-policy',
    label: 'Privacy Policy',
    route: '/privacy-policy',
    icon: 'lock',
    category: 'Me',
  }),
  entry({
    key: 'terms-of-service',
    label: 'Terms of Service',
    route: '/terms-of-service',
    icon: 'file-text',
    category: 'Me',
  }),
  // Admin
  entry({
    key: 'fleet',
    label: 'Fleet Dashboard',
    route: '/fleet',
    icon: 'truck',
    category: 'Admin',
    roles: ['admin'],
  }),
  entry({
    key: 'analytics-dashboard',
    label: 'Analytics Dashboard',
    route: '/analytics-dashboard',
    icon: 'chart-column',
    category: 'Admin',
    roles: ['admin'],
  }),
  entry({
    key: 'admin-trail-review',
    label: 'Trail Review',
    route: '/admin/trail-review',
    icon: 'clipboard-check',
    category: 'Admin',
    roles: ['admin'],
  }),
  entry({
    key: 'admin-seasons',
    label: 'Seasons and Regulations',
    route: '/admin/seasons',
    icon: 'file-text',
    category: 'Admin',
    roles: ['admin'],
  }),
  entry({
    key: 'bluetooth-test',
    label: 'Bluetooth Test',
    route: '/bluetooth-test',
    icon: 'bluetooth',
    category: 'Admin',
    roles: ['admin', 'test'],
  }),
  entry({
    key: 'mobile-performance-test',
    label: 'Mobile Performance Test',
    route: '/mobile-performance-test',
    icon: 'smartphone',
    category: 'Admin',
    roles: ['admin', 'test'],
  }),
];

const byKey = new Map(FEATURES.map((feature) => [feature.key, feature]));

/** The entry with this key; throws if the key is not in the directory (a programming error). */
export function getFeature(key: string): FeatureEntry {
  const feature = byKey.get(key);
  if (!feature) throw new Error(`Unknown feature key: ${key}`);
  return feature;
}

/** The entry with this key, or undefined. */
export function findFeature(key: string): FeatureEntry | undefined {
  return byKey.get(key);
}

/**
 * Whether the entry shows a New badge on `today`: true while today is before `newUntil`.
 * Dates compare as calendar days in ISO form (YYYY-MM-DD), so time zones do not shift a badge.
 */
export function isNew(feature: Pick<FeatureEntry, 'newUntil'>, today: Date | string): boolean {
  if (!feature.newUntil) return false;
  const day = typeof today === 'string' ? today.slice(0, 10) : toIsoDay(today);
  return day < feature.newUntil;
}

function toIsoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
