/**
 * The installation's riders and their garage vehicles for the admin's /fleet page:
 * every live account with its role, when it joined, when the server last stored a change of
 * its synced data, its synced trips (count and miles) and the `vehicle` records of its garage.
 * No email, password hash or user id leaves here.
 */
import type { Kysely } from 'kysely';
import type { FleetOverview, FleetRider, FleetVehicle } from '../../schemas/analytics.ts';
import { garageVehicleTypes, type VehicleData } from '../../schemas/records.ts';
import { countAccountDeletionsByMonth } from './account-deletions.ts';
import type { ServerDatabase } from './database.ts';
import { listLiveUsers } from './users.ts';

type Db = Kysely<ServerDatabase>;

interface RiderTotals {
  lastSyncAt: number | null;
  tripCount: number;
  tripMiles: number;
  vehicles: FleetVehicle[];
}

function totalsOf(byOwner: Map<string, RiderTotals>, ownerId: string): RiderTotals {
  let totals = byOwner.get(ownerId);
  if (!totals) {
    totals = { lastSyncAt: null, tripCount: 0, tripMiles: 0, vehicles: [] };
    byOwner.set(ownerId, totals);
  }
  return totals;
}

/** The fleet fields of a stored vehicle record's data (validated by the sync push). */
function toFleetVehicle(data: VehicleData): FleetVehicle {
  return {
    vehicleId: data.vehicleId,
    type: data.type,
    make: data.make,
    model: data.model,
    year: data.year,
    nickname: data.nickname,
    odometerMiles: data.odometerMiles,
  };
}

/** Adds the riders' live trips and vehicle records to their totals. */
async function addSyncedDocuments(db: Db, byOwner: Map<string, RiderTotals>): Promise<void> {
  const rows = await db
    .selectFrom('user_documents')
    .select(['owner_id', 'collection', 'data'])
    .where('collection', 'in', ['trips', 'records'])
    .where('deleted', '=', 0)
    .execute();
  for (const row of rows) {
    const totals = totalsOf(byOwner, row.owner_id);
    const document = JSON.parse(row.data) as Record<string, unknown>;
    if (row.collection === 'trips') {
      totals.tripCount += 1;
      totals.tripMiles += Number(document.distanceMiles) || 0;
    } else if (document.kind === 'vehicle') {
      totals.vehicles.push(toFleetVehicle(document.data as VehicleData));
    }
  }
}

/** Adds when the server last stored a change of each rider's synced data. */
async function addLastSync(db: Db, byOwner: Map<string, RiderTotals>): Promise<void> {
  const rows = await db
    .selectFrom('user_documents')
    .select((eb) => ['owner_id', eb.fn.max<number>('server_time').as('latest')])
    .groupBy('owner_id')
    .execute();
  for (const row of rows) totalsOf(byOwner, row.owner_id).lastSyncAt = Number(row.latest);
}

/**
 * Every live account, oldest first, with its synced trips and garage vehicles, the number of
 * vehicles of each type (every type listed, 0 when none), and the accounts their riders deleted
 * per month (counts only: nothing of a deleted account is kept to show).
 */
export async function fleetOverview(db: Db): Promise<FleetOverview> {
  const users = await listLiveUsers(db);
  const byOwner = new Map<string, RiderTotals>();
  await addSyncedDocuments(db, byOwner);
  await addLastSync(db, byOwner);
  const riders: FleetRider[] = users.map((user) => {
    const totals = totalsOf(byOwner, user.id);
    return {
      username: user.username,
      role: user.role_id,
      joinedAt: Number(user.created_at),
      lastSyncAt: totals.lastSyncAt,
      tripCount: totals.tripCount,
      tripMiles: Math.round(totals.tripMiles * 10) / 10,
      vehicles: [...totals.vehicles].sort(
        (a, b) => a.make.localeCompare(b.make) || a.model.localeCompare(b.model),
      ),
    };
  });
  const totalsByType = garageVehicleTypes.map((type) => ({
    type,
    count: riders.reduce(
      (sum, rider) => sum + rider.vehicles.filter((vehicle) => vehicle.type === type).length,
      0,
    ),
  }));
  return { riders, totalsByType, deletionsByMonth: await countAccountDeletionsByMonth(db) };
}
