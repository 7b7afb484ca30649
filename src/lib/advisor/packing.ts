/**
 * What to pack for a day, by activity, season (month on the Arkansas clock) and daylight. The
 * water amount is the app's safety figure (1 gallon per person per day, SAFETY_FIGURES); the
 * other items are the app's own packing rules, each with the reason it is on the list.
 */
import type { TrailActivity } from '../../../schemas/trails.ts';
import { SAFETY_FIGURES } from '../voice/knowledge-base.ts';
import { isMotorized } from './safety.ts';

/** One thing to pack and why it is on the list. */
export interface PackingItem {
  item: string;
  why: string;
}

/** What the packing rules look at for one day. */
export interface PackingInput {
  /** Activities of the day's trails (all of them together). */
  activities: readonly TrailActivity[];
  /** Month of the day, 1-12. */
  month: number;
  /** Minutes from sunrise to sunset that day (shortest over its trails), or null if unknown. */
  daylightMinutes: number | null;
  /** Riding or walking time planned that day in minutes, or null when the plan does not say. */
  plannedMinutes: number | null;
  /** People on the trip (at least 1). */
  people: number;
}

/** Under this much daylight (11 hours, late autumn to winter in Arkansas) lights go on the list. */
export const SHORT_DAYLIGHT_MINUTES = 11 * 60;

function activityItems(activities: readonly TrailActivity[]): PackingItem[] {
  const items: PackingItem[] = [];
  if (isMotorized(activities)) {
    items.push(
      { item: 'Helmet and eye protection', why: 'for every rider on a machine' },
      { item: 'Tire gauge and plug kit', why: 'tire pressure changes with mud, rock and sand' },
      { item: 'Tow strap and basic tools', why: 'to get a stuck or broken machine home' },
    );
  }
  if (activities.includes('atv') || activities.includes('utv')) {
    items.push({ item: 'Spare CVT belt', why: 'a slipping belt ends the ride far from the truck' });
  }
  if (activities.includes('paddling')) {
    items.push(
      { item: 'A life jacket for each person', why: 'worn, not stowed, on moving water' },
      { item: 'Dry bag for phone, keys and the first aid kit', why: 'boats tip over' },
    );
  }
  if (activities.includes('biking')) {
    items.push({ item: 'Bike helmet, spare tube and pump', why: 'for a mountain bike ride' });
  }
  if (activities.includes('hiking') || activities.includes('horse')) {
    items.push({ item: 'Sturdy footwear and a rain layer', why: 'rocky, wet trails' });
  }
  return items;
}

function seasonItems(month: number): PackingItem[] {
  if (month >= 6 && month <= 8) {
    return [
      {
        item: 'Extra water, electrolytes and sun protection',
        why: 'summer heat: carry more than the one-gallon minimum',
      },
    ];
  }
  if (month === 12 || month <= 2) {
    return [
      { item: 'Warm layers, gloves and a hat', why: 'winter cold, worse with wind on a machine' },
    ];
  }
  return [{ item: 'Rain layer', why: 'spring and autumn showers and storms' }];
}

function daylightItems(input: PackingInput): PackingItem[] {
  if (input.daylightMinutes === null) return [];
  if (input.plannedMinutes !== null && input.plannedMinutes > input.daylightMinutes) {
    return [
      {
        item: 'Headlamp and working lights',
        why: 'the plan runs longer than the daylight that day',
      },
    ];
  }
  if (input.daylightMinutes < SHORT_DAYLIGHT_MINUTES) {
    return [{ item: 'Headlamp and working lights', why: 'short daylight: under 11 hours' }];
  }
  return [];
}

/** The packing list for one day: water and basics first, then activity, season and daylight. */
export function packingList(input: PackingInput): PackingItem[] {
  const people = Math.max(1, Math.floor(input.people));
  const gallons = people * SAFETY_FIGURES.waterGallonsPerPerson;
  return [
    {
      item: `${gallons} gallon${gallons === 1 ? '' : 's'} of water`,
      why: `${SAFETY_FIGURES.waterGallonsPerPerson} gallon per person per day, ${people} ${people === 1 ? 'person' : 'people'}`,
    },
    { item: 'First aid kit', why: 'help can be hours away with no signal' },
    {
      item: 'Charged phone with this app’s trails and maps saved offline',
      why: 'no signal on most Arkansas trails',
    },
    ...activityItems(input.activities),
    ...seasonItems(input.month),
    ...daylightItems(input),
  ];
}
