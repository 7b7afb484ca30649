/**
 * Intent routing (voice-navigation-campgrounds §4.1 order and sub-intents, §5 words, §9
 * confidences) against utterances riders actually say or type.
 */
import { describe, expect, it } from 'vitest';
import {
  detectIntent,
  type VoiceIntent,
  type VoiceSubIntent,
} from '../../../src/lib/voice/intents.ts';

type Row = [utterance: string, intent: VoiceIntent, subIntent?: VoiceSubIntent | null];

const table: Row[] = [
  // Emergency help: stuck by terrain, lost, medical, generic (§4.1 sub-intents).
  ["I'm stuck in mud", 'emergency_help', 'stuck_mud'],
  ['we are stuck in the mud and cant get out', 'emergency_help', 'stuck_mud'],
  ['my side by side is bogged down in a muddy bottom', 'emergency_help', 'stuck_mud'],
  ['Stuck in sand on the river bar', 'emergency_help', 'stuck_sand'],
  ['im stuck on a rock ledge', 'emergency_help', 'stuck_rock'],
  ['high centered on rocks help', 'emergency_help', 'stuck_rock'],
  ['I am stuck', 'emergency_help', 'stuck'],
  ["I'm lost", 'emergency_help', 'lost'],
  ['we got lost and it is getting dark', 'emergency_help', 'lost'],
  ['my buddy is hurt', 'emergency_help', 'medical'],
  ['someone is injured and bleeding', 'emergency_help', 'medical'],
  ['I think I broke my leg', 'emergency_help', 'medical'],
  ['we had an accident', 'emergency_help', 'medical'],
  ['rolled over my atv', 'emergency_help', 'medical'],
  ['snake bite what do I do', 'emergency_help', 'medical'],
  ['SOS', 'emergency_help', 'general_emergency'],
  ['this is an emergency', 'emergency_help', 'general_emergency'],
  ['help me please', 'emergency_help', 'general_emergency'],
  // Emergency wins over everything later in the order.
  ['stuck in the mud near the campground', 'emergency_help', 'stuck_mud'],
  ["I'm lost, navigate me back to the truck", 'emergency_help', 'lost'],
  // Vehicle diagnostic.
  ["my four wheeler won't start", 'vehicle_diagnostic', 'wont_start_battery'],
  ['ATV wont start it just clicks', 'vehicle_diagnostic', 'wont_start_clicking'],
  ["it won't start, I think it's out of gas", 'vehicle_diagnostic', 'wont_start_fuel'],
  ['the engine does not turn over', 'vehicle_diagnostic', 'wont_start_battery'],
  ['dead battery', 'vehicle_diagnostic', 'wont_start_battery'],
  ['my razor is overheating', 'vehicle_diagnostic', 'overheating'],
  ['temp light came on', 'vehicle_diagnostic', 'overheating'],
  ['engine running hot', 'vehicle_diagnostic', 'overheating'],
  ['the belt is squealing', 'vehicle_diagnostic', 'belt_noise'],
  ['grinding noise from the front wheel', 'vehicle_diagnostic', 'belt_noise'],
  ['CVT smells burnt', 'vehicle_diagnostic', 'belt_noise'],
  ['weird knocking noise when I accelerate', 'vehicle_diagnostic', 'belt_noise'],
  ['engine keeps stalling', 'vehicle_diagnostic', 'general_diagnostic'],
  // Find trails.
  ['find trails near Fayetteville', 'find_trails'],
  ['show me easy trails', 'find_trails'],
  ['recommend a hard trail in the Ozark', 'find_trails'],
  ['any good ATV trails around Hot Springs', 'find_trails'],
  ['where can I ride', 'find_trails'],
  ['beginner trails near Little Rock', 'find_trails'],
  ['can you help me find easy trails', 'find_trails'],
  ['challenging rides in the Ouachita', 'find_trails'],
  ['trails by Russellville', 'find_trails'],
  // Trail info (§5 names).
  ["tell me about Mack's Pines", 'trail_info'],
  ['what is Wolf Pen Gap like', 'trail_info'],
  ['info on Fairfield Bay', 'trail_info'],
  ['how long is Carters', 'trail_info'],
  ['Wolf Pen Gap', 'trail_info'],
  // Navigation.
  ['navigate to Wolf Pen Gap', 'navigation'],
  ['take me to Mill Creek', 'navigation'],
  ['directions to Brock Creek trail', 'navigation'],
  ['how do I get back to the trailhead', 'navigation'],
  ['guide me to Hillarosa', 'navigation'],
  // Safety check.
  ['safety check', 'safety_check'],
  ['what tire pressure should I run on rocks', 'safety_check'],
  ['pre-ride checklist', 'safety_check'],
  ['how much water should I bring', 'safety_check'],
  ['what gear do I need', 'safety_check'],
  // Duck hunting.
  ['when is duck season', 'duck_hunting_info'],
  ['what is the mallard bag limit', 'duck_hunting_info'],
  ['teal season dates', 'duck_hunting_info'],
  ['how many geese can I shoot', 'duck_hunting_info'],
  ['shooting hours for waterfowl', 'duck_hunting_info'],
  // Nearby facilities.
  ['nearest campground', 'nearby_facilities'],
  ['where can I camp tonight', 'nearby_facilities'],
  ['closest trailhead', 'nearby_facilities'],
  ['is there a restroom nearby', 'nearby_facilities'],
  ['campsites close by', 'nearby_facilities'],
  // Weather.
  ['what is the weather', 'weather_check'],
  ['when is sunset', 'weather_check'],
  ['is there lightning coming', 'weather_check'],
  ['will it rain today', 'weather_check'],
  ['how long until dark', 'weather_check'],
  // Anything else defaults to find trails.
  ['hello', 'find_trails'],
  ['what can you do', 'find_trails'],
];

