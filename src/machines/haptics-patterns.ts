/**
 * The haptic pattern library (requirements §core-3 "Haptic pattern", §core-9 "Pattern examples").
 * Durations alternate vibrate / pause in milliseconds, as `navigator.vibrate` takes them.
 * The spec fixes slight left [100], sharp left [300] and emergency alert
 * [500,200,500,200,500]; it names the other events (waypoint, off-trail, quarter mile, mile,
 * SOS, achievement, weather, speed, low battery, system, connection) without durations, so
 * theirs are designed here to be told apart by feel: turns are one pulse whose length says how
 * sharp, right turns add a short second pulse so left and right differ, distance notices count
 * (one pulse per quarter, three for a mile), SOS is Morse · · · − − − · · ·.
 *
 * The voice assistant's replies have durations of their own (requirements §voice-9 "Vibration"):
 * emergency 200/100/200/100/200, navigation 100/50/100 and the default 50; the waypoint 150/75
 * of the same list is the single waypoint style (haptics-engine.ts `customizedHapticPattern`).
 */

/** How strong a pattern feels (requirements §core-3). */
export type HapticIntensity = 'light' | 'medium' | 'heavy';

/**
 * What a pattern is for; emergency patterns boost and set emergency mode (requirements §core-4).
 */
export type HapticCategory = 'navigation' | 'emergency' | 'achievement' | 'notification' | 'system';

/** Battery cost of playing a pattern, by its total vibration time. */
export type HapticBatteryImpact = 'low' | 'medium' | 'high';

/** A haptic pattern (requirements §core-3). `pattern`: vibrate/pause durations in ms. */
export interface HapticPattern {
  id: string;
  name: string;
  description: string;
  pattern: readonly number[];
  intensity: HapticIntensity;
  category: HapticCategory;
  batteryImpact: HapticBatteryImpact;
  accessibilityFriendly: boolean;
}

/** Ids of every pattern in the library. */
export const hapticPatternIds = [
  'slight-left',
  'slight-right',
  'sharp-left',
  'sharp-right',
  'emergency-alert',
  'waypoint-approach',
  'off-trail',
  'back-on-trail',
  'quarter-mile',
  'mile-marker',
  'sos',
  'achievement',
  'weather-alert',
  'speed-warning',
  'low-battery',
  'system',
  'connection-lost',
  'connection-restored',
  'voice-emergency',
  'voice-navigation',
  'voice-reply',
] as const;

export type HapticPatternId = (typeof hapticPatternIds)[number];

