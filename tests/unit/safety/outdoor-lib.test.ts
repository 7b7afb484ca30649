/**
 * Pure helpers of the safety system: coordinates (decimal, DMS), contacts validation and
 * recipients, the emergency text and SMS link, voice triggers, presets and UI scale, the
 * seven-check emergency test score, the wake-lock controller, and the offline place lookup over
 * the shipped data.
 */
import { readFileSync } from 'node:fs';
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { defaultHapticSettings } from '../../../src/lib/outdoor/haptic-settings.ts';
import { formatDecimalDegrees, formatDms, mapLink } from '../../../src/lib/outdoor/coordinates.ts';
import {
  normalizePhone,
  selectRecipients,
  validateContact,
  type EmergencyContact,
} from '../../../src/lib/outdoor/emergency-contacts.ts';
import {
  buildEmergencyMessage,
  dispatcherScript,
  smsHref,
} from '../../../src/lib/outdoor/emergency-message.ts';
import {
  applyEmergencyPreset,
  applyWholeSettingsPreset,
  DEFAULT_EMERGENCY_SETTINGS,
  DEFAULT_OUTDOOR_FIELDS,
  effectiveTouchTarget,
  normalizeEmergencySettings,
  outdoorBodyClasses,
  TOUCH_TARGET_PRESETS,
} from '../../../src/lib/outdoor/outdoor-settings.ts';
import { matchVoiceTrigger } from '../../../src/lib/outdoor/voice-triggers.ts';
import {
  runCapabilityChecks,
  scoreCapabilityChecks,
  type CapabilityEnvironment,
} from '../../../src/lib/outdoor/capability-checks.ts';
import { createWakeLockController } from '../../../src/lib/outdoor/wake-lock.ts';
import gazetteer from '../../../data/places/arkansas-places.json';
import {
  countyAt,
  nearestTown,
  parseCounties,
  parseGazetteerTowns,
} from '../../../src/lib/outdoor/place-lookup.ts';
import { parseLakes, parseRivers } from '../../../src/lib/outdoor/waterways.ts';

function shipped(name: string): FeatureCollection {
  return JSON.parse(
    readFileSync(new URL(`../../../data/basemap/${name}`, import.meta.url), 'utf8'),
  ) as FeatureCollection;
}

describe('coordinates', () => {
  it('formats decimal degrees latitude first at each precision', () => {
    expect(formatDecimalDegrees(34.736082, -92.331093)).toBe('34.73608, -92.33109');
    expect(formatDecimalDegrees(34.736082, -92.331093, 'approximate')).toBe('34.736, -92.331');
    expect(formatDecimalDegrees(34.736082, -92.331093, 'general')).toBe('34.74, -92.33');
  });

  it('formats degrees-minutes-seconds with hemispheres and carries 60 seconds', () => {
    expect(formatDms(34.736082, -92.331093)).toBe('34° 44′ 9.9″ N, 92° 19′ 51.9″ W');
    expect(formatDms(-33.999999, 151.5)).toBe('34° 0′ 0.0″ S, 151° 30′ 0.0″ E');
  });

  it('links to OpenStreetMap at the point', () => {
    expect(mapLink(35.1, -92.4)).toBe(
      'https://www.openstreetmap.org/?mlat=35.10000&mlon=-92.40000#map=15/35.10000/-92.40000',
    );
  });
});

describe('contacts', () => {
  it('normalises US and international numbers and refuses short ones', () => {
    expect(normalizePhone('(501) 555-0142')).toBe('+15015550142');
    expect(normalizePhone('1-501-555-0142')).toBe('+15015550142');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('911')).toBeNull();
    expect(normalizePhone('555-0142')).toBeNull();
    expect(normalizePhone('call me')).toBeNull();
  });

  it('validates every field', () => {
    const { errors } = validateContact({
      name: '',
      phone: 'x',
      relation: 'a'.repeat(61),
      priority: 4,
    });
    expect(errors.map((error) => error.field)).toEqual(['name', 'phone', 'relation', 'priority']);
  });

  it('chooses recipients by priority unless all contacts are to be texted', () => {
    const contacts: EmergencyContact[] = [
      { id: 'c', name: 'Cy', phone: '+15015550103', relation: '', priority: 3 },
      { id: 'a', name: 'Al', phone: '+15015550101', relation: '', priority: 1 },
      { id: 'b', name: 'Bo', phone: '+15015550102', relation: '', priority: 2 },
    ];
    const ids = (list: EmergencyContact[]) => list.map((contact) => contact.id);
    expect(
      ids(
        selectRecipients(contacts, {
          shareLocationWithAllContacts: true,
          emergencyContactPriority: 1,
        }),
      ),
    ).toEqual(['a', 'b', 'c']);
    expect(
      ids(
        selectRecipients(contacts, {
          shareLocationWithAllContacts: false,
          emergencyContactPriority: 1,
        }),
      ),
    ).toEqual(['a']);
    expect(
      ids(
        selectRecipients(contacts, {
          shareLocationWithAllContacts: false,
          emergencyContactPriority: 2,
        }),
      ),
    ).toEqual(['a', 'b']);
    const onlyBackup = contacts.filter((contact) => contact.priority === 3);
    expect(
      ids(
        selectRecipients(onlyBackup, {
          shareLocationWithAllContacts: false,
          emergencyContactPriority: 1,
        }),
      ),
    ).toEqual(['c']);
  });
});

