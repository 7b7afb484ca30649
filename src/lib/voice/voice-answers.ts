/**
 * Answers to voice commands from what is on the device (requirements §voice-1, §voice-3.1,
 * §voice-4.1, §voice-9): the rider's trail and campground catalogues (RxDB copies of data/places
 * and data/campgrounds, each with its sources), the current GPS fix, the date and the offline
 * knowledge base. Pure: the caller passes everything in, so every answer works with no signal;
 * only the live forecast link needs the network. Distances are in miles (earth radius 3959 mi,
 * §voice-9), shown to one decimal; clock times in Central Time, Arkansas's time zone.
 */
import { bearing } from '@turf/bearing';
import { distance } from '@turf/distance';
import { getTimes } from 'suncalc';
import type { Campground } from '../../../schemas/campgrounds.ts';
import type { TrailReport } from '../../../schemas/trail-reports.ts';
import type { Trail } from '../../../schemas/trails.ts';
import { spokenDiagnosis, type SpokenDiagnosticStart } from '../diagnostics/spoken.ts';
import { duckSeasonAnswer, AGFC_SOURCE } from './duck-season-facts.ts';
import { detectIntent, VOICE_TRAIL_NAMES, type VoiceCommand, type VoiceIntent } from './intents.ts';
import { KNOWLEDGE, type KnowledgeCategory } from './knowledge-base.ts';
import {
  countsTowardStatus,
  currentTrailStatus,
  trailStatusSentence,
} from '../trail-reports/trail-status.ts';

/** A GPS fix in degrees WGS84. */
export interface VoiceFix {
  latitude: number;
  longitude: number;
}

/** Assistant context (§voice-3.1): what the answer may use. */
export interface VoiceAnswerContext {
  trails: readonly Trail[];
  campgrounds: readonly Campground[];
  /** The latest fix, or null when location is unknown or refused. */
  userLocation: VoiceFix | null;
  isOffline: boolean;
  now: Date;
  /** Riders' reports on the device (hidden ones left out), for "any reports on …?". */
  trailReports?: readonly TrailReport[];
}

/** Something the panel offers (or, with `auto`, does at once) after answering. */
export interface VoiceAction {
  /** An in-app path such as /navigate/mill-creek-ohv-trail, or an https URL. */
  href: string;
  label: string;
  /** Navigate at once (find trails, start navigation); otherwise only a button. */
  auto: boolean;
}

/** A reply (§voice-3.1 "response text, metadata with a category"). */
export interface VoiceReply {
  intent: VoiceIntent;
  text: string;
  category: KnowledgeCategory | 'trails' | 'facilities' | 'hunting';
  action: VoiceAction | null;
  /** Where the facts came from (catalogue sources, spec, AGFC). */
  sources: string[];
}

/** Arkansas (and every neighbouring state's border area) keeps Central Time. */
const TIME_ZONE = 'America/Chicago';

/**
 * Trail facts stated by the product (§voice-9 "Trail facts on cards"), matched by name fragment.
 */
const SPEC_TRAIL_FACTS: readonly { match: RegExp; fact: string }[] = [
  { match: /mill creek/i, fact: 'fee $3 a day, 50 miles of trail' },
  { match: /hot springs/i, fact: '1,242 acres, 75 plus miles of trail' },
  { match: /buckhorn/i, fact: '42 miles of trail' },
  { match: /wolf pen/i, fact: '26 plus miles of trail' },
  { match: /brock creek/i, fact: '6 miles of trail' },
  { match: /carter/i, fact: '3.8 miles of trail' },
  { match: /hillarosa/i, fact: '8.3 miles of trail' },
];

const COMPASS = [
  'north',
  'northeast',
  'east',
  'southeast',
  'south',
  'southwest',
  'west',
  'northwest',
];

function miles(from: VoiceFix, to: VoiceFix): number {
  return distance([from.longitude, from.latitude], [to.longitude, to.latitude], { units: 'miles' });
}

function compass(from: VoiceFix, to: VoiceFix): string {
  const degrees = bearing([from.longitude, from.latitude], [to.longitude, to.latitude]);
  return COMPASS[Math.round((((degrees % 360) + 360) % 360) / 45) % 8]!;
}

/** "6:52 AM" in Central Time; suncalc gives null (not a Date) where the sun never rises or sets. */
function clock(date: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return 'unknown';
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }).format(date);
}

