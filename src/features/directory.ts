/**
 * The feature directory (core-platform §2): one entry per page a rider can open. It drives the
 * top and bottom navigation, the command palette, the All Features page and the role guard on
 * routes, so a feature's label, badges and visibility are defined once. The table follows
 * core-platform §2 and adds the extra pages of voice-navigation §2.1 (intelligent advisor,
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

/** One entry of the feature directory (core-platform §2). */
export interface FeatureEntry {
  /** Stable identifier, unique in the directory. */
  key: string;
  label: string;
  /** Where the entry navigates: an app path, optionally with a query (`/x?category=lighting`). */
  route: string;
  /** Router path of the parameterised variant of this page (`/map/$trailId`), if any. */
  pathPattern?: string;
  icon: FeatureIconName;
  /** One sentence saying what the page does for a rider. */
  description: string;
  category: FeatureCategory;
  /** Extra search words for the palette (matched case-insensitively). */
  tags: readonly string[];
  /** ISO date (YYYY-MM-DD); the New badge shows while today is before it. */
  newUntil: string | null;
  beta: boolean;
  /** Roles allowed to see the entry; absent means everyone (core-platform §6). */
  roles?: readonly Role[];
}

/** Skills subpages shared by /arkansas-skills/<subpage> (voice-navigation §2.1). */
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

type EntryInput = Omit<FeatureEntry, 'newUntil' | 'beta' | 'tags'> &
  Partial<Pick<FeatureEntry, 'newUntil' | 'beta' | 'tags'>>;

function entry(input: EntryInput): FeatureEntry {
  return { newUntil: null, beta: false, tags: [], ...input };
}

