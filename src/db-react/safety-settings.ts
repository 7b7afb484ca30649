/**
 * React bindings of src/db/safety-settings.ts: the safety system's device storage: outdoor
 * settings, emergency contacts, medical notes and the emergency activation log. The hooks
 * subscribe to the repository's reads through useObservable and call its writes; the storage rules
 * live in the repository module.
 */
import { useCallback, useMemo } from 'react';
import {
  defaultHapticSettings,
  hapticSettingsKey,
  mergeHapticSettings,
  type HapticSettings,
  type HapticSettingsPatch,
} from '../lib/outdoor/haptic-settings.ts';
import { sortContacts, type EmergencyContact } from '../lib/outdoor/emergency-contacts.ts';
import {
  DEFAULT_EMERGENCY_SETTINGS,
  DEFAULT_OUTDOOR_FIELDS,
  normalizeEmergencySettings,
  normalizeOutdoorFields,
  type EmergencySettings,
  type OutdoorFields,
  type OutdoorSettings,
} from '../lib/outdoor/outdoor-settings.ts';
import { useLocalSetting } from './settings.ts';
import {
  SAFETY_SETTING_KEYS,
  MEDICAL_NOTES_MAX,
  normalizeContacts,
  type EmergencyLogEntry,
} from '../db/safety-settings.ts';

// One shared empty default: a new [] each render would change the hook's value every render.
const NO_CONTACTS: readonly unknown[] = [];

const NO_LOG: EmergencyLogEntry[] = [];

/**
 * The outdoor settings as React state, following every write (any tab). `isLoading` until all
 * three documents were read (defaults meanwhile).
 */
export function useOutdoorSettings(): {
  settings: OutdoorSettings;
  isLoading: boolean;
  updateOutdoor: (patch: Partial<OutdoorFields>) => Promise<void>;
  updateEmergency: (patch: Partial<EmergencySettings>) => Promise<void>;
  updateHaptics: (patch: HapticSettingsPatch) => Promise<void>;
} {
  const outdoor = useLocalSetting<unknown>(SAFETY_SETTING_KEYS.outdoor, DEFAULT_OUTDOOR_FIELDS);
  const haptic = useLocalSetting<HapticSettings>(hapticSettingsKey, defaultHapticSettings);
  const emergency = useLocalSetting<unknown>(
    SAFETY_SETTING_KEYS.emergency,
    DEFAULT_EMERGENCY_SETTINGS,
  );
  // useLocalSetting lays stored objects over the defaults into a new object on every render;
  // keying on the content keeps `settings` stable until a value really changes, so effects
  // that depend on it (the emergency machine's settings.update) do not loop.
  const contentKey = JSON.stringify([outdoor.value, haptic.value, emergency.value]);
  const settings = useMemo<OutdoorSettings>(() => {
    const [outdoorValue, hapticValue, emergencyValue] = JSON.parse(contentKey) as [
      unknown,
      Partial<HapticSettings> | null,
      unknown,
    ];
    return {
      ...normalizeOutdoorFields(outdoorValue),
      hapticSettings: mergeHapticSettings(hapticValue, {}),
      emergencySettings: normalizeEmergencySettings(emergencyValue),
    };
  }, [contentKey]);
  const setOutdoor = outdoor.setValue;
  const setHaptic = haptic.setValue;
  const setEmergency = emergency.setValue;
  const updateOutdoor = useCallback(
    (patch: Partial<OutdoorFields>) =>
      setOutdoor((previous: unknown) => ({ ...normalizeOutdoorFields(previous), ...patch })),
    [setOutdoor],
  );
  const updateEmergency = useCallback(
    (patch: Partial<EmergencySettings>) =>
      setEmergency((previous: unknown) =>
        normalizeEmergencySettings({ ...normalizeEmergencySettings(previous), ...patch }),
      ),
    [setEmergency],
  );
  const updateHaptics = useCallback(
    (patch: HapticSettingsPatch) => setHaptic((previous) => mergeHapticSettings(previous, patch)),
    [setHaptic],
  );
  return {
    settings,
    isLoading: outdoor.isLoading || haptic.isLoading || emergency.isLoading,
    updateOutdoor,
    updateEmergency,
    updateHaptics,
  };
}

/** The stored contacts as React state (by priority then name). */
export function useEmergencyContacts(): { contacts: EmergencyContact[]; isLoading: boolean } {
  const { value, isLoading } = useLocalSetting<unknown>(SAFETY_SETTING_KEYS.contacts, NO_CONTACTS);
  const contacts = useMemo(() => sortContacts(normalizeContacts(value)), [value]);
  return { contacts, isLoading };
}

/** Medical notes (free text, at most MEDICAL_NOTES_MAX characters) as React state. */
export function useMedicalNotes(): {
  notes: string;
  isLoading: boolean;
  setNotes: (notes: string) => Promise<void>;
} {
  const { value, isLoading, setValue } = useLocalSetting<string>(
    SAFETY_SETTING_KEYS.medicalNotes,
    '',
  );
  const setNotes = useCallback(
    (notes: string) => setValue(notes.slice(0, MEDICAL_NOTES_MAX)),
    [setValue],
  );
  return { notes: typeof value === 'string' ? value : '', isLoading, setNotes };
}

/** The emergency log as React state, newest first. */
export function useEmergencyLog(): EmergencyLogEntry[] {
  const { value } = useLocalSetting<EmergencyLogEntry[]>(SAFETY_SETTING_KEYS.emergencyLog, NO_LOG);
  return useMemo(() => (Array.isArray(value) ? [...value].reverse() : []), [value]);
}