/** The whole library, by id. */
export const hapticPatterns: Readonly<Record<HapticPatternId, HapticPattern>> = {
  'slight-left': {
    id: 'slight-left',
    name: 'Slight left turn',
    description: 'One short pulse: bear slightly left.',
    pattern: [100],
    intensity: 'light',
    category: 'navigation',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  'slight-right': {
    id: 'slight-right',
    name: 'Slight right turn',
    description: 'A short pulse and a tap: bear slightly right.',
    pattern: [100, 80, 40],
    intensity: 'light',
    category: 'navigation',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  'sharp-left': {
    id: 'sharp-left',
    name: 'Sharp left turn',
    description: 'One long pulse: turn sharply left.',
    pattern: [300],
    intensity: 'heavy',
    category: 'navigation',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  'sharp-right': {
    id: 'sharp-right',
    name: 'Sharp right turn',
    description: 'A long pulse and a tap: turn sharply right.',
    pattern: [300, 80, 40],
    intensity: 'heavy',
    category: 'navigation',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  'emergency-alert': {
    id: 'emergency-alert',
    name: 'Emergency alert',
    description: 'Three long pulses: an emergency needs your attention now.',
    pattern: [500, 200, 500, 200, 500],
    intensity: 'heavy',
    category: 'emergency',
    batteryImpact: 'high',
    accessibilityFriendly: true,
  },
  'waypoint-approach': {
    id: 'waypoint-approach',
    name: 'Waypoint ahead',
    description: 'Two medium pulses: you are approaching a waypoint.',
    pattern: [150, 75, 150],
    intensity: 'medium',
    category: 'navigation',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  'off-trail': {
    id: 'off-trail',
    name: 'Off trail',
    description: 'Four quick heavy pulses: you have left the route.',
    pattern: [200, 100, 200, 100, 200, 100, 200],
    intensity: 'heavy',
    category: 'navigation',
    batteryImpact: 'medium',
    accessibilityFriendly: true,
  },
  'back-on-trail': {
    id: 'back-on-trail',
    name: 'Back on trail',
    description: 'A short then a long pulse: you are back on the route.',
    pattern: [80, 80, 250],
    intensity: 'medium',
    category: 'navigation',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  'quarter-mile': {
    id: 'quarter-mile',
    name: 'Quarter mile',
    description: 'One light pulse: another quarter mile done.',
    pattern: [120],
    intensity: 'light',
    category: 'navigation',
    batteryImpact: 'low',
    accessibilityFriendly: false,
  },
  'mile-marker': {
    id: 'mile-marker',
    name: 'Mile',
    description: 'Three pulses: another full mile done.',
    pattern: [150, 100, 150, 100, 150],
    intensity: 'medium',
    category: 'navigation',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  sos: {
    id: 'sos',
    name: 'SOS',
    description: 'Morse SOS (three short, three long, three short): distress signal sent.',
    pattern: [100, 100, 100, 100, 100, 300, 300, 100, 300, 100, 300, 300, 100, 100, 100, 100, 100],
    intensity: 'heavy',
    category: 'emergency',
    batteryImpact: 'high',
    accessibilityFriendly: true,
  },
  achievement: {
    id: 'achievement',
    name: 'Achievement',
    description: 'A rising triple pulse: you earned an achievement.',
    pattern: [60, 60, 100, 60, 200],
    intensity: 'medium',
    category: 'achievement',
    batteryImpact: 'low',
    accessibilityFriendly: false,
  },
  'weather-alert': {
    id: 'weather-alert',
    name: 'Weather alert',
    description: 'Two long pulses: a weather warning arrived.',
    pattern: [400, 200, 400],
    intensity: 'heavy',
    category: 'notification',
    batteryImpact: 'medium',
    accessibilityFriendly: true,
  },
  'speed-warning': {
    id: 'speed-warning',
    name: 'Speed warning',
    description: 'Three quick pulses: you are going faster than your limit.',
    pattern: [100, 50, 100, 50, 100],
    intensity: 'medium',
    category: 'notification',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  'low-battery': {
    id: 'low-battery',
    name: 'Low battery',
    description: 'A long then a short pulse: the device battery is low.',
    pattern: [300, 150, 100],
    intensity: 'medium',
    category: 'system',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  system: {
    id: 'system',
    name: 'System',
    description: 'One tap: the app confirmed an action.',
    pattern: [50],
    intensity: 'light',
    category: 'system',
    batteryImpact: 'low',
    accessibilityFriendly: false,
  },
  'connection-lost': {
    id: 'connection-lost',
    name: 'Connection lost',
    description:
      'A long then two short pulses: the network dropped; the app keeps working offline.',
    pattern: [250, 100, 60, 100, 60],
    intensity: 'medium',
    category: 'system',
    batteryImpact: 'low',
    accessibilityFriendly: false,
  },
  'connection-restored': {
    id: 'connection-restored',
    name: 'Connection restored',
    description: 'Two short pulses: the network is back.',
    pattern: [60, 100, 60],
    intensity: 'light',
    category: 'system',
    batteryImpact: 'low',
    accessibilityFriendly: false,
  },
  'voice-emergency': {
    id: 'voice-emergency',
    name: 'Voice emergency reply',
    description: 'Three firm pulses: the assistant is answering an emergency.',
    pattern: [200, 100, 200, 100, 200],
    intensity: 'heavy',
    category: 'emergency',
    batteryImpact: 'medium',
    accessibilityFriendly: true,
  },
  'voice-navigation': {
    id: 'voice-navigation',
    name: 'Navigation instruction',
    description: 'Two short pulses: the assistant is giving directions.',
    pattern: [100, 50, 100],
    intensity: 'medium',
    category: 'navigation',
    batteryImpact: 'low',
    accessibilityFriendly: true,
  },
  'voice-reply': {
    id: 'voice-reply',
    name: 'Voice reply',
    description: 'One tap: the assistant is answering.',
    pattern: [50],
    intensity: 'light',
    category: 'notification',
    batteryImpact: 'low',
    accessibilityFriendly: false,
  },
};

/**
 * The pattern with this id, or undefined for an unknown id (callers warn, requirements §core-8).
 */
export function findHapticPattern(id: string): HapticPattern | undefined {
  return Object.prototype.hasOwnProperty.call(hapticPatterns, id)
    ? hapticPatterns[id as HapticPatternId]
    : undefined;
}