describe('emergency message', () => {
  const fix = {
    latitude: 35.0887,
    longitude: -92.4421,
    accuracy: 9.4,
    timestamp: Date.UTC(2026, 5, 1, 15, 0),
  };

  it('carries coordinates, accuracy, time and a map link in an sms: draft', () => {
    const body = buildEmergencyMessage({
      fix,
      now: fix.timestamp + 5000,
      precision: 'exact',
      lowSignal: false,
      placeDescription: '0.6 miles E of Conway (Faulkner County)',
      updateIntervalS: 30,
    });
    expect(body).toContain('My location: 35.08870, -92.44210 (±9 m) at ');
    expect(body).toContain('Near: 0.6 miles E of Conway (Faulkner County)');
    expect(body).toContain('https://www.openstreetmap.org/?mlat=35.08870&mlon=-92.44210');
    const href = smsHref(['+15015550142', '+15015550143'], body);
    expect(href.startsWith('sms:+15015550142,+15015550143?&body=')).toBe(true);
    expect(decodeURIComponent(href.split('body=')[1] ?? '')).toBe(body);
  });

  it('drops the place line for weak signal and rounds to the chosen precision', () => {
    const body = buildEmergencyMessage({
      fix,
      now: fix.timestamp,
      precision: 'general',
      lowSignal: true,
      placeDescription: 'near Conway',
      updateIntervalS: 30,
    });
    expect(body).not.toContain('Near:');
    expect(body).toContain('35.09, -92.44');
  });

  it('says it is a test in test mode', () => {
    expect(
      buildEmergencyMessage({
        fix,
        now: fix.timestamp,
        precision: 'exact',
        lowSignal: true,
        testMode: true,
        updateIntervalS: 30,
      }),
    ).toMatch(/^TEST ONLY/);
  });

  it('tells the dispatcher the coordinates in both formats, the town and the county', () => {
    const script = dispatcherScript({
      fix,
      now: fix.timestamp,
      placeDescription: '0.6 miles E of Conway (Faulkner County)',
      countyName: 'Faulkner',
    });
    expect(script.join('\n')).toContain('35.08870, -92.44210');
    expect(script.join('\n')).toContain('35° 5′ 19.3″ N, 92° 26′ 31.6″ W');
    expect(script).toContain('This is in Faulkner County, Arkansas.');
  });
});

describe('voice triggers', () => {
  const triggers = DEFAULT_EMERGENCY_SETTINGS.emergencyVoiceTriggers;
  it('matches whole trigger words in any case and punctuation', () => {
    expect(matchVoiceTrigger('HELP!', triggers)).toBe('help');
    expect(matchVoiceTrigger('send an S.O.S. now', triggers)).toBe('sos');
    expect(matchVoiceTrigger('Mayday mayday', triggers)).toBe('mayday');
    expect(matchVoiceTrigger('that was helpful', triggers)).toBeNull();
    expect(matchVoiceTrigger('a panicky horse', triggers)).toBeNull();
    expect(matchVoiceTrigger('call for help now', ['call for help'])).toBe('call for help');
  });
});

