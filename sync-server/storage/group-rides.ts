/**
 * Group rides and their members. The organiser is the first member; joins are
 * refused beyond the size limit (the ride's row is updated first inside the join's transaction,
 * which locks it on PostgreSQL and serialises writers on SQLite, so two riders cannot both take
 * the last place). Positions are stored only for members who opted in and are forgotten when
 * they opt out or leave.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  groupRidePastAfterMs,
  type GroupRide,
  type GroupRideMeeting,
  type GroupRidePlan,
  type GroupRidePosition,
  type GroupRidePositionReport,
} from '../../schemas/group-rides.ts';
import type { GroupRidesTable, ServerDatabase } from './database.ts';

type Db = Kysely<ServerDatabase>;

/** The catalogue facts a plan names: the trail's name and where the group meets. */
export interface ResolvedPlace {
  trailName: string;
  meeting: GroupRideMeeting;
}

interface CatalogueTrail {
  name: string;
  kind: string;
  longitude: number;
  latitude: number;
}

/** A live (not deleted) catalogue trail by id, or null. */
async function catalogueTrail(db: Db, id: string): Promise<CatalogueTrail | null> {
  const row = await db
    .selectFrom('documents')
    .select('data')
    .where('collection', '=', 'trails')
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as CatalogueTrail) : null;
}

/**
 * Looks up the plan's trail and meeting trailhead in the public catalogue. Returns an error
 * message when the trail is unknown or `trailheadId` is not a catalogue trailhead.
 */
export async function resolvePlace(
  db: Db,
  plan: Pick<GroupRidePlan, 'trailId' | 'trailheadId'>,
): Promise<ResolvedPlace | string> {
  const trail = await catalogueTrail(db, plan.trailId);
  if (!trail) return 'No trail in the catalogue has that id.';
  if (plan.trailheadId === null) {
    return {
      trailName: trail.name,
      meeting: {
        trailheadId: null,
        name: `Start of ${trail.name}`,
        longitude: trail.longitude,
        latitude: trail.latitude,
      },
    };
  }
  const trailhead = await catalogueTrail(db, plan.trailheadId);
  if (!trailhead || trailhead.kind !== 'trailhead') {
    return 'No trailhead in the catalogue has that id.';
  }
  return {
    trailName: trail.name,
    meeting: {
      trailheadId: plan.trailheadId,
      name: trailhead.name,
      longitude: trailhead.longitude,
      latitude: trailhead.latitude,
    },
  };
}

function planColumns(plan: GroupRidePlan, place: ResolvedPlace) {
  return {
    trail_id: plan.trailId,
    trail_name: place.trailName,
    trailhead_id: place.meeting.trailheadId,
    meeting_name: place.meeting.name,
    meeting_longitude: place.meeting.longitude,
    meeting_latitude: place.meeting.latitude,
    starts_at: plan.startsAt,
    vehicle_types: JSON.stringify(plan.vehicleTypes),
    size_limit: plan.sizeLimit,
    notes: plan.notes.trim(),
  };
}

/** The ride row, or undefined. */
export function findRideRow(db: Db | Transaction<ServerDatabase>, id: string) {
  return db.selectFrom('group_rides').selectAll().where('id', '=', id).executeTakeFirst();
}

function selectMembers(db: Db, rideId: string) {
  return db
    .selectFrom('group_ride_members')
    .innerJoin('users', 'users.id', 'group_ride_members.user_id')
    .select([
      'group_ride_members.user_id',
      'group_ride_members.joined_at',
      'group_ride_members.shares_position',
      'group_ride_members.position_longitude',
      'group_ride_members.position_latitude',
      'group_ride_members.position_accuracy_meters',
      'group_ride_members.position_recorded_at',
      'users.username',
    ])
    .where('group_ride_members.ride_id', '=', rideId)
    .orderBy('group_ride_members.joined_at', 'asc')
    .orderBy('users.username', 'asc')
    .execute();
}

