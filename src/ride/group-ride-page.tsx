/**
 * /group-ride ("Group rides"): a signed-in rider creates a group ride and sees the
 * rides they organise or joined, upcoming first, from the device's copies (so the list works
 * with no signal), refreshed from the server while online. Creating needs a connection: offline
 * the page says so and keeps what was typed. Signed out, it says an account is needed, with a
 * sign-in link that returns here. Its server calls follow the query policy (`<OnlineQueries>`).
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { UsersRound } from 'lucide-react';
import type { GroupRidePlan } from '../../schemas/group-rides.ts';
import { storeFetchedGroupRides, storeGroupRides, type GroupRideRider } from '../db/group-rides.ts';
import { useStoredGroupRides } from '../db-react/group-rides.ts';
import { useTrails } from '../db-react/hooks.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { createGroupRide, groupRideProblemText } from '../lib/group-rides/group-ride-api.ts';
import {
  emptyGroupRideForm,
  type GroupRideFormValues,
} from '../lib/group-rides/group-ride-form-values.ts';
import {
  groupRideQueryKeys,
  useMyGroupRidesRefresh,
} from '../lib/group-rides/group-ride-queries.ts';
import { OnlineQueries } from '../lib/http/online-queries.tsx';
import { usePageMeta } from '../ui/page-meta.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { GroupRideForm } from './group-ride-form.tsx';
import { GroupRideList } from './group-ride-list.tsx';
import { useGroupRideRider, useNow } from './use-group-ride.ts';
import './ride.css';
import './group-ride.css';

/** The create form with its offline note; a created ride opens its page (with the share button). */
function CreateRide({ rider, online }: { rider: GroupRideRider; online: boolean }) {
  const db = useDatabase();
  const navigate = useNavigate();
  const { trails, isLoading } = useTrails();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<GroupRideFormValues>(emptyGroupRideForm);
  const creation = useMutation({ mutationFn: createGroupRide });
  const create = async (plan: GroupRidePlan) => {
    // A mutation sent with no signal would wait for it: the rider is told at once instead.
    if (!navigator.onLine) {
      throw new Error('No connection: creating a ride needs signal. What you typed is kept here.');
    }
    try {
      const ride = await creation.mutateAsync(plan);
      await storeGroupRides(db, rider, [ride], { complete: false, source: 'own-action' });
      queryClient.setQueryData(groupRideQueryKeys.ride(ride.id, rider.username), ride);
      setValues(emptyGroupRideForm);
      await navigate({ to: '/group/$id', params: { id: ride.id } });
    } catch (error) {
      throw new Error(groupRideProblemText(error));
    }
  };
  return (
    <section className="ride-card" aria-labelledby="create-ride">
      <h2 id="create-ride">Create a group ride</h2>
      {!online ? (
        <p className="group-note" role="status">
          You are offline. Creating a ride needs a connection; fill in the form now and send it when
          you have signal. Nothing you type is lost.
        </p>
      ) : null}
      {isLoading ? <p className="ride-muted">Loading the trail catalogue…</p> : null}
      {!isLoading && trails.length === 0 ? (
        <p className="group-note" role="status">
          The trail catalogue is not on this device yet. Open the app once with signal so it can
          download the trails.
        </p>
      ) : null}
      <GroupRideForm
        label="Create a group ride"
        submitLabel="Create ride"
        trails={trails}
        values={values}
        onChange={setValues}
        onSubmit={create}
      />
    </section>
  );
}

/** The page, with the query client its server calls go through. */
export function GroupRidePage() {
  return (
    <OnlineQueries>
      <GroupRides />
    </OnlineQueries>
  );
}

/** The rides of the signed-in rider, refreshed into the device's copies while online. */
function GroupRides() {
  usePageMeta({
    title: 'Group Rides',
    description:
      'Plan a group ride on an Arkansas trail: meeting trailhead, time, vehicles and size limit; share the link and see who is coming.',
    keywords: ['group ride', 'ride with friends', 'convoy', 'ATV group', 'UTV group'],
    path: '/group-ride',
  });
  const rider = useGroupRideRider();
  const online = useOnlineStatus();
  const db = useDatabase();
  useMyGroupRidesRefresh(rider?.username ?? null, online, (rides) =>
    rider ? storeFetchedGroupRides(db, rider, rides) : Promise.resolve(),
  );
  const { rides } = useStoredGroupRides(rider?.username ?? null);
  const now = useNow();
  return (
    <article className="ride-page">
      <header className="ride-header">
        <h1>
          <UsersRound aria-hidden="true" size={30} /> Group Rides
        </h1>
        <p className="ride-muted">
          Plan a ride, share its link, and see who is coming. Members keep a copy of each ride on
          their device for when there is no signal.
        </p>
      </header>
      {rider ? (
        <>
          <CreateRide rider={rider} online={online} />
          <section className="ride-card" aria-labelledby="your-rides">
            <h2 id="your-rides">Your rides</h2>
            <GroupRideList rides={rides} now={now} />
          </section>
        </>
      ) : (
        <section className="ride-card" aria-labelledby="account-needed">
          <h2 id="account-needed">An account is needed</h2>
          <p>
            Creating or joining a group ride needs an account, so the group knows who is coming.{' '}
            <Link to="/profile" search={{ redirect: '/group-ride' }}>
              Sign in or register
            </Link>{' '}
            and you will come back here.
          </p>
        </section>
      )}
    </article>
  );
}
