// Pure group-ride rules (issue 17): phases, list order, change notices (never for the rider's
// own doing), position ages and the form's translation to the API's plan.
import { describe, expect, it } from 'vitest';
import type { GroupRide } from '../../../schemas/group-rides.ts';
import {
  emptyGroupRideForm,
  localDateTimeText,
  nearestTrailheads,
  planFromForm,
} from '../../../src/lib/group-rides/group-ride-form-values.ts';
import {
  groupRideNotice,
  groupRidePhase,
  nextPositionReportDelayMs,
  positionAgeText,
  sortGroupRides,
} from '../../../src/lib/group-rides/group-ride-rules.ts';

const hour = 3_600_000;
const now = Date.UTC(2026, 10, 26, 12);
const member = (username: string, organiser = false) => ({ username, joinedAt: 0, organiser });
const ride = (changes: Partial<GroupRide> = {}): GroupRide => ({
  id: 'r1',
  organiser: 'Ana',
  trailId: 'brock-creek-ohv-trail',
  trailName: 'Brock Creek',
  meeting: { trailheadId: null, name: 'Start of Brock Creek', longitude: -92.8, latitude: 35.5 },
  startsAt: now + 24 * hour,
  vehicleTypes: ['atv'],
  sizeLimit: 4,
  notes: '',
  status: 'planned',
  members: [member('Ana', true), member('Ben')],
  createdAt: now,
  updatedAt: now,
  viewer: { member: true, sharesPosition: false },
  ...changes,
});
const time = (ms: number) => new Date(ms).toISOString();

describe('group ride rules', () => {
  it('tells upcoming, under-way, past and cancelled rides apart', () => {
    expect(groupRidePhase(ride(), now)).toBe('upcoming');
    expect(groupRidePhase(ride({ startsAt: now - hour }), now)).toBe('under-way');
    expect(groupRidePhase(ride({ startsAt: now - 13 * hour }), now)).toBe('past');
    expect(groupRidePhase(ride({ status: 'cancelled' }), now)).toBe('cancelled');
  });

  it('lists upcoming rides first, soonest first, then past ones, latest first', () => {
    const rides = [
      ride({ id: 'past-old', startsAt: now - 100 * hour }),
      ride({ id: 'later', startsAt: now + 48 * hour }),
      ride({ id: 'past-new', startsAt: now - 20 * hour }),
      ride({ id: 'soon', startsAt: now + hour }),
    ];
    expect(sortGroupRides(rides, now).map((entry) => entry.id)).toEqual([
      'soon',
      'later',
      'past-new',
      'past-old',
    ]);
  });

  it('notifies members of the organiser’s changes and others joining, never of their own', () => {
    const moved = ride({ startsAt: now + 30 * hour, updatedAt: now + 1 });
    expect(groupRideNotice(ride(), moved, 'Ben', time)?.body).toContain('now starts');
    expect(groupRideNotice(ride(), moved, 'Ana', time)).toBeNull();
    const cancelled = ride({ status: 'cancelled' });
    expect(groupRideNotice(ride(), cancelled, 'Ben', time)?.title).toBe('Group ride cancelled');
    expect(groupRideNotice(ride(), cancelled, 'Ana', time)).toBeNull();
    const joined = ride({ members: [...ride().members, member('Cat')] });
    expect(groupRideNotice(ride(), joined, 'Ana', time)?.body).toContain('Cat joined');
    expect(groupRideNotice(ride(), joined, 'Cat', time)).toBeNull();
    expect(groupRideNotice(ride(), ride({ notes: 'x' }), 'Ben', time)).toBeNull();
  });

  it('gives a position’s age only past 15 minutes', () => {
    expect(positionAgeText(now - 14 * 60_000, now)).toBeNull();
    expect(positionAgeText(now - 23 * 60_000, now)).toBe('position 23 min old');
    expect(positionAgeText(now - 3 * hour, now)).toBe('position 3 h old');
  });
});

describe('group ride form', () => {
  it('turns the form into a plan, or says what to fix', () => {
    const start = now + 48 * hour;
    const values = {
      ...emptyGroupRideForm,
      trailId: 'brock-creek-ohv-trail',
      meeting: 'trailhead-austin',
      startsAtLocal: localDateTimeText(start),
    };
    expect(planFromForm(values, now)).toMatchObject({
      trailheadId: 'trailhead-austin',
      startsAt: Math.floor(start / 60_000) * 60_000,
      vehicleTypes: ['atv', 'utv'],
    });
    expect(planFromForm({ ...values, meeting: 'start' }, now)).toMatchObject({ trailheadId: null });
    expect(planFromForm({ ...values, trailId: null }, now)).toBe('Choose a trail.');
    expect(planFromForm({ ...values, startsAtLocal: localDateTimeText(now - hour) }, now)).toBe(
      'Choose a start time in the future.',
    );
    expect(planFromForm({ ...values, vehicleTypes: [] }, now)).toBe(
      'Tick at least one vehicle type.',
    );
    expect(planFromForm({ ...values, sizeLimit: 1 }, now)).toMatch(/size limit/);
  });

  it('offers the nearest trailheads first', () => {
    const trail = { id: 't', name: 'Trail', longitude: -92.5, latitude: 35.5 };
    const near = { id: 'near', name: 'Near', longitude: -92.51, latitude: 35.5 };
    const far = { id: 'far', name: 'Far', longitude: -93.5, latitude: 35.5 };
    const nearest = nearestTrailheads(trail, [far, near], 1);
    expect(nearest.map((entry) => entry.id)).toEqual(['near']);
    expect(nearest[0]!.miles).toBeCloseTo(0.6, 1);
  });
});

describe('nextPositionReportDelayMs', () => {
  it('retries a failed report after 2, 4 and 8 s, then no more often than every 10 s', () => {
    expect([1, 2, 3, 4, 10].map(nextPositionReportDelayMs)).toEqual([
      2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });

  it('sends every 10 s while reports succeed, at most 6 a minute against the server’s 30', () => {
    expect(nextPositionReportDelayMs(0)).toBe(10_000);
  });
});