/** The ride `id` as `viewerId` sees it (roster, their membership and opt-in), or null. */
export async function getRide(db: Db, id: string, viewerId: string): Promise<GroupRide | null> {
  const row = await findRideRow(db, id);
  if (!row) return null;
  const members = await selectMembers(db, id);
  const organiser = members.find((member) => member.user_id === row.organiser_id);
  const viewer = members.find((member) => member.user_id === viewerId);
  return {
    id: row.id,
    organiser: organiser?.username ?? '',
    trailId: row.trail_id,
    trailName: row.trail_name,
    meeting: {
      trailheadId: row.trailhead_id,
      name: row.meeting_name,
      longitude: Number(row.meeting_longitude),
      latitude: Number(row.meeting_latitude),
    },
    startsAt: Number(row.starts_at),
    vehicleTypes: JSON.parse(row.vehicle_types) as GroupRide['vehicleTypes'],
    sizeLimit: Number(row.size_limit),
    notes: row.notes,
    status: row.status as GroupRide['status'],
    members: members.map((member) => ({
      username: member.username,
      joinedAt: Number(member.joined_at),
      organiser: member.user_id === row.organiser_id,
    })),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    viewer: { member: Boolean(viewer), sharesPosition: Number(viewer?.shares_position) === 1 },
  };
}

/** Rides `userId` organises that have not started: the per-rider cap counts these. */
export async function countUpcomingOrganised(db: Db, userId: string, now: number) {
  const row = await db
    .selectFrom('group_rides')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organiser_id', '=', userId)
    .where('status', '=', 'planned')
    .where('starts_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a new ride organised by `userId` (its first member); returns its id. */
export async function createRide(
  db: Db,
  userId: string,
  plan: GroupRidePlan,
  place: ResolvedPlace,
  now: number,
): Promise<string> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('group_rides')
      .values({
        id,
        organiser_id: userId,
        ...planColumns(plan, place),
        status: 'planned',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('group_ride_members')
      .values({ ride_id: id, user_id: userId, joined_at: now, shares_position: 0 })
      .execute();
  });
  return id;
}

/** The ids of every ride `userId` is a member of (organiser included). */
export async function listMemberRideIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('group_ride_members')
    .innerJoin('group_rides', 'group_rides.id', 'group_ride_members.ride_id')
    .select('group_rides.id')
    .where('group_ride_members.user_id', '=', userId)
    .orderBy('group_rides.starts_at', 'asc')
    .execute();
  return rows.map((row) => row.id);
}

/** Why a change to a ride was refused: the route answers each with its own status. */
export type RideRefusal = 'missing' | 'cancelled' | 'past' | 'full' | 'organiser' | 'too-small';

function refusalOf(row: GroupRidesTable | undefined, now: number): RideRefusal | null {
  if (!row) return 'missing';
  if (row.status === 'cancelled') return 'cancelled';
  if (Number(row.starts_at) + groupRidePastAfterMs < now) return 'past';
  return null;
}

/** Adds `userId` to the ride unless it is missing, cancelled, past or full; joining twice is a no-op. */
export async function joinRide(
  db: Db,
  rideId: string,
  userId: string,
  now: number,
): Promise<RideRefusal | null> {
  return db.transaction().execute(async (trx) => {
    // The update comes first: it takes the ride's row lock (PostgreSQL) before counting.
    await trx
      .updateTable('group_rides')
      .set({ updated_at: now })
      .where('id', '=', rideId)
      .execute();
    const row = await findRideRow(trx, rideId);
    const refusal = refusalOf(row, now);
    if (refusal) return refusal;
    const existing = await trx
      .selectFrom('group_ride_members')
      .select('user_id')
      .where('ride_id', '=', rideId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) return null;
    const { count } = await trx
      .selectFrom('group_ride_members')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ride_id', '=', rideId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= Number(row!.size_limit)) return 'full';
    await trx
      .insertInto('group_ride_members')
      .values({ ride_id: rideId, user_id: userId, joined_at: now, shares_position: 0 })
      .execute();
    return null;
  });
}

