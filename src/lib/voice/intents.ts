/**
 * Voice intent routing (requirements §voice-4.1 "Intent detection order", §voice-5 place,
 * difficulty and trail-name words, §voice-9 intent confidences). Pure: a transcript or typed
 * question in, one command out. The first matching intent in the spec's order wins; anything
 * unmatched falls back to find trails with the "general" confidence.
 */

/** Intents in the spec's detection order (§voice-4.1). */
export const voiceIntents = [
  'emergency_help',
  'vehicle_diagnostic',
  'find_trails',
  'trail_info',
  'navigation',
  'safety_check',
  'duck_hunting_info',
  'nearby_facilities',
  'weather_check',
] as const;

export type VoiceIntent = (typeof voiceIntents)[number];

/** Sub-intents of §voice-4.1: emergency (stuck by terrain, lost, medical) and vehicle trouble. */
export type VoiceSubIntent =
  | 'stuck_mud'
  | 'stuck_sand'
  | 'stuck_rock'
  | 'stuck'
  | 'lost'
  | 'medical'
  | 'general_emergency'
  | 'wont_start_clicking'
  | 'wont_start_fuel'
  | 'wont_start_battery'
  | 'overheating'
  | 'belt_noise'
  | 'general_diagnostic';

/** Confidence per intent (§voice-9), and the "general" one for the find-trails fallback. */
export const INTENT_CONFIDENCE: Readonly<Record<VoiceIntent | 'general', number>> = {
  emergency_help: 0.95,
  vehicle_diagnostic: 0.85,
  find_trails: 0.8,
  trail_info: 0.75,
  navigation: 0.7,
  safety_check: 0.8,
  duck_hunting_info: 0.75,
  nearby_facilities: 0.7,
  weather_check: 0.75,
  general: 0.5,
};

/** Place words trail search recognises (§voice-5), lower case. */
export const VOICE_PLACE_WORDS = [
  'russellville',
  'fayetteville',
  'little rock',
  'hot springs',
  'ozark',
  'ouachita',
  'buffalo river',
  'white river',
] as const;

/** Trail names trail info recognises (§voice-5), lower case, with the catalogue ids they name. */
export const VOICE_TRAIL_NAMES: Readonly<Record<string, string | null>> = {
  'macks pines': 'macks-pines',
  'fairfield bay': null,
  'wolf pen gap': 'wolf-pen-gap-ohv-trail',
  carters: null,
  'buffalo river': 'buffalo-river-trail',
};

export type VoiceDifficulty = 'easy' | 'moderate' | 'hard';

/** What the utterance named besides its intent. */
export interface VoiceEntities {
  /** A §voice-5 place word, lower case. */
  place?: (typeof VOICE_PLACE_WORDS)[number];
  difficulty?: VoiceDifficulty;
  /** A §voice-5 trail name, lower case, or a catalogue trail named in a navigation request. */
  trailName?: string;
  /** What the rider asked about for facilities: campgrounds, trailheads or either. */
  facility?: 'campground' | 'trailhead' | 'any';
}

/** Voice command result (§voice-3.1): intent, entities, confidence and the original text. */
export interface VoiceCommand {
  intent: VoiceIntent;
  subIntent: VoiceSubIntent | null;
  entities: VoiceEntities;
  /** 0–1, from INTENT_CONFIDENCE. */
  confidence: number;
  /** The utterance as heard or typed. */
  text: string;
  /** True when nothing matched and find trails was chosen by default. */
  isFallback: boolean;
}

