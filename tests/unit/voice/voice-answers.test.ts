/**
 * Offline answers of the voice assistant (voice-navigation-campgrounds §4.1, §9) against the
 * shipped catalogues exactly as the server seeds them: the §9 safety figures, trail facts with
 * their sources, navigation and find-trails actions, nearest campgrounds with distances,
 * sunrise/sunset for the fix, honest duck-season dates, and emergency answers that only offer
 * the emergency screen.
 */
import { fileURLToPath } from 'node:url';
import { distance } from '@turf/distance';
import { describe, expect, it } from 'vitest';
import { loadCampgrounds } from '../../../datasets/campgrounds.ts';
import { diagnosticNode } from '../../../src/lib/diagnostics/diagnose.ts';
import { spokenDiagnosis } from '../../../src/lib/diagnostics/spoken.ts';
import { detectIntent } from '../../../src/lib/voice/intents.ts';
import {
  answerQuestion,
  needsCatalogues,
  type VoiceAnswerContext,
} from '../../../src/lib/voice/voice-answers.ts';
import { loadTrails } from '../explore/catalogue-fixture.ts';

const trails = loadTrails();
const campgrounds = loadCampgrounds(fileURLToPath(new URL('../../../data', import.meta.url)), 0);

/** Downtown Conway, Faulkner County. */
const conway = { latitude: 35.0887, longitude: -92.4421 };

function context(overrides: Partial<VoiceAnswerContext> = {}): VoiceAnswerContext {
  return {
    trails,
    campgrounds,
    userLocation: conway,
    isOffline: true,
    now: new Date('2026-06-21T15:00:00Z'),
    ...overrides,
  };
}

describe('answers with the §9 figures', () => {
  it('stuck in mud: 8 PSI and the emergency screen, sending nothing', () => {
    const reply = answerQuestion("I'm stuck in mud", context());
    expect(reply.intent).toBe('emergency_help');
    expect(reply.text).toContain('8 PSI');
    expect(reply.text).toContain('nothing is sent until you press send');
    expect(reply.action).toEqual({
      href: '/emergency',
      label: 'Open the emergency screen',
      auto: false,
    });
  });

  it('sand 6-8 PSI, rocks 10-12 PSI', () => {
    expect(answerQuestion('stuck in sand', context()).text).toContain('6-8 PSI');
    expect(answerQuestion('high centered on a rock', context()).text).toContain('10-12 PSI');
    const pressure = answerQuestion('what tire pressure for rocks', context()).text;
    expect(pressure).toContain('8 PSI in mud');
    expect(pressure).toContain('10-12 PSI on rocks');
    expect(pressure).toContain('6-8 PSI in sand');
  });

  it('overheating: cool the engine 15–20 minutes, from the diagnostic tree', () => {
    const reply = answerQuestion('my atv is overheating', context());
    expect(reply.text).toContain('let it cool for 15–20 minutes');
    expect(diagnosticNode('overheat-look').kind).toBe('question');
    expect(reply.text).toContain('Once the engine has cooled, what do you find?');
    expect(reply.action).toEqual({
      href: '/diagnostic',
      label: 'Open the Diagnostic Wizard',
      auto: false,
    });
  });

  it('belt noise: change the CVT belt every 500 miles, and the wizard’s question', () => {
    const text = answerQuestion('belt is squealing', context()).text;
    expect(text).toContain('every 500 miles');
    expect(text).toContain('What do you notice?');
    expect(text).toContain('a squeal or chirp from the belt side');
  });

  it('won’t start: the wizard’s advice for clicking, its fuel question, the weak battery', () => {
    const clicking = answerQuestion('it clicks but wont start', context()).text;
    expect(clicking).toMatch(/^Clicking: the starter isn’t getting enough current\./);
    expect(clicking).toContain('Check both battery terminals');
    expect(clicking).toContain('Stop and get help if it still only clicks');
    expect(answerQuestion("won't start, out of gas", context()).text).toMatch(
      /^Is there fuel in the tank\?/,
    );
    expect(answerQuestion("won't start", context()).text).toMatch(
      /^Slow cranking: a weak battery\./,
    );
  });

  it('every vehicle answer is the diagnostic tree’s, word for word', () => {
    for (const [question, start] of [
      ['it clicks but wont start', 'clicking'],
      ["won't start, out of gas", 'fuel'],
      ["won't start", 'battery'],
      ['my atv is overheating', 'overheating'],
      ['grinding noise from the front wheel', 'belt'],
      ['engine keeps stalling', 'general'],
    ] as const) {
      const reply = answerQuestion(question, context());
      expect(reply.intent, question).toBe('vehicle_diagnostic');
      expect(reply.category).toBe('field_repair');
      expect(reply.text, question).toBe(spokenDiagnosis(start).text);
    }
  });

  it('safety check: 1 gallon of water per person, 500-mile belt', () => {
    const text = answerQuestion('safety check', context()).text;
    expect(text).toContain('1 gallon of water per person');
    expect(text).toContain('every 500 miles');
  });

  it('lightning: 50 feet from the vehicle, 30 minutes after the last thunder', () => {
    const text = answerQuestion('lightning is coming', context()).text;
    expect(text).toContain('50 feet away from the vehicle');
    expect(text).toContain('30 minutes after the last thunder');
  });

  it('lost: stays with the machine and reads out the position', () => {
    const text = answerQuestion("I'm lost", context()).text;
    expect(text).toContain('stay with your machine');
    expect(text).toContain('35.08870, -92.44210');
  });
});

