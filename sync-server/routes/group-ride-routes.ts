/**
 * Group rides, every route for signed-in riders (bearer token):
 * - `POST /api/group-rides`                    create a ride (the organiser becomes its first member)
 * - `GET  /api/group-rides/mine`               the rides the rider organises or joined
 * - `GET  /api/group-rides/:id`                one ride with its roster (anyone with the link)
 * - `PUT  /api/group-rides/:id`                edit the plan (organiser)
 * - `POST /api/group-rides/:id/cancel`         cancel (organiser)
 * - `POST /api/group-rides/:id/join|leave`     join (up to the size limit) or leave
 * - `PUT  /api/group-rides/:id/sharing`        `{ share }`: opt in to or out of position sharing
 * - `PUT  /api/group-rides/:id/position`       the rider's position, stored only while opted in
 * - `GET  /api/group-rides/:id/positions`      members' last positions (members only; opted-in only)
 * - `GET  /api/group-rides/:id/stream`         Server-Sent Events: `ride` and, for members, `positions`
 * Every change is announced on the sync change bus as collection `group-ride:<id>`, so streams on
 * every instance (PostgreSQL LISTEN/NOTIFY) send the new state at once. Bad input gets a JSON 4xx
 * and changes nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  groupRideLimits,
  groupRidePlanSchema,
  groupRidePositionSchema,
  groupRideSharingSchema,
  type GroupRidePlan,
  type GroupRidePositionReport,
} from '../../schemas/group-rides.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import type { ServerDatabase } from '../storage/database.ts';
import {
  cancelRide,
  countUpcomingOrganised,
  createRide,
  editRide,
  findRideRow,
  getRide,
  isMember,
  joinRide,
  leaveRide,
  listMemberRideIds,
  listPositions,
  resolvePlace,
  setSharing,
  storePosition,
  type RideRefusal,
} from '../storage/group-rides.ts';
import type { ChangeBus } from '../sync/change-bus.ts';
import {
  openEventStream,
  trackOpenStreams,
  type EventStream,
  type OpenStreams,
} from './event-stream.ts';

export interface GroupRideRouteOptions {
  db: Kysely<ServerDatabase>;
  guards: AuthGuards;
  changeBus: ChangeBus;
  now?: () => number;
}

/** The change-bus name of one ride's events (never a synced collection's name). */
export function groupRideChannel(rideId: string): string {
  return `group-ride:${rideId}`;
}

/** Latest a position's time may be ahead of the server's clock, ms (device clocks drift). */
const positionClockSlackMs = 60_000;

/**
 * Most position reports one rider may send a ride per minute. The app sends one every 10 s
 * (`positionReportIntervalMs`, 6 a minute); the rest is room for retries after failures. Each
 * report is sent on to every member's stream, so one rider's flood would reach all of them.
 */
export const positionReportsPerMinute = 30;

/**
 * The position route's limit (@fastify/rate-limit): counted per rider and ride after the
 * sign-in guard, so riders sharing one address (a campground's Wi-Fi) do not share a count.
 */
const positionRateLimit = {
  max: positionReportsPerMinute,
  timeWindow: 60_000,
  hook: 'preHandler',
  // preHandler runs after the route's sign-in guard, so there is always a rider.
  keyGenerator: (request: FastifyRequest) =>
    `group-ride-position:${request.signedInUser!.id}:${(request.params as { id: string }).id}`,
  errorResponseBuilder: (
    _request: FastifyRequest,
    context: { after: string; statusCode: number },
  ) =>
    Object.assign(
      new Error(
        `Too many position reports: at most ${positionReportsPerMinute} a minute. Try again in ${context.after}.`,
      ),
      { statusCode: context.statusCode },
    ),
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' } },
} as const;

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

interface Context extends Required<GroupRideRouteOptions> {
  app: FastifyInstance;
  openStreams: OpenStreams;
}

const refusalAnswers: Record<RideRefusal, [number, string]> = {
  missing: [404, 'No such group ride.'],
  cancelled: [409, 'This ride was cancelled.'],
  past: [409, 'This ride is over.'],
  full: [409, 'This ride is full.'],
  organiser: [409, 'The organiser cannot leave their own ride; cancel it instead.'],
  'too-small': [409, 'More riders have joined than that size limit allows.'],
};

function refuse(reply: FastifyReply, refusal: RideRefusal): FastifyReply {
  const [status, message] = refusalAnswers[refusal];
  return sendError(reply, status, message);
}