describe('detectIntent', () => {
  it('covers at least 60 real utterances', () => {
    expect(table.length).toBeGreaterThanOrEqual(60);
  });

  it.each(table)('%s → %s', (utterance, intent, subIntent) => {
    const command = detectIntent(utterance);
    expect(command.intent).toBe(intent);
    if (subIntent !== undefined) expect(command.subIntent).toBe(subIntent);
  });

  it('gives the §9 confidence of each intent and 0.5 for the default', () => {
    expect(detectIntent("I'm stuck in mud").confidence).toBe(0.95);
    expect(detectIntent("won't start").confidence).toBe(0.85);
    expect(detectIntent('find trails near Ozark').confidence).toBe(0.8);
    expect(detectIntent("tell me about Mack's Pines").confidence).toBe(0.75);
    expect(detectIntent('navigate to Mill Creek').confidence).toBe(0.7);
    expect(detectIntent('safety check').confidence).toBe(0.8);
    expect(detectIntent('duck season').confidence).toBe(0.75);
    expect(detectIntent('nearest campground').confidence).toBe(0.7);
    expect(detectIntent('weather').confidence).toBe(0.75);
    const fallback = detectIntent('hello there');
    expect(fallback).toMatchObject({ intent: 'find_trails', confidence: 0.5, isFallback: true });
  });

  it('recognises the §5 place and difficulty words and trail names', () => {
    expect(detectIntent('find easy trails near Little Rock').entities).toMatchObject({
      place: 'little rock',
      difficulty: 'easy',
    });
    expect(detectIntent('challenging trails by the Buffalo River').entities).toMatchObject({
      place: 'buffalo river',
      difficulty: 'hard',
    });
    expect(detectIntent('medium trails in the Ouachita').entities.difficulty).toBe('moderate');
    expect(detectIntent("tell me about Carter's").entities.trailName).toBe('carters');
    expect(detectIntent('take me to Mill Creek').entities.trailName).toBe('mill creek');
    expect(detectIntent('closest trailhead').entities.facility).toBe('trailhead');
    expect(detectIntent('nearest campground').entities.facility).toBe('campground');
  });
});
