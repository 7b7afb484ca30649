// The /fleet page's search and type filter (src/lib/analytics/fleet-filter.ts): an admin finds
// a rider by username or by a vehicle's make, model, nickname or year, and a type keeps only
// the riders with such a vehicle, listing only those vehicles.
import { describe, expect, it } from 'vitest';
import type { FleetRider, FleetVehicle } from '../../../schemas/analytics.ts';
import { filterFleet } from '../../../src/lib/analytics/fleet-filter.ts';

const vehicle = (overrides: Partial<FleetVehicle>): FleetVehicle => ({
  vehicleId: 'v',
  type: 'utv',
  make: 'Polaris',
  model: 'RZR XP 1000',
  year: 2021,
  nickname: null,
  odometerMiles: 100,
  ...overrides,
});
const rider = (username: string, vehicles: FleetVehicle[]): FleetRider => ({
  username,
  role: 'user',
  joinedAt: 0,
  lastSyncAt: null,
  tripCount: 0,
  tripMiles: 0,
  vehicles,
});
const riders = [
  rider('Ridge', [
    vehicle({ vehicleId: 'a' }),
    vehicle({ vehicleId: 'b', type: 'atv', make: 'Honda', model: 'Rancher', nickname: 'Mule' }),
  ]),
  rider('Hollow', []),
];

describe('fleet filter', () => {
  it('lists everyone without a search or type', () => {
    expect(filterFleet(riders, '  ', null)).toEqual(riders);
  });

  it('finds riders by username or a vehicle, listing the matching vehicles', () => {
    expect(filterFleet(riders, 'holl', null).map((entry) => entry.username)).toEqual(['Hollow']);
    const byNickname = filterFleet(riders, 'mule', null);
    expect(byNickname).toHaveLength(1);
    expect(byNickname[0]!.vehicles.map((entry) => entry.vehicleId)).toEqual(['b']);
    expect(filterFleet(riders, '2021', null)[0]!.vehicles).toHaveLength(2);
    expect(filterFleet(riders, 'yamaha', null)).toEqual([]);
  });

  it('keeps only riders with a vehicle of the chosen type, and only those vehicles', () => {
    const atvs = filterFleet(riders, '', 'atv');
    expect(atvs.map((entry) => entry.username)).toEqual(['Ridge']);
    expect(atvs[0]!.vehicles.map((entry) => entry.make)).toEqual(['Honda']);
    expect(filterFleet(riders, 'polaris', 'atv')).toEqual([]);
    expect(filterFleet(riders, '', 'dirt-bike')).toEqual([]);
  });
});
