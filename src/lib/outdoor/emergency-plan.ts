/**
 * What the phone will open when an emergency starts, and the words that say so
 * (requirements §core-3 Emergency settings: preferredContactMethod, autoCall911,
 * emergencyContactPriority, shareLocationWithAllContacts, emergencyTestMode).
 *
 * A web page cannot send a text or place a call by itself: the most it can do is open the
 * phone's messages app with a prefilled text (`sms:`) or the dialer with a number (`tel:`), and
 * the rider still has to press Send or Call. Every sentence here says exactly that, so no screen
 * claims that help was sent. Pure functions: the panic button, fall detection and the periodic
 * check-in all use the same plan and the same words.
 */
import { EMERGENCY_CALL_HREF, smsHref, telHref } from './emergency-message.ts';
import { selectRecipients, type EmergencyContact } from './emergency-contacts.ts';
import type { EmergencySettings } from './outdoor-settings.ts';

/**
 * The one thing the phone opens when an emergency starts without the rider choosing:
 * - `sms`: the messages app with a text (location prefilled) to `recipients`;
 * - `call`: the dialer on one contact (preferredContactMethod `call`);
 * - `911`: the dialer on 911, because no contact is saved or autoCall911 is on;
 * - `none`: nothing (test mode with no contacts: a test never opens 911).
 */
export type EmergencyContactPlan =
  | { method: 'sms'; recipients: EmergencyContact[] }
  | { method: 'call'; contact: EmergencyContact }
  | { method: '911'; reason: 'no-contacts' | 'auto-call' }
  | { method: 'none'; reason: 'test-without-contacts' };

/** "1 contact", "2 contacts". */
export function countContacts(count: number): string {
  return `${count} contact${count === 1 ? '' : 's'}`;
}

/**
 * Chooses what to open. autoCall911 (outside test mode) opens 911 first; otherwise the
 * preferred method decides between a text to every recipient (`sms`, `both`) and a call to the
 * first recipient by priority (`call`). With no contacts saved there is no one to text, so the
 * dialer opens on 911 (never in test mode).
 */
export function planEmergencyContact(
  contacts: readonly EmergencyContact[],
  settings: Pick<
    EmergencySettings,
    | 'preferredContactMethod'
    | 'autoCall911'
    | 'emergencyTestMode'
    | 'shareLocationWithAllContacts'
    | 'emergencyContactPriority'
  >,
): EmergencyContactPlan {
  if (settings.autoCall911 && !settings.emergencyTestMode)
    return { method: '911', reason: 'auto-call' };
  const recipients = selectRecipients(contacts, settings);
  const first = recipients[0];
  if (!first) {
    return settings.emergencyTestMode
      ? { method: 'none', reason: 'test-without-contacts' }
      : { method: '911', reason: 'no-contacts' };
  }
  if (settings.preferredContactMethod === 'call') return { method: 'call', contact: first };
  return { method: 'sms', recipients };
}

/** The `sms:` or `tel:` link of a plan (`message` is the text body), or null for `none`. */
export function planHref(plan: EmergencyContactPlan, message: string): string | null {
  switch (plan.method) {
    case 'sms':
      return smsHref(
        plan.recipients.map((contact) => contact.phone),
        message,
      );
    case 'call':
      return telHref(plan.contact.phone);
    case '911':
      return EMERGENCY_CALL_HREF;
    case 'none':
      return null;
  }
}

function textTarget(recipients: readonly EmergencyContact[]): string {
  const only = recipients.length === 1 ? recipients[0] : undefined;
  return only
    ? `your ${countContacts(1)}, ${only.name},`
    : `your ${countContacts(recipients.length)}`;
}

const NO_CONTACTS = 'You have no emergency contacts saved, so there is no one to text.';

/**
 * What will happen, before it happens: "Your phone will open a text to your 2 contacts with
 * your location. Press Send."
 */
export function describePlanAhead(plan: EmergencyContactPlan): string {
  switch (plan.method) {
    case 'sms':
      return `Your phone will open a text to ${textTarget(plan.recipients)} with your location. Press Send.`;
    case 'call':
      return `Your phone will open the dialer to call ${plan.contact.name}. Press Call.`;
    case '911':
      return plan.reason === 'no-contacts'
        ? `${NO_CONTACTS} Your phone will open the dialer on 911. Press Call.`
        : 'Your phone will open the dialer on 911. Press Call.';
    case 'none':
      return `${NO_CONTACTS} Test mode never opens 911, so nothing will open.`;
  }
}

/**
 * What happened, afterwards: "Your phone opened a text to your 2 contacts with your location.
 * It is not sent until you press Send."
 */
export function describePlanDone(plan: EmergencyContactPlan): string {
  switch (plan.method) {
    case 'sms':
      return `Your phone opened a text to ${textTarget(plan.recipients)} with your location. It is not sent until you press Send.`;
    case 'call':
      return `Your phone opened the dialer to call ${plan.contact.name}. The call starts only when you press Call.`;
    case '911':
      return plan.reason === 'no-contacts'
        ? `${NO_CONTACTS} Your phone opened the dialer on 911. The call starts only when you press Call.`
        : 'Your phone opened the dialer on 911. The call starts only when you press Call.';
    case 'none':
      return `${NO_CONTACTS} Test mode never opens 911, so nothing was opened.`;
  }
}

/** Label of the button that opens the plan at once: "Open the text now". */
export function planActionLabel(plan: EmergencyContactPlan): string {
  switch (plan.method) {
    case 'sms':
      return 'Open the text now';
    case 'call':
    case '911':
      return 'Open the dialer now';
    case 'none':
      return 'Start the test now';
  }
}
