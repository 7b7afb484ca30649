/**
 * Maintenance reminders for a vehicle in the rider's garage, pure.
 *
 * How trip miles reach a vehicle: the rider picks "the vehicle I ride" on this device. That
 * vehicle's estimated odometer is its last reading (`odometerMiles`, taken at `odometerAt`) plus
 * the miles of every trip recorded on or after that moment whose vehicle type is unset or the
 * same as the vehicle's. When the rider switches to another vehicle, the miles so far are folded
 * into the old one's reading (`foldTripMiles`), so they stay with it on every device.
 *
 * Intervals: the CVT belt every 500 miles (requirements §voice-9 safety advice,
 * `CVT_BELT_CHANGE_MILES`), for ATVs, UTVs and other machines (4x4s and dirt bikes mostly drive
 * through a gearbox or chain, so no belt reminder); oil and air filter only at the interval the
 * rider copies from the owner's manual (no general figure is stated, since it varies by model
 * and riding); tire pressure before every ride, with §voice-9's pressures by terrain for ATVs and
 * UTVs.
 */
import type { MaintenanceData, MaintenanceService, VehicleData } from '../../../schemas/records.ts';
import { CVT_BELT_CHANGE_MILES } from '../diagnostics/tree.ts';
import { TERRAIN_TIRE_PSI } from './terrain-tire-pressure.ts';

/** The fields of a trip (schemas/trips.ts) that decide whether and how far it counts. */
export interface TripForMiles {
  source: 'recorded' | 'imported';
  startedAt: number;
  distanceMiles: number;
  vehicleType?: string | null;
}

/** Services a reminder is shown for, in display order. */
export const reminderServices = ['cvtBelt', 'oil', 'airFilter', 'tirePressure'] as const;
export type ReminderService = (typeof reminderServices)[number];

/** Human names of every maintenance service (log entries and reminders). */
export const serviceLabels: Record<MaintenanceService, string> = {
  cvtBelt: 'CVT belt',
  oil: 'Oil change',
  airFilter: 'Air filter',
  tirePressure: 'Tire pressure',
  other: 'Other work',
};

/**
 * Where a service stands: `ok` / `overdue` (miles counted against an interval), `never-logged`
 * (an interval but no entry to count from), `no-interval` (the rider has not set one),
 * `every-ride` (tire pressure).
 */
export type ReminderStatus = 'ok' | 'overdue' | 'never-logged' | 'no-interval' | 'every-ride';

/** One reminder line: `text` is what the rider reads, `basis` where the interval comes from. */
export interface Reminder {
  service: ReminderService;
  status: ReminderStatus;
  /** Interval in miles, null when there is none (tire pressure, not set). */
  intervalMiles: number | null;
  /** Whole miles since the last logged service, null without one. */
  milesSince: number | null;
  /** Whole miles until due, negative when overdue, null when not counted. */
  dueInMiles: number | null;
  text: string;
  basis: string;
}

/** Vehicle types that get the CVT belt reminder. */
const cvtTypes: ReadonlySet<VehicleData['type']> = new Set(['atv', 'utv', 'other']);

/** True when §voice-9's terrain tire pressures (for ATVs and UTVs) apply to this vehicle type. */
export function usesTerrainTirePressures(type: VehicleData['type']): boolean {
  return type === 'atv' || type === 'utv';
}

/**
 * Miles of `trips` that count toward `vehicle` (see the file comment): recorded (not imported)
 * trips started at or after its odometer reading, with no vehicle type or the vehicle's own.
 */
export function tripMilesSinceReading(
  vehicle: Pick<VehicleData, 'type' | 'odometerAt'>,
  trips: readonly TripForMiles[],
): number {
  return trips
    .filter(
      (trip) =>
        trip.source === 'recorded' &&
        trip.startedAt >= vehicle.odometerAt &&
        (trip.vehicleType == null || trip.vehicleType === vehicle.type),
    )
    .reduce((sum, trip) => sum + trip.distanceMiles, 0);
}

/**
 * The vehicle with `tripMiles` folded into its reading at `now` (epoch ms): used when the rider
 * stops riding it on this device, so those miles stay with it.
 */
export function foldTripMiles(vehicle: VehicleData, tripMiles: number, now: number): VehicleData {
  return { ...vehicle, odometerMiles: vehicle.odometerMiles + tripMiles, odometerAt: now };
}

/**
 * The vehicle after a service logged at `serviceOdometer` miles: a reading above the estimate
 * (`estimatedMiles`) becomes the new reading at `now`; otherwise the vehicle is unchanged.
 */