/** Lower-cases and folds apostrophes and punctuation so "Mack's Pines?" reads "macks pines". */
export function normalizeUtterance(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/[^a-z0-9\s-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const has = (text: string, pattern: RegExp) => pattern.test(text);

const EMERGENCY =
  /\b(stuck|bogged|sunk|high ?centered|lost|injur(ed|y)|hurt|bleeding|help(?! (me )?(find|with|pick|choose|plan|get to|understand))|broke(n)? (my )?(leg|arm|bone|wrist|ankle)|emergency|sos|mayday|need help|accident|crash(ed)?|rolled (over|my)|unconscious|snake ?bite|bitten)\b/;
const VEHICLE =
  /\b(wont|won t|doesnt|does not|will not|cant|can not|cannot) (start|turn over|crank|fire)\b|\b(overheat(ing|ed|s)?|running hot|too hot|temp(erature)? (light|gauge)|coolant|belt|cvt|grind(ing)?|squeal(ing)?|noise|clunk(ing)?|rattl(e|ing)|knock(ing)?|clicking|click|dead battery|battery (is )?dead|no power|engine (light|problem|trouble)|sputter(ing|s)?|stall(s|ed|ing)?|misfir(e|ing))\b/;
const FIND_TRAILS =
  /\b(find|show|search|recommend|suggest|looking for|list|any|good|best|some)\b.*\btrails?\b|\btrails?\b.*\b(near|around|in|by|close to|for)\b|\bwhere (can|should|could) (i|we) (ride|hike|bike|go riding|go hiking)\b|\b(easy|beginner|hard|difficult|challenging|moderate|medium)\b.*\b(trails?|rides?|riding)\b/;
const TRAIL_INFO =
  /\b(tell me about|info(rmation)? (on|about)|what is|whats|describe|details (on|about|for)|how long is|how hard is|is there a fee|fee (at|for))\b/;
const NAVIGATION =
  /\b(navigate|navigation|directions?|take me|guide me|route (me )?to|how (do|can) (i|we) get (to|back)|get me to|lead me|go to|head(ing)? to|way back|back to (the )?(truck|trailer|trailhead|camp))\b/;
const SAFETY =
  /\b(safety|safe|pre ?ride|checklist|inspect(ion)?|tire pressure|psi|gear|helmet|what (should|do) i (bring|pack|carry)|water (should|do) i|how much water|first aid kit|tow strap|winch)\b/;
const DUCK =
  /\b(duck|ducks|teal|waterfowl|mallards?|pintails?|wood ducks?|geese|goose|specklebelly|bag limit|shooting hours|hunting season|duck season)\b/;
const FACILITIES =
  /\b(camp ?grounds?|camp ?sites?|camping|camp|places? to (camp|stay|sleep)|trail ?heads?|parking|restrooms?|bathrooms?|toilets?|showers?|facilities|gas station|fuel station|where can i (stay|sleep|park))\b|\b(nearest|nearby|closest)\b/;
const WEATHER =
  /\b(weather|forecast|rain(ing)?|storms?|thunder(storm)?|lightning|sunset|sunrise|dark|daylight|temperature|cold|heat|hot out|wind(y)?|flood(ing)?|tornado)\b/;

function emergencySubIntent(text: string): VoiceSubIntent {
  if (has(text, /\b(stuck|bogged|sunk|high ?centered)\b/)) {
    if (has(text, /\b(mud|muddy|bog|swamp|clay)\b/)) return 'stuck_mud';
    if (has(text, /\b(sand|sandy|gravel bar)\b/)) return 'stuck_sand';
    if (has(text, /\b(rock|rocks|rocky|boulder|ledge|high ?centered)\b/)) return 'stuck_rock';
    return 'stuck';
  }
  if (has(text, /\blost\b|\bdont know where\b|\bcant find (my|the) way\b/)) return 'lost';
  if (
    has(
      text,
      /\b(injur(ed|y)|hurt|bleeding|broke(n)?|accident|crash(ed)?|rolled|unconscious|snake ?bite|bitten|pain)\b/,
    )
  )
    return 'medical';
  return 'general_emergency';
}

function vehicleSubIntent(text: string): VoiceSubIntent {
  if (
    has(
      text,
      /\b(wont|won t|doesnt|does not|will not|cant|can not|cannot) (start|turn over|crank|fire)\b|\bdead battery\b|\bbattery (is )?dead\b|\bno power\b/,
    )
  ) {
    if (has(text, /\bclick(ing|s)?\b/)) return 'wont_start_clicking';
    if (has(text, /\b(fuel|gas|petrol|empty tank|out of gas)\b/)) return 'wont_start_fuel';
    return 'wont_start_battery';
  }
  if (
    has(text, /\b(overheat(ing|ed|s)?|running hot|too hot|temp(erature)? (light|gauge)|coolant)\b/)
  )
    return 'overheating';
  if (
    has(text, /\b(belt|cvt|grind(ing)?|squeal(ing)?|noise|clunk(ing)?|rattl(e|ing)|knock(ing)?)\b/)
  )
    return 'belt_noise';
  if (has(text, /\bclick(ing|s)?\b/)) return 'wont_start_clicking';
  return 'general_diagnostic';
}

function findEntities(text: string): VoiceEntities {
  const entities: VoiceEntities = {};
  const place = VOICE_PLACE_WORDS.find((word) => text.includes(word));
  if (place) entities.place = place;
  if (has(text, /\b(easy|beginner)\b/)) entities.difficulty = 'easy';
  else if (has(text, /\b(hard|difficult|challenging)\b/)) entities.difficulty = 'hard';
  else if (has(text, /\b(moderate|medium)\b/)) entities.difficulty = 'moderate';
  const trailName = Object.keys(VOICE_TRAIL_NAMES).find((name) =>
    text.replace(/\bcarter s\b/g, 'carters').includes(name),
  );
  if (trailName) entities.trailName = trailName;
  if (has(text, /\b(camp ?grounds?|camp ?sites?|camping|camp|stay|sleep)\b/))
    entities.facility = 'campground';
  else if (has(text, /\b(trail ?heads?|parking)\b/)) entities.facility = 'trailhead';
  else entities.facility = 'any';
  return entities;
}

/** Text after "to" in a navigation request: "take me to Mill Creek" → "mill creek". */
function navigationTarget(text: string): string | undefined {
  const match =
    /\b(?:navigate|navigation|directions?|take me|guide me|route(?: me)?|get me|lead me|go|head(?:ing)?)\s+(?:to|for)\s+(?:the\s+)?(.+)$/.exec(
      text,
    );
  const target = match?.[1]?.replace(/\b(trail|trails|please|now)\b/g, '').trim();
  return target ? target : undefined;
}

function command(
  intent: VoiceIntent,
  text: string,
  normalized: string,
  subIntent: VoiceSubIntent | null = null,
  isFallback = false,
): VoiceCommand {
  const entities = findEntities(normalized);
  if (intent === 'navigation' && !entities.trailName) {
    const target = navigationTarget(normalized);
    if (target) entities.trailName = target;
  }
  if (intent !== 'nearby_facilities') delete entities.facility;
  return {
    intent,
    subIntent,
    entities,
    confidence: INTENT_CONFIDENCE[isFallback ? 'general' : intent],
    text,
    isFallback,
  };
}

/**
 * Routes an utterance to one intent (§voice-4.1 order, first match wins; §voice-9 confidences).
 * Never throws; blank or unmatched text gives find trails with confidence 0.5.
 */
export function detectIntent(text: string): VoiceCommand {
  const t = normalizeUtterance(text);
  if (has(t, EMERGENCY)) return command('emergency_help', text, t, emergencySubIntent(t));
  if (has(t, VEHICLE)) return command('vehicle_diagnostic', text, t, vehicleSubIntent(t));
  if (has(t, FIND_TRAILS)) return command('find_trails', text, t);
  const names = findEntities(t);
  if (names.trailName && has(t, TRAIL_INFO)) return command('trail_info', text, t);
  if (has(t, NAVIGATION)) return command('navigation', text, t);
  if (names.trailName) return command('trail_info', text, t);
  if (has(t, SAFETY)) return command('safety_check', text, t);
  if (has(t, DUCK)) return command('duck_hunting_info', text, t);
  if (has(t, FACILITIES)) return command('nearby_facilities', text, t);
  if (has(t, WEATHER)) return command('weather_check', text, t);
  return command('find_trails', text, t, null, true);
}
