/**
 * Safety settings on RxDB local documents (core-platform §4 "Outdoor settings": saved on each
 * change, restored on load; presets): persistence across a reload (the database closed and
 * reopened), preset application, contacts validation and the retention of the emergency log.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import {
  applyEmergencyPresetToDevice,
  applyHapticPresetToDevice,
  applyWholePresetToDevice,
  readEmergencyContacts,
  readOutdoorSettings,
  recordEmergencyActivation,
  removeEmergencyContact,
  saveEmergencyContact,
  writeEmergencySettings,
  writeOutdoorFields,
} from '../../../src/db/safety-settings.ts';
import { DEFAULT_EMERGENCY_SETTINGS } from '../../../src/lib/outdoor/outdoor-settings.ts';

let counter = 0;
let db: AppDatabase | null = null;

function uniqueName(): string {
  counter += 1;
  return `safety-${process.pid}-${Date.now().toString(36)}-${counter}`;
}
function open(name: string): Promise<AppDatabase> {
  return createAppDatabase({ name, devMode: true });
}

afterEach(async () => {
  await db?.remove();
  db = null;
});

describe('outdoor and emergency settings', () => {
  it('start from the §9 defaults', async () => {
    db = await open(uniqueName());
    const settings = await readOutdoorSettings(db);
    expect(settings.gloveMode).toBe(false);
    expect(settings.emergencySettings.panicButtonDelay).toBe(3);
    expect(settings.emergencySettings.locationUpdateInterval).toBe(30);
    expect(settings.emergencySettings.emergencyAudioVolume).toBe(85);
    expect(settings.emergencySettings.emergencyUITimeout).toBe(30);
    expect(settings.emergencySettings.emergencyDataRetention).toBe(30);
    expect(settings.emergencySettings.emergencyVoiceTriggers).toEqual([
      'emergency',
      'help',
      'sos',
      'mayday',
      'panic',
      'accident',
      'injured',
    ]);
  });

  it('are restored after the database is closed and reopened (a reload)', async () => {
    const name = uniqueName();
    const first = await open(name);
    await writeOutdoorFields(first, { gloveMode: true, fontSize: 'extra-large' });
    await writeEmergencySettings(first, {
      ...DEFAULT_EMERGENCY_SETTINGS,
      panicButtonDelay: 5,
      confirmation: { ...DEFAULT_EMERGENCY_SETTINGS.confirmation, timeout: 12 },
    });
    await saveEmergencyContact(first, {
      name: 'Dana Rivers',
      phone: '(501) 555-0142',
      relation: 'Sister',
      priority: 1,
    });
    await first.close();

    db = await open(name);
    const settings = await readOutdoorSettings(db);
    expect(settings.gloveMode).toBe(true);
    expect(settings.fontSize).toBe('extra-large');
    expect(settings.isHighContrast).toBe(false);
    expect(settings.emergencySettings.panicButtonDelay).toBe(5);
    expect(settings.emergencySettings.confirmation.timeout).toBe(12);
    expect(settings.emergencySettings.confirmation.doubleConfirmForDestruction).toBe(true);
    expect(await readEmergencyContacts(db)).toMatchObject([
      { name: 'Dana Rivers', phone: '+15015550142', relation: 'Sister', priority: 1 },
    ]);
  });

  it('outdoor and indoor presets overwrite the UI, haptic and confirmation fields', async () => {
    db = await open(uniqueName());
    await writeEmergencySettings(db, { ...DEFAULT_EMERGENCY_SETTINGS, panicButtonDelay: 4 });
    const outdoor = await applyWholePresetToDevice(db, 'outdoor');
    expect(outdoor).toMatchObject({
      isOutdoorMode: true,
      isHighContrast: true,
      gloveMode: true,
      touchTargetSize: 'glove-friendly',
      screenLockPrevention: true,
    });
    let stored = await readOutdoorSettings(db);
    expect(stored.gloveMode).toBe(true);
    expect(stored.hapticSettings.masterIntensity).toBe(1);
    expect(stored.emergencySettings.confirmation.timeout).toBe(8);
    expect(stored.emergencySettings.panicButtonDelay).toBe(4);

    await applyWholePresetToDevice(db, 'indoor');
    stored = await readOutdoorSettings(db);
    expect(stored.gloveMode).toBe(false);
    expect(stored.isHighContrast).toBe(false);
    expect(stored.hapticSettings.masterIntensity).toBe(0.6);
    expect(stored.emergencySettings.confirmation.timeout).toBe(5);
    expect(stored.emergencySettings.panicButtonDelay).toBe(4);
  });

  it('haptic and emergency presets change only their own fields', async () => {
    db = await open(uniqueName());
    await writeOutdoorFields(db, { gloveMode: true });
    await applyHapticPresetToDevice(db, 'batterySaver');
    await applyEmergencyPresetToDevice(db, 'backcountry');
    const stored = await readOutdoorSettings(db);
    expect(stored.gloveMode).toBe(true);
    expect(stored.hapticSettings.masterIntensity).toBe(0.4);
    expect(stored.hapticSettings.batteryOptimization).toBe(true);
    expect(stored.emergencySettings).toMatchObject({
      emergencyPanelMode: 'full',
      emergencyBeaconMode: true,
      locationUpdateInterval: 60,
      panicButtonDelay: 3,
    });
    await applyEmergencyPresetToDevice(db, 'urban');
    expect((await readOutdoorSettings(db)).emergencySettings).toMatchObject({
      emergencyPanelMode: 'compact',
      locationUpdateInterval: 15,
      shareLocationWithAllContacts: false,
      emergencyBeaconMode: false,
    });
  });
});

describe('emergency contacts', () => {
  it('refuses invalid and duplicate numbers and removes contacts', async () => {
    db = await open(uniqueName());
    const bad = await saveEmergencyContact(db, {
      name: ' ',
      phone: '911',
      relation: '',
      priority: 1,
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((error) => error.field).sort()).toEqual(['name', 'phone']);
    const saved = await saveEmergencyContact(db, {
      name: 'Sam Ozark',
      phone: '501-555-0199',
      relation: 'Riding buddy',
      priority: 2,
    });
    expect(saved.ok).toBe(true);
    const duplicate = await saveEmergencyContact(db, {
      name: 'Sam again',
      phone: '+1 501 555 0199',
      relation: '',
      priority: 1,
    });
    expect(duplicate.ok).toBe(false);
    expect(await readEmergencyContacts(db)).toHaveLength(1);
    if (saved.ok) await removeEmergencyContact(db, saved.contact.id);
    expect(await readEmergencyContacts(db)).toEqual([]);
  });
});

describe('emergency log', () => {
  it('keeps activations for the retention period only', async () => {
    db = await open(uniqueName());
    const day = 24 * 60 * 60 * 1000;
    const start = Date.UTC(2026, 0, 1);
    await recordEmergencyActivation(
      db,
      { at: start, source: 'panic-button', critical: false, testMode: true },
      30,
    );
    await recordEmergencyActivation(
      db,
      { at: start + 10 * day, source: 'voice', critical: true, testMode: false },
      30,
    );
    const log = await recordEmergencyActivation(
      db,
      { at: start + 31 * day, source: 'panic-button', critical: false, testMode: false },
      30,
    );
    expect(log.map((entry) => entry.at)).toEqual([start + 10 * day, start + 31 * day]);
  });
});
