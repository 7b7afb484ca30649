/**
 * The group-ride form's values and their translation to the API's plan (schemas/group-rides.ts).
 * Pure: the page keeps the values in state, so a refused or offline submit loses nothing typed.
 * Times in the form are the device's local wall-clock time ("YYYY-MM-DDTHH:mm", the value of an
 * `<input type="datetime-local">`); the plan carries epoch ms.
 */
import {
  groupRideLimits,
  type GroupRide,
  type GroupRidePlan,
  type groupRideVehicleTypes,
} from '../../../schemas/group-rides.ts';
import { distanceMeters } from '../geo/track-stats.ts';

type VehicleType = (typeof groupRideVehicleTypes)[number];

/** What the rider has typed or picked. `meeting` is 'start' or a catalogue trailhead id. */
export interface GroupRideFormValues {
  trailId: string | null;
  meeting: string;
  startsAtLocal: string;
  vehicleTypes: VehicleType[];
  sizeLimit: number;
  notes: string;
}

/** The meeting choice that means "the trail's own start". */
export const trailStartMeeting = 'start';

/** An empty form: ATVs and UTVs ticked, 8 riders. */
export const emptyGroupRideForm: GroupRideFormValues = {
  trailId: null,
  meeting: trailStartMeeting,
  startsAtLocal: '',
  vehicleTypes: ['atv', 'utv'],
  sizeLimit: 8,
  notes: '',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** `ms` as the device's local "YYYY-MM-DDTHH:mm" (the datetime-local input's format). */
export function localDateTimeText(ms: number): string {
  const date = new Date(ms);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The form's values for editing `ride`. */
export function formFromRide(ride: GroupRide): GroupRideFormValues {
  return {
    trailId: ride.trailId,
    meeting: ride.meeting.trailheadId ?? trailStartMeeting,
    startsAtLocal: localDateTimeText(ride.startsAt),
    vehicleTypes: [...ride.vehicleTypes],
    sizeLimit: ride.sizeLimit,
    notes: ride.notes,
  };
}

/**
 * The plan the form describes, or the first problem in words (what the rider must fix). `now`
 * (epoch ms) rules out a start in the past.
 */
export function planFromForm(values: GroupRideFormValues, now: number): GroupRidePlan | string {
  if (!values.trailId) return 'Choose a trail.';
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(values.startsAtLocal);
  if (!match) return 'Choose the date and time the group meets.';
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const startsAt = new Date(year!, month! - 1, day!, hour!, minute!).getTime();
  if (startsAt <= now) return 'Choose a start time in the future.';
  if (values.vehicleTypes.length === 0) return 'Tick at least one vehicle type.';
  const { minSize, maxSize } = groupRideLimits;
  if (
    !Number.isInteger(values.sizeLimit) ||
    values.sizeLimit < minSize ||
    values.sizeLimit > maxSize
  ) {
    return `The size limit is a whole number from ${minSize} to ${maxSize} riders.`;
  }
  return {
    trailId: values.trailId,
    trailheadId: values.meeting === trailStartMeeting ? null : values.meeting,
    startsAt,
    vehicleTypes: values.vehicleTypes,
    sizeLimit: values.sizeLimit,
    notes: values.notes.trim().slice(0, groupRideLimits.notes),
  };
}

/** A place with a [lon, lat] point in degrees. */
export interface PlacePoint {
  id: string;
  name: string;
  longitude: number;
  latitude: number;
}

/**
 * The `count` catalogue trailheads nearest to `trail` (straight-line miles, rounded to 0.1),
 * nearest first, so the meeting choice offers the ones that make sense for that trail.
 */
export function nearestTrailheads(
  trail: PlacePoint,
  trailheads: readonly PlacePoint[],
  count: number,
): (PlacePoint & { miles: number })[] {
  return trailheads
    .map((trailhead) => ({
      ...trailhead,
      miles: Math.round((distanceMeters(trail, trailhead) / 1609.344) * 10) / 10,
    }))
    .sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name))
    .slice(0, count);
}
