/**
 * /group/{id} ("Group rides"): one ride's details, its plan on the map, the roster,
 * join and leave, the share link, the position opt-in with members' live positions, and the
 * organiser's edit and cancel. A member's device keeps a copy, so the page opens with no signal
 * and says when that copy was last updated; a past or cancelled ride says so. Its server calls
 * follow the query policy (`<OnlineQueries>`).
 */
import { getRouteApi, Link } from '@tanstack/react-router';
import { UsersRound } from 'lucide-react';
import type { GroupRide } from '../../schemas/group-rides.ts';
import { useTrails } from '../db-react/hooks.ts';
import { formatDateTime } from '../lib/format.ts';
import { OnlineQueries } from '../lib/http/online-queries.tsx';
import {
  groupRidePhase,
  groupRidePhaseLabels,
  vehicleTypeLabels,
  type GroupRidePhase,
} from '../lib/group-rides/group-ride-rules.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { MemberActions, OrganiserTools } from './group-ride-actions.tsx';
import { GroupRideMap, PositionList } from './group-ride-map.tsx';
import { useGroupRide, useGroupRideRider, useNow } from './use-group-ride.ts';
import { usePositionSharing } from './use-position-sharing.ts';
import './ride.css';
import './group-ride.css';

const groupRoute = getRouteApi('/group/$id');

/** The ride's facts: when, where, vehicles, size and notes. */
function RideFacts({ ride }: { ride: GroupRide }) {
  const full = ride.members.length >= ride.sizeLimit;
  return (
    <dl className="group-facts">
      <dt>When</dt>
      <dd>{formatDateTime(ride.startsAt)}</dd>
      <dt>Meet at</dt>
      <dd>{ride.meeting.name}</dd>
      <dt>Vehicles</dt>
      <dd>{ride.vehicleTypes.map((type) => vehicleTypeLabels[type]).join(', ')}</dd>
      <dt>Riders</dt>
      <dd>
        {ride.members.length} of {ride.sizeLimit}
        {full ? ' (full)' : ''}
      </dd>
      <dt>Organiser</dt>
      <dd>{ride.organiser}</dd>
      {ride.notes ? (
        <>
          <dt>Notes</dt>
          <dd className="group-notes">{ride.notes}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** Who is coming, in the order they joined. */
function Roster({ ride }: { ride: GroupRide }) {
  return (
    <section className="ride-card" aria-labelledby="roster">
      <h2 id="roster">Roster</h2>
      <ul className="group-roster">
        {ride.members.map((member) => (
          <li key={member.username}>
            {member.username}
            {member.organiser ? ' (organiser)' : ''}
            <span className="ride-muted"> · joined {formatDateTime(member.joinedAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The phase note: cancelled, past, or the offline copy's age. */
function StatusNotes({
  phase,
  online,
  savedAt,
}: {
  phase: GroupRidePhase;
  online: boolean;
  savedAt: number | null;
}) {
  return (
    <>
      {phase === 'cancelled' ? (
        <p className="group-alert" role="alert">
          This ride was cancelled by its organiser.
        </p>
      ) : null}
      {phase === 'past' ? (
        <p className="group-note" role="status">
          This is a past ride: it can no longer be joined or changed.
        </p>
      ) : null}
      {!online ? (
        <p className="group-note" role="status">
          You are offline. This is the copy kept on this device
          {savedAt ? `, last updated ${formatDateTime(savedAt)}` : ''}.
        </p>
      ) : savedAt ? (
        <p className="ride-muted">Copy on this device updated {formatDateTime(savedAt)}.</p>
      ) : null}
    </>
  );
}

/** The page body for a loaded ride. */
function RideView({
  ride,
  state,
  online,
  username,
}: {
  ride: GroupRide;
  state: ReturnType<typeof useGroupRide>;
  online: boolean;
  username: string;
}) {
  const now = useNow();
  const { trails } = useTrails();
  const phase = groupRidePhase(ride, now);
  const open = phase === 'upcoming' || phase === 'under-way';
  const isOrganiser = ride.organiser === username;
  const sharing = ride.viewer.member && ride.viewer.sharesPosition && online && open;
  const positionProblem = usePositionSharing(ride.id, sharing);
  return (
    <>
      <header className="ride-header">
        <p className="group-badge">{groupRidePhaseLabels[phase]}</p>
        <h1>
          <UsersRound aria-hidden="true" size={30} /> {ride.trailName}
        </h1>
        <StatusNotes phase={phase} online={online} savedAt={state.savedAt} />
      </header>
      <section className="ride-card" aria-label="Ride details">
        <RideFacts ride={ride} />
      </section>
      <MemberActions
        ride={ride}
        phase={phase}
        online={online}
        isOrganiser={isOrganiser}
        onRide={state.applyOwnAction}
      />
      {ride.viewer.member && online && open ? (
        <section className="ride-card" aria-labelledby="positions">
          <h2 id="positions">Members’ positions</h2>
          {positionProblem ? <p className="group-error">{positionProblem}</p> : null}
          <PositionList positions={state.positions} now={now} />
        </section>
      ) : null}
      <GroupRideMap ride={ride} positions={open ? state.positions : []} now={now} />
      <Roster ride={ride} />
      {isOrganiser && open ? (
        <OrganiserTools ride={ride} trails={trails} online={online} onRide={state.applyOwnAction} />
      ) : null}
    </>
  );
}

/** The page, with the query client its server calls go through. */
export function GroupDetailPage() {
  return (
    <OnlineQueries>
      <GroupDetail />
    </OnlineQueries>
  );
}

/** The ride, or why it cannot be shown. */
function GroupDetail() {
  const { id } = groupRoute.useParams();
  const rider = useGroupRideRider();
  const online = useOnlineStatus();
  const state = useGroupRide(id, rider, online);
  const ride = state.ride;
  usePageMeta({
    title: ride ? `Group ride: ${ride.trailName}` : 'Group ride',
    description: ride
      ? `Group ride on ${ride.trailName}, meeting at ${ride.meeting.name}.`
      : 'A group ride shared with you: see the plan, the roster and join.',
    keywords: ['group ride', 'ride with friends'],
    path: `/group/${id}`,
  });
  let body;
  if (!rider) {
    body = (
      <section className="ride-card" aria-labelledby="account-needed">
        <h1 id="account-needed">An account is needed</h1>
        <p>
          Seeing and joining a group ride needs an account, so the group knows who is coming.{' '}
          <Link to="/profile" search={{ redirect: `/group/${id}` }}>
            Sign in or register
          </Link>{' '}
          and you will come back to this ride.
        </p>
      </section>
    );
  } else if (ride) {
    body = <RideView ride={ride} state={state} online={online} username={rider.username} />;
  } else if (state.problem || !online) {
    body = (
      <section className="ride-card">
        <h1>Group ride</h1>
        <p className="group-error" role="alert">
          {state.problem ??
            'This ride is not on this device. Open the link again with signal to see it.'}
        </p>
        <Link to="/group-ride">Your group rides</Link>
      </section>
    );
  } else {
    body = <p className="ride-muted">Loading the ride…</p>;
  }
  return <article className="ride-page">{body}</article>;
}
