/**
 * What the feature directory says about each page (requirements §core-2): its one-sentence
 * description and the extra words the command palette matches. Kept apart from the directory
 * itself because only the palette and the All Features page show them, and both load after the
 * first screen: the menus, route guard and page titles need only directory.ts (the
 * first-load budget).
 */
import { FEATURES, type FeatureEntry } from './directory.ts';

/** The words of one directory entry. */
export interface FeatureText {
  /** One sentence saying what the page does for a rider. */
  description: string;
  /** Extra search words for the palette (matched case-insensitively). */
  tags: readonly string[];
}

/** A directory entry with its words. */
export type DescribedFeature = FeatureEntry & FeatureText;

/** The words of every entry, by feature key. */
export const FEATURE_TEXT: Readonly<Record<string, FeatureText>> = {
  home: {
    description: 'Start page with trail categories, featured riding areas and campgrounds.',
    tags: ['start', 'dashboard', 'campgrounds'],
  },
  'ai-trails': {
    description: 'Find Arkansas trails that match your vehicle, activity and skill.',
    tags: ['trails', 'find', 'search', 'recommendations', 'hiking', 'biking', 'hunting'],
  },
  'ai-trip-planner': {
    description: 'Plan a multi-stop trip with distance, time and cost estimates.',
    tags: ['plan', 'itinerary', 'trip'],
  },
  'intelligent-advisor': {
    description: 'Ask questions about trails, gear and conditions and get tailored advice.',
    tags: ['ai', 'assistant', 'advice', 'questions'],
  },
  map: {
    description: 'Browse trails on a map that keeps working offline once downloaded.',
    tags: ['maps', 'offline', 'trails', 'gps'],
  },
  saved: {
    description: 'The trails you saved, available without signal.',
    tags: ['favorites', 'bookmarks', 'offline'],
  },
  campgrounds: {
    description:
      'Search 224 Arkansas campgrounds offline: amenities, contact, reservations and rider ratings.',
    tags: ['camping', 'campsites', 'rv', 'tent', 'corps of engineers', 'state parks', 'reviews'],
  },
  'submit-trail': {
    description: 'Send a trail you know for review so other riders can find it.',
    tags: ['contribute', 'add', 'new trail'],
  },
  navigate: {
    description: 'Turn-by-turn guidance along a trail; pick a trail first.',
    tags: ['gps', 'directions', 'guidance', 'turn by turn'],
  },
  record: {
    description: 'Record your ride track, distance and time, even with no signal.',
    tags: ['track', 'gps', 'log', 'tracking'],
  },
  'real-trail-riding': {
    description: 'Live GPS view of your position while you ride a trail.',
    tags: ['gps', 'live', 'position', 'tracking'],
  },
  'group-ride': {
    description: 'Organise a ride with friends and keep the group together.',
    tags: ['friends', 'group', 'share', 'convoy'],
  },
  features: {
    description: 'Every feature of the app, grouped by category.',
    tags: ['browse', 'directory', 'everything', 'discover'],
  },
  safety: {
    description:
      'Safety tools, emergency contacts and SOS for when a ride goes wrong, and the outdoor settings: glove mode, high contrast, vibration.',
    // The outdoor and emergency settings live on this page: riders look for them by their words.
    tags: [
      'sos',
      'emergency',
      'help',
      'first aid',
      'settings',
      'glove mode',
      'gloves',
      'outdoor mode',
      'high contrast',
      'large text',
      'vibration',
      'haptics',
      'screen on',
    ],
  },
  emergency: {
    description: 'One-screen emergency help: share your location and call for help.',
    tags: ['sos', '911', 'help', 'panic', 'accident', 'injured'],
  },
  'emergency-test': {
    description: 'Check that the emergency features work on this device.',
    tags: ['test', 'diagnostics', 'sos'],
  },
  'water-safety-alerts': {
    description: 'Safety alerts for Arkansas rivers and lakes before you go out.',
    tags: ['river', 'lake', 'flood', 'water', 'alerts'],
  },
  'emergency-waterway-contacts': {
    description: 'Who to call for an emergency on or near the water.',
    tags: ['river', 'rescue', 'contacts', 'phone'],
  },
  'access-point-map': {
    description: 'Map of boat ramps and river access points.',
    tags: ['boat ramp', 'river', 'launch', 'kayak', 'access'],
  },
  'arkansas-skills': {
    description: 'Skills training for off-road riding, biking and hiking in Arkansas.',
    tags: ['training', 'courses', 'skills', 'learn'],
  },
  'terrain-mastery': {
    description: 'Learn to ride mud, rock, sand, water crossings and hills.',
    tags: ['mud', 'rocks', 'hills', 'training'],
  },
  'safety-certification': {
    description: 'Work through the safety course and track your certification progress.',
    tags: ['certificate', 'course', 'safety', 'training'],
  },
  'group-leadership': {
    description: 'How to lead a group ride safely: briefings, spacing and sweep riders.',
    tags: ['lead', 'group', 'training'],
  },
  'environmental-stewardship': {
    description: 'Ride in ways that keep trails open and the land healthy.',
    tags: ['tread lightly', 'leave no trace', 'environment'],
  },
  'navigation-mastery': {
    description: 'Map, compass and GPS skills for finding your way off-grid.',
    tags: ['map', 'compass', 'gps', 'orienteering'],
  },
  'equipment-mastery': {
    description: 'Know your machine and recovery gear before you need them.',
    tags: ['winch', 'recovery', 'gear', 'maintenance'],
  },
  'weather-mastery': {
    description: 'Read the weather and decide when to ride, wait or turn back.',
    tags: ['storm', 'lightning', 'rain', 'heat'],
  },
  'advanced-techniques': {
    description: 'Advanced riding techniques for experienced riders.',
    tags: ['expert', 'technical', 'training'],
  },
  'instructor-certification': {
    description: 'The path to teaching others to ride safely.',
    tags: ['teach', 'instructor', 'certificate'],
  },
  'dirt-bike-safety-gear': {
    description: 'What protective gear to wear on a dirt bike and why.',
    tags: ['helmet', 'boots', 'motocross', 'dirt bike'],
  },
  'dirt-bike-maintenance': {
    description: 'Routine maintenance that keeps a dirt bike running on the trail.',
    tags: ['chain', 'oil', 'air filter', 'dirt bike'],
  },
  'dirt-bike-riding-skills': {
    description: 'Body position, throttle and braking skills for dirt bikes.',
    tags: ['motocross', 'enduro', 'dirt bike'],
  },
  'bicycle-handling-skills': {
    description: 'Mountain bike handling: climbing, descending and cornering.',
    tags: ['mountain bike', 'mtb', 'cycling'],
  },
  'bicycle-maintenance-education': {
    description: 'Trailside bike fixes: flats, chains and brakes.',
    tags: ['mountain bike', 'mtb', 'repair', 'cycling'],
  },
  'hiking-navigation-skills': {
    description: 'Stay on route on foot with map, compass and GPS.',
    tags: ['hiking', 'map', 'compass'],
  },
  'hiking-wilderness-survival': {
    description: 'Shelter, water and signalling basics if you are stranded.',
    tags: ['survival', 'hiking', 'shelter', 'water'],
  },
  fishing: {
    description: 'Fishing information for Arkansas lakes and rivers.',
    tags: ['angling', 'bass', 'trout', 'lake', 'river'],
  },
  'riding-techniques': {
    description: 'Practical techniques for riding ATVs, UTVs and 4x4s on the trail.',
    tags: ['atv', 'utv', '4x4', 'how to'],
  },
  blog: {
    description: 'Why this app exists, what offline-first means and where its data comes from.',
    tags: ['blog', 'about', 'story'],
  },
  game: {
    description: 'A safety challenge game that tests your trail knowledge.',
    tags: ['quiz', 'challenge', 'play', 'trail riding game'],
  },
  'duck-hunting': {
    description: 'Arkansas duck season dates, bag limits and shooting hours.',
    tags: ['waterfowl', 'mallard', 'season', 'limits', 'geese'],
  },
  'duck-hunting-guide': {
    description: 'How to plan and run a safe, legal duck hunt.',
    tags: ['waterfowl', 'decoys', 'blind', 'guide'],
  },
  hunting: {
    description: 'Hunting and fishing information for Arkansas, including WMAs.',
    tags: ['deer', 'wma', 'turkey', 'fishing', 'season'],
  },
  'scouting-guide': {
    description: 'Scout hunting areas before the season opens.',
    tags: ['scout', 'trail camera', 'wma', 'hunting'],
  },
  garage: {
    description: 'Keep your vehicles and their maintenance in one place.',
    tags: ['vehicles', 'atv', 'utv', 'maintenance'],
  },
  'equipment-intelligence': {
    description: 'Compare and choose lighting, electrical and recovery equipment.',
    tags: ['equipment', 'gear', 'upgrades', 'accessories'],
  },
  diagnostic: {
    description: 'Step-by-step help to find why your vehicle will not run right.',
    tags: ['troubleshoot', 'repair', 'broken', 'engine'],
  },
  'equipment-guide': {
    description: 'What to pack and carry for a day or a weekend on the trail.',
    tags: ['gear', 'checklist', 'packing'],
  },
  'arkansas-repair-shops': {
    description: 'Repair shops for off-road vehicles around Arkansas.',
    tags: ['mechanic', 'service', 'repair'],
  },
  'lighting-whips': {
    description: 'Compare LED whips and flag lights for your vehicle.',
    tags: ['led', 'whip', 'lights', 'lighting'],
  },
  'dual-battery': {
    description: 'Plan a second battery for winches, lights and accessories.',
    tags: ['battery', 'electrical', 'winch'],
  },
  'battery-isolator': {
    description: 'Choose an isolator so accessories never drain your starting battery.',
    tags: ['battery', 'electrical', 'isolator'],
  },
  'battery-monitor': {
    description: 'Choose a monitor to watch battery voltage while you ride.',
    tags: ['battery', 'electrical', 'voltage'],
  },
  'local-shopping-network': {
    description:
      'How shops get listed, and a packing list of parts and supplies to buy before the trail.',
    tags: ['shops', 'parts', 'stores', 'supplies'],
  },
  'local-services': {
    description:
      'Campgrounds near any trail, and how towing, fuel and repair businesses get listed.',
    tags: ['towing', 'fuel', 'lodging', 'services'],
  },
  'arkansas-wma-permits': {
    description: 'Which permits you need for Arkansas Wildlife Management Areas.',
    tags: ['wma', 'permit', 'license', 'wildlife management area'],
  },
  'jerusalem-area-trails': {
    description:
      'The Brock Creek OHV trails north of Jerusalem: location, map, campgrounds nearby.',
    tags: ['trails', 'local', 'ohv'],
  },
  'carters-riding-park': {
    description: "Information about riding at Carter's Riding Park.",
    tags: ['riding park', 'beginner', 'ohv'],
  },
  'macks-pines': {
    description: "Information about riding at Mack's Pines.",
    tags: ['riding park', 'ohv', 'camping'],
  },
  'hot-springs-offroad-park': {
    description: 'Information about riding at Hot Springs Off-Road Park.',
    tags: ['riding park', 'ohv', 'hot springs'],
  },
  'waterway-conditions': {
    description: 'River and lake conditions before you launch or cross.',
    tags: ['river levels', 'lake', 'flow', 'water'],
  },
  profile: {
    description: 'Sign in, register and manage your account and vehicle.',
    tags: ['login', 'sign in', 'account', 'register', 'logout'],
  },
  achievements: {
    description: 'Badges and milestones you have earned on your rides.',
    tags: ['badges', 'stats', 'gamification', 'rewards'],
  },
  'notification-preferences': {
    description: 'Choose which alerts and notifications you receive.',
    tags: ['alerts', 'settings', 'notifications'],
  },
  'notification-center': {
    description: 'All the notifications you have received.',
    tags: ['alerts', 'inbox', 'notifications'],
  },
  donate: {
    description: 'Support the one person who builds and maintains this free app.',
    tags: ['support', 'donation', 'tip'],
  },
  'privacy-policy': {
    description: 'How your data is stored and used.',
    tags: ['privacy', 'legal', 'data'],
  },
  'terms-of-service': {
    description: 'The terms for using the app.',
    tags: ['terms', 'legal'],
  },
  fleet: {
    description: 'The riders of this installation and the vehicles in their garages.',
    tags: ['fleet', 'vehicles', 'admin'],
  },
  'analytics-dashboard': {
    description: 'Page views and feature use of this installation, counted first-party.',
    tags: ['analytics', 'stats', 'admin'],
  },
  'admin-trail-review': {
    description: 'Review trails submitted by riders before they are published.',
    tags: ['moderation', 'submissions', 'admin', 'approve'],
  },
  'admin-seasons': {
    description: 'Publish duck seasons and trail seasons or closures for every device.',
    tags: ['duck season', 'closure', 'regulations', 'admin'],
  },
  'bluetooth-test': {
    description: 'Check Bluetooth controls and headsets on this device.',
    tags: ['bluetooth', 'test', 'headset'],
  },
  'mobile-performance-test': {
    description: 'Measure how the app performs on this device.',
    tags: ['performance', 'test', 'speed'],
  },
};

/** Every feature with its words, in directory order; an entry without words keeps none. */
export const DESCRIBED_FEATURES: readonly DescribedFeature[] = FEATURES.map((feature) => ({
  ...feature,
  ...(FEATURE_TEXT[feature.key] ?? { description: '', tags: [] }),
}));
