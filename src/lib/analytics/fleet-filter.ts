/**
 * The /fleet page's search and filter, pure: riders whose username, or one of whose
 * vehicles' make, model, nickname or year, contains the search text (case-insensitive), and who
 * own a vehicle of the chosen type; with a type chosen, only vehicles of that type are listed.
 */
import type { FleetRider } from '../../../schemas/analytics.ts';
import type { GarageVehicleType } from '../../../schemas/records.ts';

/** Words for the garage vehicle types (schemas/records.ts `garageVehicleTypes`). */
export const vehicleTypeLabels: Record<GarageVehicleType, string> = {
  atv: 'ATV',
  utv: 'UTV',
  '4x4': '4x4',
  'dirt-bike': 'Dirt bike',
  other: 'Other',
};

/** The riders and vehicles to list for `search` and `type` (null: every type). */
export function filterFleet(
  riders: readonly FleetRider[],
  search: string,
  type: GarageVehicleType | null,
): FleetRider[] {
  const needle = search.trim().toLowerCase();
  return riders.flatMap((rider) => {
    const vehicles = type
      ? rider.vehicles.filter((vehicle) => vehicle.type === type)
      : rider.vehicles;
    if (type && vehicles.length === 0) return [];
    if (!needle || rider.username.toLowerCase().includes(needle)) return [{ ...rider, vehicles }];
    const matching = vehicles.filter((vehicle) =>
      [vehicle.make, vehicle.model, vehicle.nickname ?? '', String(vehicle.year ?? '')]
        .join(' ')
        .toLowerCase()
        .includes(needle),
    );
    return matching.length > 0 ? [{ ...rider, vehicles: matching }] : [];
  });
}