/** A catalogue trail named by `name` (a §voice-5 trail word or free text), or null. */
export function findNamedTrail(trails: readonly Trail[], name: string): Trail | null {
  const id = VOICE_TRAIL_NAMES[name];
  if (id) {
    const byId = trails.find((trail) => trail.id === id);
    if (byId) return byId;
  }
  const fold = (text: string) => text.toLowerCase().replace(/[’'`]/g, '');
  const wanted = fold(name).replace(/s$/, '');
  if (wanted.length < 3) return null;
  return trails.find((trail) => fold(trail.name).includes(wanted)) ?? null;
}

function reply(
  intent: VoiceIntent,
  category: VoiceReply['category'],
  text: string,
  action: VoiceAction | null = null,
  sources: string[] = [],
): VoiceReply {
  return { intent, category, text, action, sources };
}

const EMERGENCY_ACTION: VoiceAction = {
  href: '/emergency',
  label: 'Open the emergency screen',
  auto: false,
};
const EMERGENCY_NOTE =
  'The emergency screen can call 911 or open a text with your location to your contacts; nothing is sent until you press send.';

function emergencyReply(command: VoiceCommand, context: VoiceAnswerContext): VoiceReply {
  const position = context.userLocation
    ? ` Your position is ${context.userLocation.latitude.toFixed(5)}, ${context.userLocation.longitude.toFixed(5)}.`
    : '';
  const entry =
    {
      stuck_mud: KNOWLEDGE.stuckMud,
      stuck_sand: KNOWLEDGE.stuckSand,
      stuck_rock: KNOWLEDGE.stuckRock,
      stuck: KNOWLEDGE.stuckGeneral,
      lost: KNOWLEDGE.lost,
      medical: KNOWLEDGE.medical,
    }[command.subIntent as string] ?? KNOWLEDGE.generalEmergency;
  const withPosition = command.subIntent === 'lost' || command.subIntent === 'medical';
  return reply(
    'emergency_help',
    entry.category,
    `${entry.text}${withPosition ? position : ''} ${EMERGENCY_NOTE}`,
    EMERGENCY_ACTION,
  );
}

/** Which part of the diagnostic tree a vehicle sub-intent (§voice-4.1) opens. */
const DIAGNOSTIC_STARTS: Record<string, SpokenDiagnosticStart> = {
  wont_start_clicking: 'clicking',
  wont_start_fuel: 'fuel',
  wont_start_battery: 'battery',
  overheating: 'overheating',
  belt_noise: 'belt',
};

const DIAGNOSTIC_ACTION: VoiceAction = {
  href: '/diagnostic',
  label: 'Open the Diagnostic Wizard',
  auto: false,
};

/** Vehicle trouble: the diagnostic tree's own answer (src/lib/diagnostics), read aloud. */
function diagnosticReply(command: VoiceCommand): VoiceReply {
  const start = DIAGNOSTIC_STARTS[command.subIntent as string] ?? 'general';
  return reply(
    'vehicle_diagnostic',
    'field_repair',
    spokenDiagnosis(start).text,
    DIAGNOSTIC_ACTION,
  );
}

function findTrailsReply(command: VoiceCommand): VoiceReply {
  const { difficulty, place } = command.entities;
  const words = [difficulty, 'trails', place ? `near ${titleCase(place)}` : ''].filter(Boolean);
  const q = command.text.trim();
  return reply('find_trails', 'trails', `Opening the trail finder for ${words.join(' ')}.`, {
    href: q ? `/ai-trails?q=${encodeURIComponent(q)}` : '/ai-trails',
    label: 'Open the trail finder',
    auto: true,
  });
}

function titleCase(text: string): string {
  return text.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

function trailFacts(trail: Trail): string {
  const parts: string[] = [`${trail.name}, ${trail.county} County, ${trail.region}.`];
  const spec = SPEC_TRAIL_FACTS.find((entry) => entry.match.test(trail.name));
  if (trail.lengthMiles !== null) parts.push(`About ${trail.lengthMiles} miles.`);
  else if (spec) parts.push(`The product lists ${spec.fact}.`);
  else parts.push('Length unknown.');
  if (trail.difficulty) {
    parts.push(
      trail.difficultySource
        ? `Likely ${trail.difficulty}, derived from its USFS trail class, not a rating.`
        : `Rated ${trail.difficulty}.`,
    );
  }
  if (trail.fee) parts.push(`Fee: ${trail.fee}.`);
  if (trail.manager) parts.push(`Managed by ${trail.manager}.`);
  if (trail.locationConfidence !== 'exact') parts.push('Trailhead location approximate.');
  return parts.join(' ');
}

function trailInfoReply(command: VoiceCommand, context: VoiceAnswerContext): VoiceReply {
  const name = command.entities.trailName ?? '';
  const trail = findNamedTrail(context.trails, name);
  if (!trail) {
    const spec = SPEC_TRAIL_FACTS.find((entry) => entry.match.test(name));
    return reply(
      'trail_info',
      'trails',
      spec
        ? `${titleCase(name)} is not in the trail catalogue on this device. The product lists ${spec.fact}.`
        : `${titleCase(name)} is not in the trail catalogue on this device, so I have no facts about it.`,
      null,
      spec ? ['product spec'] : [],
    );
  }
  if (/\b(reports?|conditions?)\b/i.test(command.text)) {
    return trailReportsReply(trail, context);
  }
  return reply(
    'trail_info',
    'trails',
    trailFacts(trail),
    {
      href: `/map/${trail.id}`,
      label: `Open ${trail.name}`,
      auto: false,
    },
    [...trail.sources],
  );
}

/**
 * "Any reports on Wolf Pen Gap?": the trail's status from riders' reports on the device (the last
 * 14 days count), said as a rider's unconfirmed report with who and when, and its newest note.
 */
function trailReportsReply(trail: Trail, context: VoiceAnswerContext): VoiceReply {
  const now = context.now.getTime();
  const reports = (context.trailReports ?? []).filter(
    (report) => report.trailId === trail.id && !report.hidden,
  );
  const status = currentTrailStatus(reports, now);
  const action: VoiceAction = {
    href: `/map/${trail.id}`,
    label: `Open ${trail.name}`,
    auto: false,
  };
  if (status.report === null) {
    return reply(
      'trail_info',
      'trails',
      `No recent reports on ${trail.name}: no rider has reported on it in the last 14 days on this device.`,
      action,
      ['Rider reports'],
    );
  }
  const counting = reports.filter((report) => countsTowardStatus(report, now)).length;
  const who = status.report.reporterLabel || 'you';
  const note = status.report.note ? ` The rider wrote: ${status.report.note}` : '';
  return reply(
    'trail_info',
    'trails',
    `${trail.name}: ${trailStatusSentence(status, now)}, reported by ${who}, unconfirmed.${note} ${counting === 1 ? 'That is the only report' : `${counting} reports`} in the last 14 days.`,
    action,
    ['Rider reports'],
  );
}

function navigationReply(command: VoiceCommand, context: VoiceAnswerContext): VoiceReply {
  const name = command.entities.trailName;
  const trail = name ? findNamedTrail(context.trails, name) : null;
  if (!trail) {
    return reply(
      'navigation',
      'navigation',
      name
        ? `I could not find ${name} in the trail catalogue on this device. Say the trail's name, or pick one in the trail finder.`
        : 'Which trail? Say "navigate to" and the trail name, or pick one in the trail finder.',
      { href: '/navigate', label: 'Pick a trail', auto: false },
    );
  }
  const away = context.userLocation
    ? ` It is ${miles(context.userLocation, trail).toFixed(1)} miles ${compass(context.userLocation, trail)} of you in a straight line.`
    : '';
  return reply(
    'navigation',
    'navigation',
    `Starting navigation to ${trail.name}.${away}`,
    { href: `/navigate/${trail.id}`, label: `Navigate to ${trail.name}`, auto: true },
    [...trail.sources],
  );
}

function safetyReply(command: VoiceCommand): VoiceReply {
  const text = command.text.toLowerCase();
  const entry = /psi|pressure|tire|mud|sand|rock/.test(text)
    ? KNOWLEDGE.terrainPressure
    : /water/.test(text)
      ? KNOWLEDGE.water
      : KNOWLEDGE.safetyCheck;
  return reply('safety_check', entry.category, entry.text);
}

interface Place {
  name: string;
  latitude: number;
  longitude: number;
  where: string;
  sources: readonly string[];
}

function facilitiesReply(command: VoiceCommand, context: VoiceAnswerContext): VoiceReply {
  const fix = context.userLocation;
  const wanted = command.entities.facility ?? 'any';
  if (/\b(gas|fuel)\b/i.test(command.text)) {
    return reply(
      'nearby_facilities',
      'facilities',
      'Fuel stations are not in the offline data on this device. I can find the nearest campgrounds and trailheads.',
    );
  }
  if (!fix) {
    return reply(
      'nearby_facilities',
      'facilities',
      'I need your location to find what is nearby. Allow location access for this app and ask again.',
    );
  }
  const places: Place[] = [];
  if (wanted !== 'trailhead') {
    for (const camp of context.campgrounds) {
      places.push({
        name: camp.name,
        latitude: camp.location.latitude,
        longitude: camp.location.longitude,
        where: 'campground',
        sources: camp.sources,
      });
    }
  }
  if (wanted !== 'campground') {
    for (const trail of context.trails) {
      places.push({
        name: trail.name,
        latitude: trail.latitude,
        longitude: trail.longitude,
        where: 'trailhead',
        sources: trail.sources,
      });
    }
  }
  if (places.length === 0) {
    return reply(
      'nearby_facilities',
      'facilities',
      'The campground and trail catalogues are not on this device yet. Open the app once with signal to download them.',
    );
  }
  const nearest = places
    .map((place) => ({ place, miles: miles(fix, place) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, 3);
  const [first, ...rest] = nearest;
  const kind = wanted === 'any' ? first!.place.where : wanted;
  const describe = ({ place, miles: m }: (typeof nearest)[number]) =>
    `${place.name}, ${m.toFixed(1)} miles ${compass(fix, place)}`;
  const text = `The nearest ${kind} is ${describe(first!)}.${
    rest.length ? ` Next: ${rest.map(describe).join('; ')}.` : ''
  } Distances are in a straight line.`;
  return reply('nearby_facilities', 'facilities', text, null, [
    ...new Set(nearest.flatMap((entry) => entry.place.sources)),
  ]);
}

function weatherReply(command: VoiceCommand, context: VoiceAnswerContext): VoiceReply {
  const parts: string[] = [];
  const fix = context.userLocation;
  const storm = /lightning|thunder|storm/i.test(command.text);
  if (fix) {
    const times = getTimes(context.now, fix.latitude, fix.longitude);
    parts.push(
      `Today at your position sunrise is ${clock(times.sunrise)} and sunset is ${clock(times.sunset)}; it is dark enough to need lights by ${clock(times.dusk)}, Central Time.`,
    );
  } else {
    parts.push('I need your location for sunrise and sunset times.');
  }
  if (storm) parts.push(KNOWLEDGE.lightning.text);
  else
    parts.push(
      `If you hear thunder, get off high ground and wait 30 minutes after the last thunder before riding.`,
    );
  let action: VoiceAction | null = null;
  if (context.isOffline) {
    parts.push('A live forecast needs signal; I cannot check one offline.');
  } else if (fix) {
    action = {
      href: `https://forecast.weather.gov/MapClick.php?lat=${fix.latitude.toFixed(4)}&lon=${fix.longitude.toFixed(4)}`,
      label: 'Open the National Weather Service forecast',
      auto: false,
    };
    parts.push('Open the National Weather Service forecast for your position for live conditions.');
  }
  return reply('weather_check', 'weather', parts.join(' '), action);
}

/**
 * The reply to one command (§voice-4.1), using only `context`. Never throws for well-formed input.
 * Navigation and find-trails replies carry an `auto` action the panel follows at once.
 */
export function answerVoiceCommand(command: VoiceCommand, context: VoiceAnswerContext): VoiceReply {
  switch (command.intent) {
    case 'emergency_help':
      return emergencyReply(command, context);
    case 'vehicle_diagnostic':
      return diagnosticReply(command);
    case 'find_trails':
      return findTrailsReply(command);
    case 'trail_info':
      return trailInfoReply(command, context);
    case 'navigation':
      return navigationReply(command, context);
    case 'safety_check':
      return safetyReply(command);
    case 'duck_hunting_info':
      return reply('duck_hunting_info', 'hunting', duckSeasonAnswer(context.now), null, [
        'Product spec §9 "Duck season 2025-26"',
        AGFC_SOURCE,
      ]);
    case 'nearby_facilities':
      return facilitiesReply(command, context);
    case 'weather_check':
      return weatherReply(command, context);
  }
}

/** Intents whose replies read the trail or campground catalogue; the others use neither. */
const catalogueIntents: ReadonlySet<VoiceIntent> = new Set<VoiceIntent>([
  'trail_info',
  'navigation',
  'nearby_facilities',
]);

/**
 * True when the reply to `command` reads `context.trails` or `context.campgrounds`, so a caller
 * must have them loaded; any other reply may be given with both empty.
 */
export function needsCatalogues(command: VoiceCommand): boolean {
  return catalogueIntents.has(command.intent);
}

/** Detects the intent of `text` and answers it (§voice-4.1 routing, then the reply). */
export function answerQuestion(text: string, context: VoiceAnswerContext): VoiceReply {
  return answerVoiceCommand(detectIntent(text), context);
}