/** Answers the ride as the request's rider sees it (404 when it vanished meanwhile). */
async function sendRide(context: Context, request: IdRequest, reply: FastifyReply, code = 200) {
  const ride = await getRide(context.db, request.params.id, request.signedInUser!.id);
  if (!ride) return refuse(reply, 'missing');
  return reply.code(code).send({ ride });
}

/** Checks a plan's time and catalogue places; sends the 400 and returns null when wrong. */
async function checkedPlace(context: Context, plan: GroupRidePlan, reply: FastifyReply) {
  const now = context.now();
  if (plan.startsAt <= now) {
    sendError(reply, 400, 'Choose a start time in the future.');
    return null;
  }
  if (plan.startsAt > now + groupRideLimits.maxAheadMs) {
    sendError(reply, 400, 'Plan rides at most a year ahead.');
    return null;
  }
  const place = await resolvePlace(context.db, plan);
  if (typeof place === 'string') {
    sendError(reply, 400, place);
    return null;
  }
  return place;
}

/** Loads the ride and checks the rider organises it; sends 404/403 and returns false otherwise. */
async function organiserOnly(context: Context, request: IdRequest, reply: FastifyReply) {
  const row = await findRideRow(context.db, request.params.id);
  if (!row) {
    refuse(reply, 'missing');
    return false;
  }
  if (row.organiser_id !== request.signedInUser!.id) {
    sendError(reply, 403, 'Only the organiser may change this ride.');
    return false;
  }
  return true;
}

function announce(context: Context, rideId: string): Promise<void> {
  return context.changeBus.publish({ collection: groupRideChannel(rideId), ownerId: null });
}

/** Create, list mine, get one. */
function registerRideRoutes(context: Context): void {
  const { app, db, guards } = context;
  app.post<{ Body: GroupRidePlan }>(
    '/api/group-rides',
    { schema: { body: groupRidePlanSchema }, preHandler: guards.signedIn },
    async (request, reply) => {
      const userId = request.signedInUser!.id;
      const place = await checkedPlace(context, request.body, reply);
      if (!place) return reply;
      const upcoming = await countUpcomingOrganised(db, userId, context.now());
      if (upcoming >= groupRideLimits.maxUpcomingOrganised) {
        return sendError(reply, 429, `You already organise ${upcoming} upcoming rides.`);
      }
      const id = await createRide(db, userId, request.body, place, context.now());
      const ride = await getRide(db, id, userId);
      return reply.code(201).send({ ride });
    },
  );

  app.get('/api/group-rides/mine', { preHandler: guards.signedIn }, async (request) => {
    const userId = request.signedInUser!.id;
    const ids = await listMemberRideIds(db, userId);
    const rides = await Promise.all(ids.map((id) => getRide(db, id, userId)));
    return { rides: rides.filter((ride) => ride !== null) };
  });

  app.get<{ Params: { id: string } }>(
    '/api/group-rides/:id',
    { schema: { params: idParams }, preHandler: guards.signedIn },
    (request, reply) => sendRide(context, request, reply),
  );
}

/** Edit and cancel, for the organiser only. */
function registerOrganiserRoutes(context: Context): void {
  const { app, db, guards } = context;
  app.put<{ Params: { id: string }; Body: GroupRidePlan }>(
    '/api/group-rides/:id',
    { schema: { params: idParams, body: groupRidePlanSchema }, preHandler: guards.signedIn },
    async (request, reply) => {
      if (!(await organiserOnly(context, request, reply))) return reply;
      const place = await checkedPlace(context, request.body, reply);
      if (!place) return reply;
      const refusal = await editRide(db, request.params.id, request.body, place, context.now());
      if (refusal) return refuse(reply, refusal);
      await announce(context, request.params.id);
      return sendRide(context, request, reply);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/group-rides/:id/cancel',
    { schema: { params: idParams }, preHandler: guards.signedIn },
    async (request, reply) => {
      if (!(await organiserOnly(context, request, reply))) return reply;
      const refusal = await cancelRide(db, request.params.id, context.now());
      if (refusal) return refuse(reply, refusal);
      await announce(context, request.params.id);
      return sendRide(context, request, reply);
    },
  );
}

/** Join, leave and the position opt-in. */
function registerMembershipRoutes(context: Context): void {
  const { app, db, guards } = context;
  for (const action of ['join', 'leave'] as const) {
    app.post<{ Params: { id: string } }>(
      `/api/group-rides/:id/${action}`,
      { schema: { params: idParams }, preHandler: guards.signedIn },
      async (request, reply) => {
        const change = action === 'join' ? joinRide : leaveRide;
        const refusal = await change(
          db,
          request.params.id,
          request.signedInUser!.id,
          context.now(),
        );
        if (refusal) return refuse(reply, refusal);
        await announce(context, request.params.id);
        return sendRide(context, request, reply);
      },
    );
  }

  app.put<{ Params: { id: string }; Body: { share: boolean } }>(
    '/api/group-rides/:id/sharing',
    { schema: { params: idParams, body: groupRideSharingSchema }, preHandler: guards.signedIn },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await findRideRow(db, id))) return refuse(reply, 'missing');
      if (!(await setSharing(db, id, request.signedInUser!.id, request.body.share))) {
        return sendError(reply, 403, 'Join this ride to share your position with it.');
      }
      await announce(context, id);
      return sendRide(context, request, reply);
    },
  );
}