/**
 * Removes `userId` (and their position) from the ride. The organiser cannot leave (they cancel
 * instead). Leaving a ride one is not in is a no-op; answers 'missing' for an unknown ride.
 */
export async function leaveRide(
  db: Db,
  rideId: string,
  userId: string,
  now: number,
): Promise<RideRefusal | null> {
  const row = await findRideRow(db, rideId);
  if (!row) return 'missing';
  if (row.organiser_id === userId) return 'organiser';
  const removed = await db
    .deleteFrom('group_ride_members')
    .where('ride_id', '=', rideId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) {
    await db.updateTable('group_rides').set({ updated_at: now }).where('id', '=', rideId).execute();
  }
  return null;
}

/**
 * Replaces the plan of a ride (the caller checked the organiser). Refuses a cancelled or past
 * ride and a size limit below the current member count.
 */
export async function editRide(
  db: Db,
  rideId: string,
  plan: GroupRidePlan,
  place: ResolvedPlace,
  now: number,
): Promise<RideRefusal | null> {
  return db.transaction().execute(async (trx) => {
    const refusal = refusalOf(await findRideRow(trx, rideId), now);
    if (refusal) return refusal;
    const { count } = await trx
      .selectFrom('group_ride_members')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ride_id', '=', rideId)
      .executeTakeFirstOrThrow();
    if (Number(count) > plan.sizeLimit) return 'too-small';
    await trx
      .updateTable('group_rides')
      .set({ ...planColumns(plan, place), updated_at: now })
      .where('id', '=', rideId)
      .execute();
    return null;
  });
}

/** Cancels a ride (the caller checked the organiser); cancelling twice is refused. */
export async function cancelRide(db: Db, rideId: string, now: number): Promise<RideRefusal | null> {
  const updated = await db
    .updateTable('group_rides')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', rideId)
    .where('status', '=', 'planned')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return null;
  return (await findRideRow(db, rideId)) ? 'cancelled' : 'missing';
}

/** Turns a member's position sharing on or off; off forgets their last position. */
export async function setSharing(
  db: Db,
  rideId: string,
  userId: string,
  share: boolean,
): Promise<boolean> {
  const updated = await db
    .updateTable('group_ride_members')
    .set(
      share
        ? { shares_position: 1 }
        : {
            shares_position: 0,
            position_longitude: null,
            position_latitude: null,
            position_accuracy_meters: null,
            position_recorded_at: null,
          },
    )
    .where('ride_id', '=', rideId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Stores a member's position if they opted in; false when they are not sharing. */
export async function storePosition(
  db: Db,
  rideId: string,
  userId: string,
  position: GroupRidePositionReport,
): Promise<boolean> {
  const updated = await db
    .updateTable('group_ride_members')
    .set({
      position_longitude: position.longitude,
      position_latitude: position.latitude,
      position_accuracy_meters: position.accuracyMeters,
      position_recorded_at: position.recordedAt,
    })
    .where('ride_id', '=', rideId)
    .where('user_id', '=', userId)
    .where('shares_position', '=', 1)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The last positions of the members who opted in (never of those who did not). */
export async function listPositions(db: Db, rideId: string): Promise<GroupRidePosition[]> {
  const members = await selectMembers(db, rideId);
  return members.flatMap((member) =>
    Number(member.shares_position) === 1 &&
    member.position_longitude !== null &&
    member.position_latitude !== null &&
    member.position_recorded_at !== null
      ? [
          {
            username: member.username,
            longitude: Number(member.position_longitude),
            latitude: Number(member.position_latitude),
            accuracyMeters: Number(member.position_accuracy_meters ?? 0),
            recordedAt: Number(member.position_recorded_at),
          },
        ]
      : [],
  );
}

/** True when `userId` is a member of the ride. */
export async function isMember(db: Db, rideId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('group_ride_members')
    .select('user_id')
    .where('ride_id', '=', rideId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}
