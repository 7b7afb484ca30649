/**
 * Emergency contacts (requirements §core-3 Emergency settings: emergencyContactPriority,
 * shareLocationWithAllContacts): their shape, validation with a typed error list, phone number
 * normalisation, and who gets the location message.
 */
import type { ContactPriority, EmergencySettings } from './outdoor-settings.ts';

/** An emergency contact as stored on the device. `phone` is normalised (`+15015550123`). */
export interface EmergencyContact {
  id: string;
  name: string;
  phone: string;
  relation: string;
  priority: ContactPriority;
}

/** Labels of the priority levels. */
export const CONTACT_PRIORITY_LABELS: Readonly<Record<ContactPriority, string>> = {
  1: 'Primary',
  2: 'Secondary',
  3: 'Backup',
};

/** What the contact form submits. */
export interface EmergencyContactInput {
  name: string;
  phone: string;
  relation: string;
  priority: number;
}

/** Validation failure of one field, with the message shown under it. */
export type ContactValidationError =
  | { field: 'name'; message: string }
  | { field: 'phone'; message: string }
  | { field: 'relation'; message: string }
  | { field: 'priority'; message: string };

/** Longest accepted name and relation, in characters. */
export const CONTACT_TEXT_MAX = 60;

/**
 * A phone number as a dialable `+<country><number>` string, or null when it is not one.
 * US numbers may be written with spaces, dashes, dots or parentheses, with or without the
 * leading 1; other countries need the `+` and 8–15 digits (E.164). Emergency and short
 * service numbers (911, 311) are refused: a contact is a person to text.
 */
export function normalizePhone(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (digits.length < 8 || digits.length > 15) return null;
    if (digits.startsWith('1') && digits.length !== 11) return null;
    return `+${digits}`;
  }
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  // NANP: area code and exchange do not start with 0 or 1.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return null;
  return `+1${national}`;
}

/** "+15015550123" → "(501) 555-0123"; other numbers are shown as stored. */
export function formatPhone(phone: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

/**
 * Validates a contact form. Returns the errors (empty when valid) and, when valid, the contact
 * fields with the phone normalised and texts trimmed.
 */
export function validateContact(input: EmergencyContactInput): {
  errors: ContactValidationError[];
  value: Omit<EmergencyContact, 'id'> | null;
} {
  const errors: ContactValidationError[] = [];
  const name = input.name.trim();
  const relation = input.relation.trim();
  if (name === '') errors.push({ field: 'name', message: 'Enter the contact’s name.' });
  else if (name.length > CONTACT_TEXT_MAX)
    errors.push({ field: 'name', message: `Use at most ${CONTACT_TEXT_MAX} characters.` });
  const phone = normalizePhone(input.phone);
  if (input.phone.trim() === '')
    errors.push({ field: 'phone', message: 'Enter a phone number that can receive texts.' });
  else if (!phone)
    errors.push({
      field: 'phone',
      message: 'Enter a 10-digit US number like (501) 555-0123, or +country code and number.',
    });
  if (relation.length > CONTACT_TEXT_MAX)
    errors.push({ field: 'relation', message: `Use at most ${CONTACT_TEXT_MAX} characters.` });
  if (input.priority !== 1 && input.priority !== 2 && input.priority !== 3)
    errors.push({ field: 'priority', message: 'Choose primary, secondary or backup.' });
  if (errors.length > 0 || !phone) return { errors, value: null };
  return {
    errors,
    value: { name, phone, relation, priority: input.priority as ContactPriority },
  };
}

/** Contacts ordered by priority (primary first), then name. */
export function sortContacts(contacts: readonly EmergencyContact[]): EmergencyContact[] {
  return [...contacts].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
}

/**
 * Who receives the location message: every contact when shareLocationWithAllContacts is on,
 * else the contacts of priority 1..emergencyContactPriority; if that leaves nobody (e.g. only
 * backup contacts exist), the highest-priority contacts present, so a message never goes to
 * no one while contacts exist. Ordered by priority.
 */
export function selectRecipients(
  contacts: readonly EmergencyContact[],
  settings: Pick<EmergencySettings, 'shareLocationWithAllContacts' | 'emergencyContactPriority'>,
): EmergencyContact[] {
  const sorted = sortContacts(contacts);
  if (settings.shareLocationWithAllContacts) return sorted;
  const chosen = sorted.filter((contact) => contact.priority <= settings.emergencyContactPriority);
  if (chosen.length > 0) return chosen;
  const top = sorted[0]?.priority;
  return sorted.filter((contact) => contact.priority === top);
}
