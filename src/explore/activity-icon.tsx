/** Icons for trail activities and the hunting chip (lucide-react), always with a text label. */
import {
  Bike,
  CarFront,
  Crosshair,
  Footprints,
  Kayak,
  Motorbike,
  PawPrint,
  Tractor,
  Truck,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ActivityFilter } from './trail-search.ts';

const icons: Readonly<Record<ActivityFilter, LucideIcon>> = {
  atv: Tractor,
  utv: CarFront,
  '4x4': Truck,
  dirt_bike: Motorbike,
  hiking: Footprints,
  biking: Bike,
  horse: PawPrint,
  paddling: Kayak,
  hunting: Crosshair,
};

/**
 * The icon for an activity, decorative (aria-hidden): callers always show or announce the
 * activity's name next to it. `size` in CSS pixels.
 */
export function ActivityIcon({ activity, size = 18 }: { activity: ActivityFilter; size?: number }) {
  const Icon = icons[activity];
  return <Icon size={size} aria-hidden="true" focusable="false" />;
}
