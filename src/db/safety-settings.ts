/**
 * Storage of the safety system on the device (requirements §core-4 "Outdoor settings":
 * saved on each change, restored on load): outdoor fields, emergency settings, emergency
 * contacts, medical notes and the emergency activation log, each an RxDB local document through
 * src/db/settings.ts. Haptic settings stay in the haptics engine's own document
 * (`haptic-settings`). Local documents do not replicate: contacts will sync once the sync engine
 * gives them a collection (they are the rider's data, unlike the device-only settings).
 */
import {
  defaultHapticSettings,
  hapticSettingsKey,
  mergeHapticSettings,
  type HapticPresetName,
  type HapticSettings,
} from '../lib/outdoor/haptic-settings.ts';
import {
  sortContacts,
  validateContact,
  type ContactValidationError,
  type EmergencyContact,
  type EmergencyContactInput,
} from '../lib/outdoor/emergency-contacts.ts';
import {
  applyEmergencyPreset,
  applyHapticPreset,
  applyWholeSettingsPreset,
  DEFAULT_EMERGENCY_SETTINGS,
  DEFAULT_OUTDOOR_FIELDS,
  normalizeEmergencySettings,
  normalizeOutdoorFields,
  type EmergencyPreset,
  type EmergencySettings,
  type OutdoorFields,
  type OutdoorSettings,
  type WholeSettingsPreset,
} from '../lib/outdoor/outdoor-settings.ts';
import type { AppDatabase } from './database.ts';
import { readLocalSetting, writeLocalSetting } from './settings.ts';

/** Local-setting keys of the safety system. */
export const SAFETY_SETTING_KEYS = {
  outdoor: 'outdoor-settings',
  emergency: 'emergency-settings',
  contacts: 'emergency-contacts',
  medicalNotes: 'medical-notes',
  emergencyLog: 'emergency-log',
} as const;

/** Longest medical notes, in characters (they must fit on the emergency card). */
export const MEDICAL_NOTES_MAX = 1000;

/** Reads the complete outdoor settings (outdoor fields, haptic and emergency settings). */
export async function readOutdoorSettings(db: AppDatabase): Promise<OutdoorSettings> {
  const [outdoor, haptic, emergency] = await Promise.all([
    readLocalSetting<unknown>(db, SAFETY_SETTING_KEYS.outdoor, DEFAULT_OUTDOOR_FIELDS),
    readLocalSetting<HapticSettings>(db, hapticSettingsKey, defaultHapticSettings),
    readLocalSetting<unknown>(db, SAFETY_SETTING_KEYS.emergency, DEFAULT_EMERGENCY_SETTINGS),
  ]);
  return {
    ...normalizeOutdoorFields(outdoor),
    hapticSettings: mergeHapticSettings(haptic, {}),
    emergencySettings: normalizeEmergencySettings(emergency),
  };
}

/** Writes outdoor fields (a partial change is merged into the stored fields). */
export async function writeOutdoorFields(
  db: AppDatabase,
  patch: Partial<OutdoorFields>,
): Promise<void> {
  await writeLocalSetting<Partial<OutdoorFields>>(db, SAFETY_SETTING_KEYS.outdoor, patch);
}

/** Writes the complete emergency settings (normalised first). */
export async function writeEmergencySettings(
  db: AppDatabase,
  settings: EmergencySettings,
): Promise<void> {
  await writeLocalSetting(db, SAFETY_SETTING_KEYS.emergency, normalizeEmergencySettings(settings));
}

/** Writes the complete haptic settings into the haptics engine's document. */
export async function writeHapticSettings(
  db: AppDatabase,
  settings: HapticSettings,
): Promise<void> {
  await writeLocalSetting(db, hapticSettingsKey, settings);
}

/** Applies a whole-settings preset (outdoor/indoor) to all three documents. */
export async function applyWholePresetToDevice(
  db: AppDatabase,
  preset: WholeSettingsPreset,
): Promise<OutdoorSettings> {
  const next = applyWholeSettingsPreset(await readOutdoorSettings(db), preset);
  const { hapticSettings, emergencySettings, ...fields } = next;
  await Promise.all([
    writeOutdoorFields(db, fields),
    writeHapticSettings(db, hapticSettings),
    writeEmergencySettings(db, emergencySettings),
  ]);
  return next;
}