/** Position reports and the members' positions. */
function registerPositionRoutes(context: Context): void {
  const { app, db, guards } = context;
  app.put<{ Params: { id: string }; Body: GroupRidePositionReport }>(
    '/api/group-rides/:id/position',
    {
      schema: { params: idParams, body: groupRidePositionSchema },
      preHandler: guards.signedIn,
      config: { rateLimit: positionRateLimit },
    },
    async (request, reply) => {
      const { id } = request.params;
      const userId = request.signedInUser!.id;
      if (request.body.recordedAt > context.now() + positionClockSlackMs) {
        return sendError(reply, 400, 'That position is timed in the future.');
      }
      if (!(await findRideRow(db, id))) return refuse(reply, 'missing');
      if (!(await isMember(db, id, userId))) {
        return sendError(reply, 403, 'Only members of this ride may share a position with it.');
      }
      if (!(await storePosition(db, id, userId, request.body))) {
        return sendError(reply, 409, 'Turn on "Share my position with this ride" first.');
      }
      await announce(context, id);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/group-rides/:id/positions',
    { schema: { params: idParams }, preHandler: guards.signedIn },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await findRideRow(db, id))) return refuse(reply, 'missing');
      if (!(await isMember(db, id, request.signedInUser!.id))) {
        return sendError(reply, 403, 'Only members of this ride see its positions.');
      }
      return { positions: await listPositions(db, id) };
    },
  );
}

/**
 * Writes the ride's current state to an open stream: `event: ride` always, `event: positions`
 * only while the rider is a member (a rider who left stops receiving positions at once).
 */
async function writeState(context: Context, rideId: string, userId: string, stream: EventStream) {
  const ride = await getRide(context.db, rideId, userId);
  if (!ride) return;
  stream.send('ride', JSON.stringify({ ride }));
  if (ride.viewer.member) {
    stream.send(
      'positions',
      JSON.stringify({ positions: await listPositions(context.db, rideId) }),
    );
  }
}

/**
 * Opens the ride's event stream on a hijacked reply: the ride's state at once and again after
 * each change to it, one state at a time in order, so a burst of changes sends a few full
 * states and never a stale one last. Ends with the connection or the server.
 */
function openRideStream(context: Context, request: IdRequest, reply: FastifyReply): void {
  const rideId = request.params.id;
  const userId = request.signedInUser!.id;
  const sendState = (stream: EventStream) =>
    stream.enqueue(() => writeState(context, rideId, userId, stream));
  const stream = openEventStream({
    request,
    reply,
    changeBus: context.changeBus,
    openStreams: context.openStreams,
    failureMessage: 'group ride stream failed; closing it',
    onChange: (change, open) => {
      if (change.collection === groupRideChannel(rideId)) sendState(open);
    },
  });
  sendState(stream);
}

/** Registers every group-ride route; open streams end before the server closes. */
export async function registerGroupRideRoutes(
  app: FastifyInstance,
  { db, guards, changeBus, now = Date.now }: GroupRideRouteOptions,
): Promise<void> {
  const openStreams = trackOpenStreams(app);
  const context: Context = { app, db, guards, changeBus, now, openStreams };
  registerRideRoutes(context);
  registerOrganiserRoutes(context);
  registerMembershipRoutes(context);
  registerPositionRoutes(context);
  app.get<{ Params: { id: string } }>(
    '/api/group-rides/:id/stream',
    { schema: { params: idParams }, preHandler: guards.signedIn },
    async (request, reply) => {
      if (!(await findRideRow(db, request.params.id))) return refuse(reply, 'missing');
      openRideStream(context, request, reply);
      return reply;
    },
  );
}