/** Every feature, in menu order within each category. */
export const FEATURES: readonly FeatureEntry[] = [
  // Explore
  entry({
    key: 'home',
    label: 'Home',
    route: '/',
    icon: 'house',
    description: 'Start page with trail categories, featured riding areas and campgrounds.',
    category: 'Explore',
    tags: ['start', 'dashboard', 'campgrounds'],
  }),
  entry({
    key: 'ai-trails',
    label: 'AI Trails',
    route: '/ai-trails',
    icon: 'sparkles',
    description: 'Find Arkansas trails that match your vehicle, activity and skill.',
    category: 'Explore',
    tags: ['trails', 'find', 'search', 'recommendations', 'hiking', 'biking', 'hunting'],
    newUntil: '2025-12-01',
  }),
  entry({
    key: 'ai-trip-planner',
    label: 'AI Trip Planner',
    route: '/ai-trip-planner',
    icon: 'route',
    description: 'Plan a multi-stop trip with distance, time and cost estimates.',
    category: 'Explore',
    tags: ['plan', 'itinerary', 'trip'],
    beta: true,
  }),
  entry({
    key: 'intelligent-advisor',
    label: 'Intelligent Advisor',
    route: '/intelligent-advisor',
    icon: 'bot',
    description: 'Ask questions about trails, gear and conditions and get tailored advice.',
    category: 'Explore',
    tags: ['ai', 'assistant', 'advice', 'questions'],
  }),
  entry({
    key: 'map',
    label: 'Trail Map',
    route: '/map',
    pathPattern: '/map/$trailId',
    icon: 'map',
    description: 'Browse trails on a map that keeps working offline once downloaded.',
    category: 'Explore',
    tags: ['maps', 'offline', 'trails', 'gps'],
  }),
  entry({
    key: 'saved',
    label: 'Saved Trails',
    route: '/saved',
    icon: 'heart',
    description: 'The trails you saved, available without signal.',
    category: 'Explore',
    tags: ['favorites', 'bookmarks', 'offline'],
  }),
  entry({
    key: 'campgrounds',
    label: 'Campgrounds',
    route: '/campgrounds',
    icon: 'tent',
    description:
      'Search 228 Arkansas campgrounds offline: amenities, contact, reservations and rider ratings.',
    category: 'Explore',
    tags: ['camping', 'campsites', 'rv', 'tent', 'corps of engineers', 'state parks', 'reviews'],
  }),
  entry({
    key: 'submit-trail',
    label: 'Submit a Trail',
    route: '/submit-trail',
    icon: 'upload',
    description: 'Send a trail you know for review so other riders can find it.',
    category: 'Explore',
    tags: ['contribute', 'add', 'new trail'],
  }),
  // Ride
  entry({
    key: 'navigate',
    label: 'Navigate',
    route: '/navigate',
    pathPattern: '/navigate/$trailId',
    icon: 'navigation',
    description: 'Turn-by-turn guidance along a trail; pick a trail first.',
    category: 'Ride',
    tags: ['gps', 'directions', 'guidance', 'turn by turn'],
  }),
  entry({
    key: 'record',
    label: 'Record Trip',
    route: '/record',
    icon: 'circle-dot',
    description: 'Record your ride track, distance and time, even with no signal.',
    category: 'Ride',
    tags: ['track', 'gps', 'log', 'tracking'],
  }),
  entry({
    key: 'real-trail-riding',
    label: 'Real Trail Riding',
    route: '/real-trail-riding',
    icon: 'satellite',
    description: 'Live GPS view of your position while you ride a trail.',
    category: 'Ride',
    tags: ['gps', 'live', 'position', 'tracking'],
    newUntil: '2025-12-01',
  }),
  entry({
    key: 'group-ride',
    label: 'Group Rides',
    route: '/group-ride',
    pathPattern: '/group/$id',
    icon: 'users',
    description: 'Organise a ride with friends and keep the group together.',
    category: 'Ride',
    tags: ['friends', 'group', 'share', 'convoy'],
  }),
  entry({
    key: 'features',
    label: 'All Features',
    route: '/features',
    icon: 'layout-grid',
    description: 'Every feature of the app, grouped by category.',
    category: 'Ride',
    tags: ['browse', 'directory', 'everything', 'discover'],
  }),
  // Safety
  entry({
    key: 'safety',
    label: 'Safety Center',
    route: '/safety',
    icon: 'life-buoy',
    description: 'Safety tools, emergency contacts and SOS for when a ride goes wrong.',
    category: 'Safety',
    tags: ['sos', 'emergency', 'help', 'first aid'],
    newUntil: '2025-11-01',
  }),
  entry({
    key: 'emergency',
    label: 'Emergency',
    route: '/emergency',
    icon: 'siren',
    description: 'One-screen emergency help: share your location and call for help.',
    category: 'Safety',
    tags: ['sos', '911', 'help', 'panic', 'accident', 'injured'],
  }),
  entry({
    key: 'emergency-test',
    label: 'Emergency Test',
    route: '/emergency-test',
    icon: 'shield-alert',
    description: 'Check that the emergency features work on this device.',
    category: 'Safety',
    tags: ['test', 'diagnostics', 'sos'],
    roles: ['admin', 'test'],
  }),
  entry({
    key: 'water-safety-alerts',
    label: 'Water Safety Alerts',
    route: '/water-safety-alerts',
    icon: 'waves',
    description: 'Safety alerts for Arkansas rivers and lakes before you go out.',
    category: 'Safety',
    tags: ['river', 'lake', 'flood', 'water', 'alerts'],
    newUntil: '2025-12-01',
  }),
  entry({
    key: 'emergency-waterway-contacts',
    label: 'Waterway Emergency Contacts',
    route: '/emergency-waterway-contacts',
    icon: 'phone',
    description: 'Who to call for an emergency on or near the water.',
    category: 'Safety',
    tags: ['river', 'rescue', 'contacts', 'phone'],
    newUntil: '2025-12-01',
  }),
  entry({
    key: 'access-point-map',
    label: 'Water Access Points',
    route: '/access-point-map',
    icon: 'map-pin',
    description: 'Map of boat ramps and river access points.',
    category: 'Safety',
    tags: ['boat ramp', 'river', 'launch', 'kayak', 'access'],
    newUntil: '2025-12-01',
  }),
  // Learn
  entry({
    key: 'arkansas-skills',
    label: 'Arkansas Skills',
    route: '/arkansas-skills',
    icon: 'graduation-cap',
    description: 'Skills training for off-road riding, biking and hiking in Arkansas.',
    category: 'Learn',
    tags: ['training', 'courses', 'skills', 'learn'],
    beta: true,
  }),
  entry({
    key: 'terrain-mastery',
    label: 'Terrain Mastery',
    route: '/arkansas-skills/terrain-mastery',
    icon: 'mountain',
    description: 'Learn to ride mud, rock, sand, water crossings and hills.',
    category: 'Learn',
    tags: ['mud', 'rocks', 'hills', 'training'],
  }),
  entry({
    key: 'safety-certification',
    label: 'Safety Certification',
    route: '/arkansas-skills/safety-certification',
    icon: 'badge-check',
    description: 'Work through the safety course and track your certification progress.',
    category: 'Learn',
    tags: ['certificate', 'course', 'safety', 'training'],
    beta: true,
  }),
  entry({
    key: 'group-leadership',
    label: 'Group Leadership',
    route: '/arkansas-skills/group-leadership',
    icon: 'flag',
    description: 'How to lead a group ride safely: briefings, spacing and sweep riders.',
    category: 'Learn',
    tags: ['lead', 'group', 'training'],
  }),
  entry({
    key: 'environmental-stewardship',
    label: 'Environmental Stewardship',
    route: '/arkansas-skills/environmental-stewardship',
    icon: 'trees',
    description: 'Ride in ways that keep trails open and the land healthy.',
    category: 'Learn',
    tags: ['tread lightly', 'leave no trace', 'environment'],
  }),
  entry({
    key: 'navigation-mastery',
    label: 'Navigation Mastery',
    route: '/arkansas-skills/navigation-mastery',
    icon: 'compass',
    description: 'Map, compass and GPS skills for finding your way off-grid.',
    category: 'Learn',
    tags: ['map', 'compass', 'gps', 'orienteering'],
  }),
  entry({
    key: 'equipment-mastery',
    label: 'Equipment Mastery',
    route: '/arkansas-skills/equipment-mastery',
    icon: 'wrench',
    description: 'Know your machine and recovery gear before you need them.',
    category: 'Learn',
    tags: ['winch', 'recovery', 'gear', 'maintenance'],
  }),
  entry({
    key: 'weather-mastery',
    label: 'Weather Mastery',
    route: '/arkansas-skills/weather-mastery',
    icon: 'cloud-sun-rain',
    description: 'Read the weather and decide when to ride, wait or turn back.',
    category: 'Learn',
    tags: ['storm', 'lightning', 'rain', 'heat'],
  }),
  entry({
    key: 'advanced-techniques',
    label: 'Advanced Techniques',
    route: '/arkansas-skills/advanced-techniques',
    icon: 'flame',
    description: 'Advanced riding techniques for experienced riders.',
    category: 'Learn',
    tags: ['expert', 'technical', 'training'],
  }),
  entry({
    key: 'instructor-certification',
    label: 'Instructor Certification',
    route: '/arkansas-skills/instructor-certification',
    icon: 'file-badge',
    description: 'The path to teaching others to ride safely.',
    category: 'Learn',
    tags: ['teach', 'instructor', 'certificate'],
    beta: true,
  }),
  entry({
    key: 'dirt-bike-safety-gear',
    label: 'Dirt Bike Safety Gear',
    route: '/arkansas-skills/dirt-bike-safety-gear',
    icon: 'shirt',
    description: 'What protective gear to wear on a dirt bike and why.',
    category: 'Learn',
    tags: ['helmet', 'boots', 'motocross', 'dirt bike'],
  }),
  entry({
    key: 'dirt-bike-maintenance',
    label: 'Dirt Bike Maintenance',
    route: '/arkansas-skills/dirt-bike-maintenance',
    icon: 'wrench',
    description: 'Routine maintenance that keeps a dirt bike running on the trail.',
    category: 'Learn',
    tags: ['chain', 'oil', 'air filter', 'dirt bike'],
  }),
  entry({
    key: 'dirt-bike-riding-skills',
    label: 'Dirt Bike Riding Skills',
    route: '/arkansas-skills/dirt-bike-riding-skills',
    icon: 'gauge',
    description: 'Body position, throttle and braking skills for dirt bikes.',
    category: 'Learn',
    tags: ['motocross', 'enduro', 'dirt bike'],
  }),
  entry({
    key: 'bicycle-handling-skills',
    label: 'Bicycle Handling Skills',
    route: '/arkansas-skills/bicycle-handling-skills',
    icon: 'bike',
    description: 'Mountain bike handling: climbing, descending and cornering.',
    category: 'Learn',
    tags: ['mountain bike', 'mtb', 'cycling'],
  }),
  entry({
    key: 'bicycle-maintenance-education',
    label: 'Bicycle Maintenance',
    route: '/arkansas-skills/bicycle-maintenance-education',
    icon: 'wrench',
    description: 'Trailside bike fixes: flats, chains and brakes.',
    category: 'Learn',
    tags: ['mountain bike', 'mtb', 'repair', 'cycling'],
  }),
  entry({
    key: 'hiking-navigation-skills',
    label: 'Hiking Navigation Skills',
    route: '/arkansas-skills/hiking-navigation-skills',
    icon: 'footprints',
    description: 'Stay on route on foot with map, compass and GPS.',
    category: 'Learn',
    tags: ['hiking', 'map', 'compass'],
  }),
  entry({
    key: 'hiking-wilderness-survival',
    label: 'Wilderness Survival',
    route: '/arkansas-skills/hiking-wilderness-survival',
    icon: 'tent',
    description: 'Shelter, water and signalling basics if you are stranded.',
    category: 'Learn',
    tags: ['survival', 'hiking', 'shelter', 'water'],
  }),
  entry({
    key: 'fishing',
    label: 'Fishing',
    route: '/fishing',
    icon: 'fish',
    description: 'Fishing information for Arkansas lakes and rivers.',
    category: 'Learn',
    tags: ['angling', 'bass', 'trout', 'lake', 'river'],
    newUntil: '2026-01-01',
  }),
  entry({
    key: 'riding-techniques',
    label: 'Riding Techniques',
    route: '/riding-techniques',
    icon: 'book-open',
    description: 'Practical techniques for riding ATVs, UTVs and 4x4s on the trail.',
    category: 'Learn',
    tags: ['atv', 'utv', '4x4', 'how to'],
  }),
  entry({
    key: 'blog',
    label: "Founder's Story",
    route: '/blog',
    icon: 'feather',
    description: 'Why this app exists, what offline-first means and where its data comes from.',
    category: 'Learn',
    tags: ['blog', 'about', 'story'],
  }),
  entry({
    key: 'game',
    label: 'Trail Safety Game',
    route: '/game',
    icon: 'gamepad-2',
    description: 'A safety challenge game that tests your trail knowledge.',
    category: 'Learn',
    tags: ['quiz', 'challenge', 'play', 'trail riding game'],
    newUntil: '2025-12-01',
  }),
  // Hunting
  entry({
    key: 'duck-hunting',
    label: 'Duck Hunting',
    route: '/duck-hunting',
    icon: 'bird',
    description: 'Arkansas duck season dates, bag limits and shooting hours.',
    category: 'Hunting',
    tags: ['waterfowl', 'mallard', 'season', 'limits', 'geese'],
  }),
  entry({
    key: 'duck-hunting-guide',
    label: 'Duck Hunting Guide',
    route: '/duck-hunting-guide',
    icon: 'book',
    description: 'How to plan and run a safe, legal duck hunt.',
    category: 'Hunting',
    tags: ['waterfowl', 'decoys', 'blind', 'guide'],
  }),
  entry({
    key: 'hunting',
    label: 'Hunting & Fishing',
    route: '/hunting',
    icon: 'crosshair',
    description: 'Hunting and fishing information for Arkansas, including WMAs.',
    category: 'Hunting',
    tags: ['deer', 'wma', 'turkey', 'fishing', 'season'],
    newUntil: '2026-01-01',
  }),
  entry({
    key: 'scouting-guide',
    label: 'Scouting Guide',
    route: '/scouting-guide',
    icon: 'binoculars',
    description: 'Scout hunting areas before the season opens.',
    category: 'Hunting',
    tags: ['scout', 'trail camera', 'wma', 'hunting'],
  }),
  // Garage
  entry({
    key: 'garage',
    label: 'My Garage',
    route: '/garage',
    icon: 'warehouse',
    description: 'Keep your vehicles and their maintenance in one place.',
    category: 'Garage',
    tags: ['vehicles', 'atv', 'utv', 'maintenance'],
  }),
  entry({
    key: 'equipment-intelligence',
    label: 'Equipment Intelligence',
    route: '/equipment-intelligence',
    icon: 'cpu',
    description: 'Compare and choose lighting, electrical and recovery equipment.',
    category: 'Garage',
    tags: ['equipment', 'gear', 'upgrades', 'accessories'],
  }),
  entry({
    key: 'diagnostic',
    label: 'Diagnostic Wizard',
    route: '/diagnostic',
    icon: 'stethoscope',
    description: 'Step-by-step help to find why your vehicle will not run right.',
    category: 'Garage',
    tags: ['troubleshoot', 'repair', 'broken', 'engine'],
  }),
  entry({
    key: 'equipment-guide',
    label: 'Equipment Guide',
    route: '/equipment-guide',
    icon: 'book-open',
    description: 'What to pack and carry for a day or a weekend on the trail.',
    category: 'Garage',
    tags: ['gear', 'checklist', 'packing'],
  }),
  entry({
    key: 'arkansas-repair-shops',
    label: 'Repair Shops',
    route: '/arkansas-repair-shops',
    icon: 'wrench',
    description: 'Repair shops for off-road vehicles around Arkansas.',
    category: 'Garage',
    tags: ['mechanic', 'service', 'repair'],
  }),
  entry({
    key: 'lighting-whips',
    label: 'Lighting Whips',
    route: '/equipment-intelligence?category=lighting',
    icon: 'lightbulb',
    description: 'Compare LED whips and flag lights for your vehicle.',
    category: 'Garage',
    tags: ['led', 'whip', 'lights', 'lighting'],
  }),
  entry({
    key: 'dual-battery',
    label: 'Dual Battery Setup',
    route: '/equipment-intelligence?category=electrical',
    icon: 'battery-charging',
    description: 'Plan a second battery for winches, lights and accessories.',
    category: 'Garage',
    tags: ['battery', 'electrical', 'winch'],
  }),
  entry({
    key: 'battery-isolator',
    label: 'Battery Isolator',
    route: '/equipment-intelligence?category=electrical',
    icon: 'zap',
    description: 'Choose an isolator so accessories never drain your starting battery.',
    category: 'Garage',
    tags: ['battery', 'electrical', 'isolator'],
  }),
  entry({
    key: 'battery-monitor',
    label: 'Battery Monitor',
    route: '/equipment-intelligence?category=electrical',
    icon: 'gauge',
    description: 'Choose a monitor to watch battery voltage while you ride.',
    category: 'Garage',
    tags: ['battery', 'electrical', 'voltage'],
  }),
  // Local
  entry({
    key: 'local-shopping-network',
    label: 'Local Shopping',
    route: '/local-shopping-network',
    icon: 'store',
    description:
      'How shops get listed, and a packing list of parts and supplies to buy before the trail.',
    category: 'Local',
    tags: ['shops', 'parts', 'stores', 'supplies'],
  }),
  entry({
    key: 'local-services',
    label: 'Local Services',
    route: '/local-services',
    icon: 'handshake',
    description:
      'Campgrounds near any trail, and how towing, fuel and repair businesses get listed.',
    category: 'Local',
    tags: ['towing', 'fuel', 'lodging', 'services'],
  }),
  entry({
    key: 'arkansas-wma-permits',
    label: 'WMA Permits',
    route: '/arkansas-wma-permits',
    icon: 'file-text',
    description: 'Which permits you need for Arkansas Wildlife Management Areas.',
    category: 'Local',
    tags: ['wma', 'permit', 'license', 'wildlife management area'],
  }),
  entry({
    key: 'jerusalem-area-trails',
    label: 'Jerusalem Area Trails',
    route: '/jerusalem-area-trails',
    icon: 'tree-pine',
    description:
      'The Brock Creek OHV trails north of Jerusalem: location, map, campgrounds nearby.',
    category: 'Local',
    tags: ['trails', 'local', 'ohv'],
  }),
  entry({
    key: 'carters-riding-park',
    label: "Carter's Riding Park",
    route: '/carters-riding-park',
    icon: 'tree-pine',
    description: "Information about riding at Carter's Riding Park.",
    category: 'Local',
    tags: ['riding park', 'beginner', 'ohv'],
  }),
  entry({
    key: 'macks-pines',
    label: "Mack's Pines",
    route: '/macks-pines',
    icon: 'tree-pine',
    description: "Information about riding at Mack's Pines.",
    category: 'Local',
    tags: ['riding park', 'ohv', 'camping'],
  }),
  entry({
    key: 'hot-springs-offroad-park',
    label: 'Hot Springs Off-Road Park',
    route: '/hot-springs-offroad-park',
    icon: 'tree-pine',
    description: 'Information about riding at Hot Springs Off-Road Park.',
    category: 'Local',
    tags: ['riding park', 'ohv', 'hot springs'],
  }),
  entry({
    key: 'waterway-conditions',
    label: 'Waterway Conditions',
    route: '/waterway-conditions',
    icon: 'waves',
    description: 'River and lake conditions before you launch or cross.',
    category: 'Local',
    tags: ['river levels', 'lake', 'flow', 'water'],
  }),
  // Me
  entry({
    key: 'profile',
    label: 'Profile',
    route: '/profile',
    icon: 'user',
    description: 'Sign in, register and manage your account and vehicle.',
    category: 'Me',
    tags: ['login', 'sign in', 'account', 'register', 'logout'],
  }),
  entry({
    key: 'achievements',
    label: 'Achievements',
    route: '/achievements',
    icon: 'trophy',
    description: 'Badges and milestones you have earned on your rides.',
    category: 'Me',
    tags: ['badges', 'stats', 'gamification', 'rewards'],
  }),
  entry({
    key: 'notification-preferences',
    label: 'Notification Preferences',
    route: '/notification-preferences',
    icon: 'bell',
    description: 'Choose which alerts and notifications you receive.',
    category: 'Me',
    tags: ['alerts', 'settings', 'notifications'],
  }),
  entry({
    key: 'notification-center',
    label: 'Notification Center',
    route: '/notification-center',
    icon: 'bell-ring',
    description: 'All the notifications you have received.',
    category: 'Me',
    tags: ['alerts', 'inbox', 'notifications'],
  }),
  entry({
    key: 'donate',
    label: 'Donate',
    route: '/donate',
    icon: 'hand-heart',
    description: 'Support the one person who builds and maintains this free app.',
    category: 'Me',
    tags: ['support', 'donation', 'tip'],
  }),
  entry({
    key: 'privacy-policy',
    label: 'Privacy Policy',
    route: '/privacy-policy',
    icon: 'lock',
    description: 'How your data is stored and used.',
    category: 'Me',
    tags: ['privacy', 'legal', 'data'],
  }),
  entry({
    key: 'terms-of-service',
    label: 'Terms of Service',
    route: '/terms-of-service',
    icon: 'file-text',
    description: 'The terms for using the app.',
    category: 'Me',
    tags: ['terms', 'legal'],
  }),
  // Admin
  entry({
    key: 'fleet',
    label: 'Fleet Dashboard',
    route: '/fleet',
    icon: 'truck',
    description: 'The riders of this installation and the vehicles in their garages.',
    category: 'Admin',
    tags: ['fleet', 'vehicles', 'admin'],
    roles: ['admin'],
  }),
  entry({
    key: 'analytics-dashboard',
    label: 'Analytics Dashboard',
    route: '/analytics-dashboard',
    icon: 'chart-column',
    description: 'Page views and feature use of this installation, counted first-party.',
    category: 'Admin',
    tags: ['analytics', 'stats', 'admin'],
    roles: ['admin'],
  }),
  entry({
    key: 'admin-trail-review',
    label: 'Trail Review',
    route: '/admin/trail-review',
    icon: 'clipboard-check',
    description: 'Review trails submitted by riders before they are published.',
    category: 'Admin',
    tags: ['moderation', 'submissions', 'admin', 'approve'],
    roles: ['admin'],
  }),
  entry({
    key: 'bluetooth-test',
    label: 'Bluetooth Test',
    route: '/bluetooth-test',
    icon: 'bluetooth',
    description: 'Check Bluetooth controls and headsets on this device.',
    category: 'Admin',
    tags: ['bluetooth', 'test', 'headset'],
    roles: ['admin', 'test'],
  }),
  entry({
    key: 'mobile-performance-test',
    label: 'Mobile Performance Test',
    route: '/mobile-performance-test',
    icon: 'smartphone',
    description: 'Measure how the app performs on this device.',
    category: 'Admin',
    tags: ['performance', 'test', 'speed'],
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