/** Applies an emergency preset to the stored emergency settings. */
export async function applyEmergencyPresetToDevice(
  db: AppDatabase,
  preset: EmergencyPreset,
): Promise<EmergencySettings> {
  const { emergencySettings } = await readOutdoorSettings(db);
  const next = applyEmergencyPreset(emergencySettings, preset);
  await writeEmergencySettings(db, next);
  return next;
}

/** Applies a haptic preset to the stored haptic settings. */
export async function applyHapticPresetToDevice(
  db: AppDatabase,
  preset: HapticPresetName,
): Promise<HapticSettings> {
  const { hapticSettings } = await readOutdoorSettings(db);
  const next = applyHapticPreset(hapticSettings, preset);
  await writeHapticSettings(db, next);
  return next;
}

// ---------------------------------------------------------------------------------------------
// Emergency contacts.

function newContactId(): string {
  // crypto.randomUUID needs a secure origin; phones testing over LAN HTTP have none.
  return `contact-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function normalizeContacts(stored: unknown): EmergencyContact[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    if (typeof record.id !== 'string') return [];
    const { value } = validateContact({
      name: String(record.name ?? ''),
      phone: String(record.phone ?? ''),
      relation: String(record.relation ?? ''),
      priority: Number(record.priority),
    });
    return value ? [{ id: record.id, ...value }] : [];
  });
}

/** Stored contacts, by priority then name. */
export async function readEmergencyContacts(db: AppDatabase): Promise<EmergencyContact[]> {
  return sortContacts(
    normalizeContacts(await readLocalSetting<unknown>(db, SAFETY_SETTING_KEYS.contacts, [])),
  );
}

/** Result of saving a contact: the saved contact, or the validation errors. */
export type SaveContactResult =
  { ok: true; contact: EmergencyContact } | { ok: false; errors: ContactValidationError[] };

/**
 * Adds a contact, or replaces the one with `id`. Validates first (nothing is written on
 * errors); a second contact with the same phone number is refused.
 */
export async function saveEmergencyContact(
  db: AppDatabase,
  input: EmergencyContactInput,
  id?: string,
): Promise<SaveContactResult> {
  const { errors, value } = validateContact(input);
  if (!value) return { ok: false, errors };
  const existing = await readEmergencyContacts(db);
  if (existing.some((contact) => contact.phone === value.phone && contact.id !== id)) {
    return {
      ok: false,
      errors: [{ field: 'phone', message: 'This number is already one of your contacts.' }],
    };
  }
  const contact: EmergencyContact = { id: id ?? newContactId(), ...value };
  const next = id
    ? existing.map((item) => (item.id === id ? contact : item))
    : [...existing, contact];
  await writeLocalSetting(db, SAFETY_SETTING_KEYS.contacts, sortContacts(next));
  return { ok: true, contact };
}

/** Removes the contact with `id` (no-op when it does not exist). */
export async function removeEmergencyContact(db: AppDatabase, id: string): Promise<void> {
  const existing = await readEmergencyContacts(db);
  await writeLocalSetting(
    db,
    SAFETY_SETTING_KEYS.contacts,
    existing.filter((contact) => contact.id !== id),
  );
}

// ---------------------------------------------------------------------------------------------
// Medical notes and the emergency log.

/** One emergency activation: when, how it started, and the fix at that time if any. */
export interface EmergencyLogEntry {
  at: number;
  /** What started it: the panic button, a voice trigger, a detected fall or a missed check-in. */
  source: 'panic-button' | 'voice' | 'fall' | 'check-in';
  critical: boolean;
  testMode: boolean;
}

/**
 * Appends an activation to the local log and drops entries older than `retentionDays`
 * (emergencyDataRetention, requirements §core-9: 30 days by default).
 */
export async function recordEmergencyActivation(
  db: AppDatabase,
  entry: EmergencyLogEntry,
  retentionDays: number,
): Promise<EmergencyLogEntry[]> {
  const stored = await readLocalSetting<EmergencyLogEntry[]>(
    db,
    SAFETY_SETTING_KEYS.emergencyLog,
    [],
  );
  const cutoff = entry.at - retentionDays * 24 * 60 * 60 * 1000;
  const next = [...(Array.isArray(stored) ? stored : []), entry].filter(
    (item) => item.at >= cutoff,
  );
  await writeLocalSetting(db, SAFETY_SETTING_KEYS.emergencyLog, next);
  return next;
}
