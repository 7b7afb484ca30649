/**
 * What the phone opens when an emergency starts and the sentences that say so (issue 11 defect
 * 3): a text to the contacts (counted right), a call, or the 911 dialer when no contact is
 * saved; no sentence claims that help was sent.
 */
import { describe, expect, it } from 'vitest';
import type { EmergencyContact } from '../../../src/lib/outdoor/emergency-contacts.ts';
import {
  countContacts,
  describePlanAhead,
  describePlanDone,
  planActionLabel,
  planEmergencyContact,
  planHref,
} from '../../../src/lib/outdoor/emergency-plan.ts';
import { DEFAULT_EMERGENCY_SETTINGS } from '../../../src/lib/outdoor/outdoor-settings.ts';

const dana: EmergencyContact = {
  id: 'a',
  name: 'Dana Rivers',
  phone: '+15015550142',
  relation: 'Sister',
  priority: 1,
};
const lee: EmergencyContact = {
  id: 'b',
  name: 'Lee Park',
  phone: '+15015550177',
  relation: '',
  priority: 2,
};

describe('the emergency contact plan', () => {
  it('counts contacts correctly', () => {
    expect(countContacts(1)).toBe('1 contact');
    expect(countContacts(2)).toBe('2 contacts');
    expect(countContacts(0)).toBe('0 contacts');
  });

  it('opens a text to every recipient and says the rider presses Send', () => {
    const plan = planEmergencyContact([lee, dana], DEFAULT_EMERGENCY_SETTINGS);
    expect(plan).toEqual({ method: 'sms', recipients: [dana, lee] });
    expect(describePlanAhead(plan)).toBe(
      'Your phone will open a text to your 2 contacts with your location. Press Send.',
    );
    expect(describePlanDone(plan)).toBe(
      'Your phone opened a text to your 2 contacts with your location. It is not sent until you press Send.',
    );
    expect(planActionLabel(plan)).toBe('Open the text now');
    expect(planHref(plan, 'EMERGENCY: I need help.')).toBe(
      'sms:+15015550142,+15015550177?&body=EMERGENCY%3A%20I%20need%20help.',
    );
    const one = planEmergencyContact([dana], DEFAULT_EMERGENCY_SETTINGS);
    expect(describePlanAhead(one)).toBe(
      'Your phone will open a text to your 1 contact, Dana Rivers, with your location. Press Send.',
    );
  });

  it('opens the dialer on the first contact when the rider prefers calls', () => {
    const plan = planEmergencyContact([lee, dana], {
      ...DEFAULT_EMERGENCY_SETTINGS,
      preferredContactMethod: 'call',
    });
    expect(planHref(plan, 'ignored')).toBe('tel:+15015550142');
    expect(describePlanAhead(plan)).toBe(
      'Your phone will open the dialer to call Dana Rivers. Press Call.',
    );
  });

  it('with no contacts says so and opens the 911 dialer; test mode opens nothing', () => {
    const plan = planEmergencyContact([], DEFAULT_EMERGENCY_SETTINGS);
    expect(planHref(plan, 'x')).toBe('tel:911');
    expect(describePlanAhead(plan)).toBe(
      'You have no emergency contacts saved, so there is no one to text. Your phone will open the dialer on 911. Press Call.',
    );
    const test = planEmergencyContact([], {
      ...DEFAULT_EMERGENCY_SETTINGS,
      emergencyTestMode: true,
    });
    expect(planHref(test, 'x')).toBeNull();
    expect(describePlanDone(test)).toContain('nothing was opened');
  });

  it('never claims that help was sent', () => {
    const plans = [
      planEmergencyContact([dana, lee], DEFAULT_EMERGENCY_SETTINGS),
      planEmergencyContact([dana], { ...DEFAULT_EMERGENCY_SETTINGS, autoCall911: true }),
      planEmergencyContact([], DEFAULT_EMERGENCY_SETTINGS),
    ];
    for (const plan of plans) {
      for (const text of [describePlanAhead(plan), describePlanDone(plan)]) {
        expect(text).not.toMatch(/help (is|was) sent|sends help|alert(ed)? (is |was )?sent/i);
        expect(text).toMatch(/Press (Send|Call)|press (Send|Call)/);
      }
    }
  });
});