describe('presets and UI scale', () => {
  it('has the §3 touch-target presets', () => {
    expect(TOUCH_TARGET_PRESETS).toEqual({
      minimum: 44,
      comfortable: 48,
      outdoor: 56,
      emergency: 64,
      trail: 60,
    });
  });

  it('glove mode raises every control to the 60 px trail preset', () => {
    expect(effectiveTouchTarget(DEFAULT_OUTDOOR_FIELDS)).toBe(44);
    expect(effectiveTouchTarget({ ...DEFAULT_OUTDOOR_FIELDS, isOutdoorMode: true })).toBe(56);
    expect(effectiveTouchTarget({ ...DEFAULT_OUTDOOR_FIELDS, gloveMode: true })).toBe(60);
    expect(
      outdoorBodyClasses({ ...DEFAULT_OUTDOOR_FIELDS, gloveMode: true, fontSize: 'large' }),
    ).toEqual(['touch-target-60', 'touch-glove', 'font-size-large']);
  });

  it('outdoor and indoor presets set the confirmation timeout to 8 s and 5 s', () => {
    const outdoor = applyWholeSettingsPreset(
      {
        ...DEFAULT_OUTDOOR_FIELDS,
        hapticSettings: defaultHapticSettings,
        emergencySettings: DEFAULT_EMERGENCY_SETTINGS,
      },
      'outdoor',
    );
    expect(outdoor.emergencySettings.confirmation.timeout).toBe(8);
    expect(outdoor.hapticSettings.masterIntensity).toBe(1);
    expect(outdoor.gloveMode && outdoor.isHighContrast && outdoor.screenLockPrevention).toBe(true);
    const indoor = applyWholeSettingsPreset(outdoor, 'indoor');
    expect(indoor.emergencySettings.confirmation.timeout).toBe(5);
    expect(indoor.hapticSettings.masterIntensity).toBe(0.6);
    expect(indoor.gloveMode).toBe(false);
  });

  it('emergency presets leave the fields they do not name alone', () => {
    const custom = { ...DEFAULT_EMERGENCY_SETTINGS, panicButtonDelay: 6, autoCall911: true };
    const minimal = applyEmergencyPreset(custom, 'minimal');
    expect(minimal.panicButtonDelay).toBe(6);
    expect(minimal.autoCall911).toBe(true);
    expect(minimal.alwaysShowEmergencyButton).toBe(false);
    expect(minimal.confirmation.timeout).toBe(5);
    expect(applyEmergencyPreset(custom, 'trail_riding').alwaysShowEmergencyButton).toBe(true);
  });

  it('normalises stored settings, keeping valid fields and defaulting broken ones', () => {
    const restored = normalizeEmergencySettings({
      panicButtonDelay: 99,
      emergencyPanelMode: 'full',
      confirmation: { timeout: 12 },
    });
    expect(restored.panicButtonDelay).toBe(3);
    expect(restored.emergencyPanelMode).toBe('full');
    expect(restored.confirmation).toEqual({
      ...DEFAULT_EMERGENCY_SETTINGS.confirmation,
      timeout: 12,
    });
  });

  it('keeps a check-in interval the rider picked within 5–240 minutes, else 30', () => {
    expect(normalizeEmergencySettings({}).safetyCheckIntervalMinutes).toBe(30);
    expect(
      normalizeEmergencySettings({ safetyCheckIntervalMinutes: 45 }).safetyCheckIntervalMinutes,
    ).toBe(45);
    expect(
      normalizeEmergencySettings({ safetyCheckIntervalMinutes: 2 }).safetyCheckIntervalMinutes,
    ).toBe(30);
    expect(
      normalizeEmergencySettings({ safetyCheckIntervalMinutes: '60' }).safetyCheckIntervalMinutes,
    ).toBe(30);
  });
});

describe('emergency feature test (§5: pass at 70 % of 7)', () => {
  const everything: CapabilityEnvironment = {
    getPosition: async () => ({ accuracy: 5 }),
    vibrate: () => true,
    speechVoices: async () => 3,
    notificationPermission: 'granted',
    tryWakeLock: async () => undefined,
    persistentStorage: async () => true,
    serviceWorkerControlling: true,
    storedTrailCount: 103,
  };

  it('says what granted notifications are used for, and that a locked phone gets none', async () => {
    const results = await runCapabilityChecks(everything);
    const notifications = results.find((result) => result.id === 'notifications');
    expect(notifications?.detail).toBe(
      'Notifications are allowed: while the app is open in the background, a fall or check-in “Are you OK?” also shows as a notification. A locked phone pauses the app, so none come then.',
    );
  });

  it('passes with 5 of 7 and fails with 4 of 7, explaining each failure', async () => {
    const five = await runCapabilityChecks({
      ...everything,
      vibrate: undefined,
      notificationPermission: 'default',
    });
    expect(five).toHaveLength(7);
    expect(scoreCapabilityChecks(five)).toEqual({
      passed: 5,
      total: 7,
      percent: 71,
      overallPass: true,
    });
    const four = await runCapabilityChecks({
      ...everything,
      vibrate: undefined,
      notificationPermission: 'denied',
      getPosition: async () => {
        throw new Error('User denied Geolocation');
      },
    });
    expect(scoreCapabilityChecks(four).overallPass).toBe(false);
    expect(four.find((result) => result.id === 'geolocation')?.detail).toContain(
      'User denied Geolocation',
    );
    expect(four.find((result) => result.id === 'notifications')?.detail).toContain('blocked');
  });

  it('offline readiness needs the service worker and stored trails', async () => {
    const results = await runCapabilityChecks({ ...everything, storedTrailCount: 0 });
    expect(results.find((result) => result.id === 'offline-ready')?.passed).toBe(false);
  });
});

