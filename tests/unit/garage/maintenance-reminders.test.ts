// Maintenance reminders from recorded trip miles (src/lib/garage/reminders.ts): the CVT belt
// every 500 miles (§9), oil and air filter at the rider's owner's-manual interval, tire
// pressure before every ride; trip miles count for the vehicle ridden since its last reading.
import { describe, expect, it } from 'vitest';
import type { MaintenanceData, VehicleData } from '../../../schemas/records.ts';
import {
  foldTripMiles,
  maintenanceReminders,
  tripMilesSinceReading,
  vehicleAfterService,
  type TripForMiles,
} from '../../../src/lib/garage/reminders.ts';

const readingAt = Date.UTC(2026, 9, 1);
const day = 86_400_000;

const rzr: VehicleData = {
  vehicleId: 'rzr',
  type: 'utv',
  make: 'Polaris',
  model: 'RZR XP 1000',
  year: 2021,
  nickname: null,
  odometerMiles: 1000,
  odometerAt: readingAt,
  oilIntervalMiles: null,
  airFilterIntervalMiles: null,
};

function entry(service: MaintenanceData['service'], odometerMiles: number, vehicleId = 'rzr') {
  return {
    entryId: `${service}-${odometerMiles}`,
    vehicleId,
    service,
    date: '2026-09-20',
    odometerMiles,
    notes: null,
  } satisfies MaintenanceData;
}

function trip(distanceMiles: number, change: Partial<TripForMiles> = {}): TripForMiles {
  return { source: 'recorded', startedAt: readingAt + day, distanceMiles, ...change };
}

describe('trip miles that count toward a vehicle', () => {
  it.each([
    ['a recorded trip after the reading', [trip(42.5)], 42.5],
    ['two trips add up', [trip(30), trip(12.25)], 42.25],
    ['a trip before the reading', [trip(80, { startedAt: readingAt - day })], 0],
    ['an imported GPX trip', [trip(80, { source: 'imported' })], 0],
    ['a trip recorded for another vehicle type', [trip(80, { vehicleType: 'dirt-bike' })], 0],
    ['a trip of the same vehicle type', [trip(15, { vehicleType: 'utv' })], 15],
  ])('%s', (_name, trips, miles) => {
    expect(tripMilesSinceReading(rzr, trips)).toBeCloseTo(miles);
  });
});

describe('CVT belt reminder (every 500 miles, §9)', () => {
  it.each([
    ['belt at 1,000, no trips since', [], 0, 'CVT belt: due in 500 miles', 'ok'],
    ['belt at 1,000, 380 trip miles', [], 380, 'CVT belt: due in 120 miles', 'ok'],
    ['belt at 1,000, exactly 500 trip miles', [], 500, 'CVT belt: due now', 'overdue'],
    ['belt at 1,000, 530 trip miles', [], 530, 'CVT belt: overdue by 30 miles', 'overdue'],
    ['belt at 1,000, 499.6 trip miles', [], 499.6, 'CVT belt: due now', 'overdue'],
    [
      'the later of two belt changes counts',
      [entry('cvtBelt', 1300)],
      380,
      'CVT belt: due in 420 miles',
      'ok',
    ],
  ])('%s', (_name, extra, tripMiles, text, status) => {
    const [belt] = maintenanceReminders(rzr, [entry('cvtBelt', 1000), ...extra], tripMiles);
    expect(belt).toMatchObject({ service: 'cvtBelt', text, status, intervalMiles: 500 });
  });

  it('says when no belt change is logged, and ignores another vehicle’s entries', () => {
    const [belt] = maintenanceReminders(rzr, [entry('cvtBelt', 900, 'other-machine')], 100);
    expect(belt).toMatchObject({
      status: 'never-logged',
      text: 'CVT belt: none logged yet. Log the last one to start counting miles.',
      dueInMiles: null,
    });
  });

  it.each([
    ['4x4', false],
    ['dirt-bike', false],
    ['atv', true],
    ['utv', true],
    ['other', true],
  ] as const)('a %s gets a belt reminder: %s', (type, hasBelt) => {
    const services = maintenanceReminders({ ...rzr, type }, [], 0).map((r) => r.service);
    expect(services.includes('cvtBelt')).toBe(hasBelt);
  });
});

describe('oil, air filter and tire pressure', () => {
  it('asks for the owner’s-manual interval until the rider sets one', () => {
    const reminders = maintenanceReminders(rzr, [entry('oil', 900)], 50);
    expect(reminders.find((r) => r.service === 'oil')).toMatchObject({
      status: 'no-interval',
      text: 'Oil change: no interval set. Add the one in your owner’s manual to get a reminder.',
    });
  });

  it('counts oil and air filter against the rider’s intervals', () => {
    const vehicle = { ...rzr, oilIntervalMiles: 600, airFilterIntervalMiles: 250 };
    const reminders = maintenanceReminders(
      vehicle,
      [entry('oil', 900), entry('airFilter', 800)],
      40,
    );
    // 1,040 miles now: oil 140 since (460 to go), air filter 240 since (10 to go).
    expect(reminders.find((r) => r.service === 'oil')?.text).toBe('Oil change: due in 460 miles');
    expect(reminders.find((r) => r.service === 'airFilter')?.text).toBe(
      'Air filter: due in 10 miles',
    );
    const later = maintenanceReminders(vehicle, [entry('airFilter', 800)], 300);
    expect(later.find((r) => r.service === 'airFilter')?.text).toBe(
      'Air filter: overdue by 250 miles',
    );
  });

  it('reminds to check tire pressure before every ride, by terrain for ATVs and UTVs', () => {
    const utv = maintenanceReminders(rzr, [entry('tirePressure', 1000)], 0).at(-1);
    expect(utv).toMatchObject({
      service: 'tirePressure',
      status: 'every-ride',
      text: 'Tire pressure: check before every ride (last logged 2026-09-20).',
    });
    expect(utv?.basis).toBe(
      'Starting pressures by terrain: mud 8 PSI, rocks 10–12 PSI, sand 6–8 PSI; never below the tire’s printed minimum.',
    );
    const truck = maintenanceReminders({ ...rzr, type: '4x4' }, [], 0).at(-1);
    expect(truck?.basis).toBe('Use the pressure on the tire sidewall or in your owner’s manual.');
  });
});

describe('odometer bookkeeping', () => {
  it('folds trip miles into the reading when the rider switches vehicles', () => {
    const now = readingAt + 3 * day;
    const folded = foldTripMiles(rzr, 120.5, now);
    expect(folded).toMatchObject({ odometerMiles: 1120.5, odometerAt: now });
    expect(tripMilesSinceReading(folded, [trip(120.5)])).toBe(0);
  });

  it('takes a service odometer above the estimate as the new reading', () => {
    const now = readingAt + 5 * day;
    expect(vehicleAfterService(rzr, 1050, 1100, now)).toMatchObject({
      odometerMiles: 1100,
      odometerAt: now,
    });
    expect(vehicleAfterService(rzr, 1050, 1020, now)).toBe(rzr);
  });
});
