/**
 * What a rider can do on a group ride's page: share the link (Web Share API where the
 * browser has it, else copy to the clipboard), join or leave, opt in to position sharing, and,
 * for the organiser, edit or cancel. Each change needs a connection; offline the panel says so.
 * Changes are mutations with the query policy (sent once more after a dropped packet).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox } from 'react-aria-components';
import { Share2 } from 'lucide-react';
import type { GroupRide, GroupRidePlan } from '../../schemas/group-rides.ts';
import type { Trail } from '../../schemas/trails.ts';
import {
  changeGroupRide,
  editGroupRide,
  groupRideProblemText,
  setGroupRideSharing,
} from '../lib/group-rides/group-ride-api.ts';
import {
  formFromRide,
  type GroupRideFormValues,
} from '../lib/group-rides/group-ride-form-values.ts';
import type { GroupRidePhase } from '../lib/group-rides/group-ride-rules.ts';
import { showToast } from '../lib/toast.ts';
import { GroupRideForm } from './group-ride-form.tsx';

/** Shares the ride's link: the system share sheet where present, else the clipboard. */
async function shareLink(ride: GroupRide): Promise<void> {
  const url = new URL(`/group/${ride.id}`, window.location.origin).href;
  const title = `Group ride: ${ride.trailName}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast({ title: 'Link copied', description: url });
  } catch {
    showToast({ title: 'Copy this link to share the ride', description: url });
  }
}

/** One change a rider asks of a ride. */
type RideChange =
  | { kind: 'join' | 'leave' | 'cancel' }
  | { kind: 'sharing'; share: boolean }
  | { kind: 'edit'; plan: GroupRidePlan };

/** Sends `change` of ride `id`; resolves to the ride afterwards. */
function sendRideChange(id: string, change: RideChange): Promise<GroupRide> {
  switch (change.kind) {
    case 'sharing':
      return setGroupRideSharing(id, change.share);
    case 'edit':
      return editGroupRide(id, change.plan);
    default:
      return changeGroupRide(id, change.kind);
  }
}

/**
 * Changes of ride `rideId` as a mutation: `run` resolves to the ride afterwards (also handed to
 * `onRide`) or rejects; `problem` is the last failure in words, `busy` while one is on its way.
 */
function useRideAction(rideId: string, onRide: (ride: GroupRide) => void) {
  const mutation = useMutation({
    mutationFn: (change: RideChange) => sendRideChange(rideId, change),
    onSuccess: onRide,
  });
  return {
    problem: mutation.error ? groupRideProblemText(mutation.error) : null,
    busy: mutation.isPending,
    run: mutation.mutateAsync,
  };
}

/** Share, join or leave, and the position opt-in. */
export function MemberActions({
  ride,
  phase,
  online,
  isOrganiser,
  onRide,
}: {
  ride: GroupRide;
  phase: GroupRidePhase;
  online: boolean;
  isOrganiser: boolean;
  onRide: (ride: GroupRide) => void;
}) {
  const { problem, busy, run } = useRideAction(ride.id, onRide);
  const open = phase === 'upcoming' || phase === 'under-way';
  const full = ride.members.length >= ride.sizeLimit;
  // A failure is shown from the mutation's state.
  const act = (kind: 'join' | 'leave') => void run({ kind }).catch(() => undefined);
  return (
    <section className="ride-card" aria-labelledby="ride-actions">
      <h2 id="ride-actions">Ride with the group</h2>
      <div className="ride-actions">
        <Button className="button" onPress={() => void shareLink(ride)}>
          <Share2 size={20} aria-hidden="true" /> Share link
        </Button>
        {open && !ride.viewer.member && !full ? (
          <Button
            className="button button--primary"
            isDisabled={busy || !online}
            onPress={() => act('join')}
          >
            Join this ride
          </Button>
        ) : null}
        {ride.viewer.member && !isOrganiser && ride.status !== 'cancelled' ? (
          <Button className="button" isDisabled={busy || !online} onPress={() => act('leave')}>
            Leave this ride
          </Button>
        ) : null}
      </div>
      {open && !ride.viewer.member && full ? (
        <p className="group-note" role="status">
          This ride is full.
        </p>
      ) : null}
      {ride.viewer.member && open ? (
        <Checkbox
          className="group-checkbox"
          isSelected={ride.viewer.sharesPosition}
          isDisabled={busy || !online}
          onChange={(share) => void run({ kind: 'sharing', share }).catch(() => undefined)}
        >
          <span className="group-checkbox__box" aria-hidden="true" />
          Share my position with this ride
        </Checkbox>
      ) : null}
      {ride.viewer.member && open ? (
        <p className="ride-muted">
          While this is ticked and you have signal, members of this ride see your last position on
          its map. Untick it and the server forgets your position.
        </p>
      ) : null}
      {!online ? (
        <p className="group-note" role="status">
          Joining, leaving and sharing your position need a connection.
        </p>
      ) : null}
      {problem ? (
        <p className="group-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

/** The organiser's tools: edit the plan (the form, prefilled) and cancel (asked twice). */
export function OrganiserTools({
  ride,
  trails,
  online,
  onRide,
}: {
  ride: GroupRide;
  trails: readonly Trail[];
  online: boolean;
  onRide: (ride: GroupRide) => void;
}) {
  const { problem, busy, run } = useRideAction(ride.id, onRide);
  const [editing, setEditing] = useState<GroupRideFormValues | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = async (plan: GroupRidePlan) => {
    if (!navigator.onLine) {
      throw new Error('No connection: saving changes needs signal. Your changes are kept here.');
    }
    await run({ kind: 'edit', plan }).catch((error: unknown) => {
      throw new Error(groupRideProblemText(error));
    });
    setEditing(null);
  };
  return (
    <section className="ride-card" aria-labelledby="organiser-tools">
      <h2 id="organiser-tools">Organiser</h2>
      <p className="ride-muted">
        Members are notified when you change the time or place, or cancel.
      </p>
      <div className="ride-actions">
        <Button className="button" onPress={() => setEditing(editing ? null : formFromRide(ride))}>
          {editing ? 'Close the editor' : 'Edit the ride'}
        </Button>
        {confirming ? (
          <Button
            className="button button--danger"
            isDisabled={busy || !online}
            onPress={() =>
              void run({ kind: 'cancel' })
                .then(() => setConfirming(false))
                .catch(() => undefined)
            }
          >
            Yes, cancel the ride
          </Button>
        ) : (
          <Button className="button" onPress={() => setConfirming(true)}>
            Cancel this ride
          </Button>
        )}
      </div>
      {editing ? (
        <GroupRideForm
          label="Edit the ride"
          submitLabel="Save changes"
          trails={trails}
          values={editing}
          onChange={setEditing}
          onSubmit={save}
        />
      ) : null}
      {problem ? (
        <p className="group-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