describe('wake lock', () => {
  it('holds the lock while wanted and re-acquires it when the page is visible again', async () => {
    let visible = true;
    let visibilityListener = () => undefined as void;
    let released: (() => void) | null = null;
    let requests = 0;
    const controller = createWakeLockController({
      request: async () => {
        requests += 1;
        return {
          release: async () => undefined,
          addEventListener: (_type: 'release', listener: () => void) => {
            released = listener;
          },
        };
      },
      isVisible: () => visible,
      onVisibilityChange: (listener) => {
        visibilityListener = listener;
        return () => undefined;
      },
    });
    controller.setWanted(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(controller.status()).toBe('held');
    // The browser releases the lock when the page is hidden.
    visible = false;
    (released as (() => void) | null)?.();
    visibilityListener();
    expect(controller.status()).toBe('waiting-for-visible');
    visible = true;
    visibilityListener();
    await Promise.resolve();
    await Promise.resolve();
    expect(requests).toBe(2);
    expect(controller.status()).toBe('held');
    controller.setWanted(false);
    expect(controller.status()).toBe('off');
  });

  it('reports unsupported without the API', () => {
    const controller = createWakeLockController({
      isVisible: () => true,
      onVisibilityChange: () => () => undefined,
    });
    controller.setWanted(true);
    expect(controller.status()).toBe('unsupported');
  });
});

describe('offline place lookup over the shipped data', () => {
  const towns = parseGazetteerTowns(gazetteer.towns);
  const counties = parseCounties(shipped('arkansas-counties.geojson'));

  it('finds the nearest gazetteer town with distance and direction, and the county', () => {
    expect(towns).toHaveLength(220);
    expect(counties).toHaveLength(75);
    // A hundredth of a degree east of GeoNames' Conway point (-92.4421, 35.0887).
    const point: [number, number] = [-92.4321, 35.0887];
    const nearest = nearestTown(point, towns);
    expect(nearest?.town).toMatchObject({ name: 'Conway', county: 'Faulkner', state: 'AR' });
    expect(nearest?.direction).toBe('E');
    expect(nearest?.distanceMiles).toBeCloseTo(0.57, 2);
    expect(countyAt(point, counties)?.name).toBe('Faulkner');
    expect(countyAt([-90.0, 35.15], counties)).toBeNull(); // Memphis, Tennessee
  });

  it('builds waterways from the shipped lakes and rivers', () => {
    const lakes = parseLakes(shipped('ne-lakes.geojson'));
    expect(lakes).toHaveLength(27);
    const greersFerry = lakes.find((lake) => lake.name === 'Greers Ferry Lake');
    expect(countyAt(greersFerry!.point, counties)?.name).toMatch(/Cleburne|Van Buren/);
    const rivers = parseRivers([
      shipped('ne-rivers.geojson'),
      shipped('ne-rivers-lake-centerlines.geojson'),
    ]);
    const names = rivers.map((river) => river.name);
    expect(names).toContain('Arkansas River');
    expect(names).toContain('Ouachita River');
    expect(new Set(names).size).toBe(names.length);
  });

  it('places every lake and river inside Arkansas once clipped to the state (issue 11 defect 6)', () => {
    const arkansas = shipped('arkansas-state.geojson').features[0] as Feature<MultiPolygon>;
    const waterways = [
      ...parseLakes(shipped('ne-lakes.geojson'), arkansas),
      ...parseRivers(
        [shipped('ne-rivers.geojson'), shipped('ne-rivers-lake-centerlines.geojson')],
        arkansas,
      ),
    ];
    const outside = waterways.filter((waterway) => !countyAt(waterway.point, counties));
    expect(outside.map((waterway) => waterway.name)).toEqual([]);
    const arkansasRiver = waterways.find((waterway) => waterway.name === 'Arkansas River');
    // Its longest Arkansas stretch, not the Kansas plains (the unclipped point was near 38° N).
    expect(arkansasRiver?.point[1]).toBeLessThan(36.5);
    expect(countyAt(arkansasRiver!.point, counties)).not.toBeNull();
    expect(arkansasRiver!.mappedMiles).toBeGreaterThan(250);
    expect(arkansasRiver!.mappedMiles).toBeLessThan(400);
  });
});
