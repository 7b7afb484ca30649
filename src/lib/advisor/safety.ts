/**
 * The safety figures that fit a trail's activities, from the app's offline safety advice
 * (SAFETY_FIGURES of src/lib/voice/knowledge-base.ts, the same figures the voice assistant
 * speaks): water per person, waiting after thunder, lightning distance from the vehicle, tire
 * pressure by surface, CVT belt interval and engine cool-down.
 */
import type { TrailActivity } from '../../../schemas/trails.ts';
import { SAFETY_FIGURES } from '../voice/knowledge-base.ts';

/** One safety figure in words, keyed for lists. */
export interface SafetyFigure {
  id: 'water' | 'thunder' | 'lightning' | 'tires' | 'cvt' | 'engine';
  text: string;
}

/** Activities done on an engine-driven machine. */
export const MOTORIZED_ACTIVITIES: readonly TrailActivity[] = ['atv', 'utv', '4x4', 'dirt_bike'];

/** Machines that usually drive through a CVT belt (ATVs and side-by-sides). */
const CVT_ACTIVITIES: readonly TrailActivity[] = ['atv', 'utv'];

/** True when any of `activities` is ridden on a motor vehicle. */
export function isMotorized(activities: readonly TrailActivity[]): boolean {
  return activities.some((activity) => MOTORIZED_ACTIVITIES.includes(activity));
}

/** The figures for a trail with `activities` (empty: the figures every trip needs). */
export function safetyFiguresFor(activities: readonly TrailActivity[]): SafetyFigure[] {
  const f = SAFETY_FIGURES;
  const motorized = isMotorized(activities);
  const figures: SafetyFigure[] = [
    { id: 'water', text: `Carry ${f.waterGallonsPerPerson} gallon of water per person per day.` },
    {
      id: 'thunder',
      text: `Thunder: get off ridges and open ground, and wait ${f.waitAfterThunderMinutes} minutes after the last thunder before going on.`,
    },
  ];
  if (!motorized) return figures;
  figures.push(
    {
      id: 'lightning',
      text: `Lightning: park and move at least ${f.lightningParkFeet} feet away from the vehicle.`,
    },
    {
      id: 'tires',
      text: `Tire pressure: ${f.tirePsiMud} PSI in mud, ${f.tirePsiRocks} PSI on rocks, ${f.tirePsiSand} PSI in sand.`,
    },
    {
      id: 'engine',
      text: `Overheating: let the engine cool ${f.engineCoolMinutes} minutes before opening the radiator cap.`,
    },
  );
  if (activities.some((activity) => CVT_ACTIVITIES.includes(activity))) {
    figures.push({
      id: 'cvt',
      text: `Change the CVT belt every ${f.cvtBeltMiles} miles of hard riding; carry a spare.`,
    });
  }
  return figures;
}
