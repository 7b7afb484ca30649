/**
 * What a rider can do on a group ride's page: share the link (Web Share API where the
 * browser has it, else copy to the clipboard), join or leave, opt in to position sharing, and,
 * for the organiser, edit or cancel. Each change needs a connection; offline the panel says so.
 */
import { useState } from 'react';
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

/** Runs one action against the server; shows its answer or the problem in words. */
function useRideAction(onRide: (ride: GroupRide) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<GroupRide>) => {
    setBusy(true);
    setProblem(null);
    return action()
      .then(onRide)
      .catch((error: unknown) => {
        setProblem(groupRideProblemText(error));
        throw error;
      })
      .finally(() => setBusy(false));
  };
  return { problem, busy, run };
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
  const { problem, busy, run } = useRideAction(onRide);
  const open = phase === 'upcoming' || phase === 'under-way';
  const full = ride.members.length >= ride.sizeLimit;
  const act = (action: 'join' | 'leave') =>
    void run(() => changeGroupRide(ride.id, action)).catch(() => undefined);
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
          onChange={(share) =>
            void run(() => setGroupRideSharing(ride.id, share)).catch(() => undefined)
          }
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
  const { problem, busy, run } = useRideAction(onRide);
  const [editing, setEditing] = useState<GroupRideFormValues | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = async (plan: GroupRidePlan) => {
    if (!navigator.onLine) {
      throw new Error('No connection: saving changes needs signal. Your changes are kept here.');
    }
    await run(() => editGroupRide(ride.id, plan)).catch((error: unknown) => {
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
              void run(() => changeGroupRide(ride.id, 'cancel'))
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