describe('answers from the rider’s data', () => {
  it('nearest campground names the closest real campground with its distance in miles', () => {
    const nearest = [...campgrounds].sort(
      (a, b) =>
        distance([conway.longitude, conway.latitude], [a.location.longitude, a.location.latitude], {
          units: 'miles',
        }) -
        distance([conway.longitude, conway.latitude], [b.location.longitude, b.location.latitude], {
          units: 'miles',
        }),
    )[0]!;
    const miles = distance(
      [conway.longitude, conway.latitude],
      [nearest.location.longitude, nearest.location.latitude],
      { units: 'miles' },
    );
    const reply = answerQuestion('nearest campground', context());
    expect(reply.text).toContain(
      `The nearest campground is ${nearest.name}, ${miles.toFixed(1)} miles`,
    );
    expect(reply.sources).toEqual(expect.arrayContaining([...nearest.sources]));
  });

  it('near Mena, nearest campground is a campground, never the ranger district office', () => {
    // The Mena/Oden Ranger District office (RIDB lists it as a facility) is in town.
    const mena = { latitude: 34.58622, longitude: -94.23966 };
    const reply = answerQuestion('nearest campground', context({ userLocation: mena }));
    expect(reply.text).toMatch(/^The nearest campground is /);
    expect(reply.text).not.toMatch(/Ranger District/);
    expect(campgrounds.some((camp) => /Ranger District$/.test(camp.name))).toBe(false);
  });

  it('nearest trailhead lists trails, and without a fix asks for location', () => {
    expect(answerQuestion('closest trailhead', context()).text).toMatch(
      /^The nearest trailhead is /,
    );
    expect(answerQuestion('nearest campground', context({ userLocation: null })).text).toContain(
      'I need your location',
    );
  });

  it('trail info reads the catalogue with its sources', () => {
    const reply = answerQuestion('tell me about Wolf Pen Gap', context());
    expect(reply.text).toContain('Wolf Pen Gap Trail Complex');
    // Located at the USFS Wolf Pen Gap East trailhead since issue 15: no longer approximate.
    expect(reply.text).not.toContain('Trailhead location approximate');
    expect(reply.sources).toContain('product spec');
    expect(reply.action).toMatchObject({ href: '/map/wolf-pen-gap-ohv-trail', auto: false });
    const approximate = answerQuestion('tell me about the Buffalo River', context());
    expect(approximate.text).toContain('Trailhead location approximate');
  });

  it('a §5 trail name missing from the catalogue says so instead of inventing facts', () => {
    const reply = answerQuestion('tell me about Fairfield Bay', context());
    expect(reply.text).toContain('is not in the trail catalogue on this device');
  });

  it('navigation starts guidance to the named trail', () => {
    const reply = answerQuestion('take me to Mill Creek', context());
    expect(reply.text).toMatch(
      /^Starting navigation to Mill Creek OHV Trail\. It is \d+\.\d miles/,
    );
    expect(reply.action).toMatchObject({ href: '/navigate/mill-creek-ohv-trail', auto: true });
  });

  it('find trails opens the trail finder with the question', () => {
    const reply = answerQuestion('find easy trails near Fayetteville', context());
    expect(reply.text).toBe('Opening the trail finder for easy trails near Fayetteville.');
    expect(reply.action).toMatchObject({
      href: '/ai-trails?q=find%20easy%20trails%20near%20Fayetteville',
      auto: true,
    });
  });

  it('weather offline: sunrise and sunset for the fix and date, no live forecast', () => {
    // 21 June 2026 at Conway: sunrise about 6:00 AM, sunset about 8:25 PM Central (NOAA).
    const reply = answerQuestion('when is sunset', context());
    expect(reply.text).toMatch(/sunrise is 5:5\d AM|sunrise is 6:0\d AM/);
    expect(reply.text).toMatch(/sunset is 8:2\d PM/);
    expect(reply.text).toContain('A live forecast needs signal');
    expect(reply.action).toBeNull();
  });

  it('weather online links the National Weather Service forecast for the fix', () => {
    const reply = answerQuestion('weather', context({ isOffline: false }));
    expect(reply.action?.href).toBe(
      'https://forecast.weather.gov/MapClick.php?lat=35.0887&lon=-92.4421',
    );
  });

  it('duck season: dates while it runs, and honest once 2025-26 is over', () => {
    const during = answerQuestion('when is duck season', context({ now: new Date(2025, 11, 15) }));
    expect(during.text).toContain('Duck season is open: Second split, Dec 10-23.');
    expect(during.text).toContain('Daily limit 6 ducks');
    const after = answerQuestion('when is duck season', context({ now: new Date(2026, 10, 23) }));
    expect(after.text).toContain("The next season's dates are not published in this app yet");
    expect(after.sources).toContain('Arkansas Game and Fish Commission, https://www.agfc.com/');
  });
});

describe('which answers need the catalogues loaded', () => {
  const withoutCatalogues = () => context({ trails: [], campgrounds: [] });

  it('answers questions that need no catalogue the same with none loaded', () => {
    const questions = [
      "I'm stuck in mud",
      'my engine is overheating',
      'when is duck season',
      'what is the weather',
      'is it safe to cross the creek',
      'find atv trails',
    ];
    for (const question of questions) {
      expect(needsCatalogues(detectIntent(question)), question).toBe(false);
      expect(answerQuestion(question, withoutCatalogues()), question).toEqual(
        answerQuestion(question, context()),
      );
    }
  });

  it('says which questions read the trails or campgrounds, whose answers depend on them', () => {
    for (const question of [
      'nearest campground',
      'tell me about wolf pen gap',
      'take me to Mill Creek',
    ]) {
      expect(needsCatalogues(detectIntent(question)), question).toBe(true);
      expect(answerQuestion(question, withoutCatalogues()).text, question).not.toBe(
        answerQuestion(question, context()).text,
      );
    }
  });
});
