/**
 * Rows of group rides: the rider's rides on /group-ride, each with its phase, time,
 * trail, meeting place, how full it is and when the device last received it.
 */
import { Link } from '@tanstack/react-router';
import type { StoredGroupRide } from '../db/group-rides.ts';
import { formatDateTime } from '../lib/format.ts';
import {
  groupRidePhase,
  groupRidePhaseLabels,
  sortGroupRides,
} from '../lib/group-rides/group-ride-rules.ts';

/** The rider's stored rides, upcoming first; `now` in epoch ms. */
export function GroupRideList({ rides, now }: { rides: StoredGroupRide[]; now: number }) {
  if (rides.length === 0) {
    return (
      <p className="ride-muted">No rides yet. Create one above, or open a link a friend shared.</p>
    );
  }
  const savedAt = new Map(rides.map((entry) => [entry.ride.id, entry.savedAt]));
  return (
    <ul className="group-list">
      {sortGroupRides(
        rides.map((entry) => entry.ride),
        now,
      ).map((ride) => {
        const phase = groupRidePhase(ride, now);
        return (
          <li key={ride.id} className={`group-list__item group-list__item--${phase}`}>
            <Link to="/group/$id" params={{ id: ride.id }} className="group-list__link">
              <span className="group-badge">{groupRidePhaseLabels[phase]}</span>
              <strong>{ride.trailName}</strong>
              <span>
                {formatDateTime(ride.startsAt)} · meet at {ride.meeting.name}
              </span>
              <span>
                {ride.members.length} of {ride.sizeLimit} riders · organised by {ride.organiser}
              </span>
              <span className="ride-muted">
                Copy on this device updated {formatDateTime(savedAt.get(ride.id) ?? null)}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