export function vehicleAfterService(
  vehicle: VehicleData,
  estimatedMiles: number,
  serviceOdometer: number,
  now: number,
): VehicleData {
  return serviceOdometer > estimatedMiles
    ? { ...vehicle, odometerMiles: serviceOdometer, odometerAt: now }
    : vehicle;
}

/** The entry of `service` with the highest odometer (the latest date on a tie), or null. */
export function lastService(
  entries: readonly MaintenanceData[],
  service: MaintenanceService,
): MaintenanceData | null {
  let last: MaintenanceData | null = null;
  for (const entry of entries) {
    if (entry.service !== service) continue;
    if (
      !last ||
      entry.odometerMiles > last.odometerMiles ||
      (entry.odometerMiles === last.odometerMiles && entry.date > last.date)
    ) {
      last = entry;
    }
  }
  return last;
}

function milesText(miles: number): string {
  return `${miles.toLocaleString('en-US')} ${miles === 1 ? 'mile' : 'miles'}`;
}

function mileageReminder(
  service: Exclude<ReminderService, 'tirePressure'>,
  intervalMiles: number | null,
  basis: string,
  entries: readonly MaintenanceData[],
  estimatedMiles: number,
): Reminder {
  const label = serviceLabels[service];
  const none = { service, intervalMiles, milesSince: null, dueInMiles: null, basis };
  if (intervalMiles === null) {
    return {
      ...none,
      status: 'no-interval',
      text: `${label}: no interval set. Add the one in your owner’s manual to get a reminder.`,
    };
  }
  const last = lastService(entries, service);
  if (!last) {
    return {
      ...none,
      status: 'never-logged',
      text: `${label}: none logged yet. Log the last one to start counting miles.`,
    };
  }
  const milesSince = Math.max(0, Math.round(estimatedMiles - last.odometerMiles));
  const dueInMiles = Math.round(intervalMiles) - milesSince;
  const text =
    dueInMiles > 0
      ? `${label}: due in ${milesText(dueInMiles)}`
      : dueInMiles === 0
        ? `${label}: due now`
        : `${label}: overdue by ${milesText(-dueInMiles)}`;
  return { ...none, milesSince, dueInMiles, status: dueInMiles > 0 ? 'ok' : 'overdue', text };
}

function tirePressureReminder(
  vehicle: Pick<VehicleData, 'type'>,
  entries: readonly MaintenanceData[],
): Reminder {
  const last = lastService(entries, 'tirePressure');
  return {
    service: 'tirePressure',
    status: 'every-ride',
    intervalMiles: null,
    milesSince: null,
    dueInMiles: null,
    text: `Tire pressure: check before every ride${last ? ` (last logged ${last.date})` : ''}.`,
    basis: usesTerrainTirePressures(vehicle.type)
      ? `Starting pressures by terrain: ${TERRAIN_TIRE_PSI.map((row) => `${row.terrain.toLowerCase()} ${row.psi} PSI`).join(', ')}; never below the tire’s printed minimum.`
      : 'Use the pressure on the tire sidewall or in your owner’s manual.',
  };
}

/**
 * Every reminder for `vehicle` from its maintenance `entries` (any vehicle's; only its own are
 * used) and the trip miles counted since its reading, in `reminderServices` order. Miles are
 * whole miles; "due in 120 miles", "due now" or "overdue by 30 miles".
 */
export function maintenanceReminders(
  vehicle: VehicleData,
  entries: readonly MaintenanceData[],
  tripMiles: number,
): Reminder[] {
  const own = entries.filter((entry) => entry.vehicleId === vehicle.vehicleId);
  const estimated = vehicle.odometerMiles + tripMiles;
  const reminders: Reminder[] = [];
  if (cvtTypes.has(vehicle.type)) {
    reminders.push(
      mileageReminder(
        'cvtBelt',
        CVT_BELT_CHANGE_MILES,
        `Every ${CVT_BELT_CHANGE_MILES} miles of hard riding, or sooner if your owner’s manual says so.`,
        own,
        estimated,
      ),
    );
  }
  const manual = 'Your interval, from the owner’s manual.';
  reminders.push(mileageReminder('oil', vehicle.oilIntervalMiles, manual, own, estimated));
  reminders.push(
    mileageReminder('airFilter', vehicle.airFilterIntervalMiles, manual, own, estimated),
  );
  reminders.push(tirePressureReminder(vehicle, own));
  return reminders;
}
