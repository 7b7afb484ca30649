/**
 * A group ride's plan on the offline map: the trail's line where the catalogue has
 * one (else its point), the meeting place, and the last shared position of each member who
 * opted in, labelled with their name and, past 15 minutes, the position's age. The same facts
 * are listed under the map for screen readers and for when the map cannot draw.
 */
import { useMemo } from 'react';
import type { GroupRide, GroupRidePosition } from '../../schemas/group-rides.ts';
import { useTrail } from '../db-react/hooks.ts';
import { positionAgeText } from '../lib/group-rides/group-ride-rules.ts';
import type { MapOverlay, OverlayMarker } from '../map/map-style.ts';
import { MapView } from '../map/map-view.tsx';

/** Zoom that shows a few miles around the meeting place (region archives start at z10). */
const meetingZoom = 11;

/** The label of a member's position: their name, and its age when stale. */
export function positionLabel(position: GroupRidePosition, now: number): string {
  const age = positionAgeText(position.recordedAt, now);
  return age ? `${position.username} (${age})` : position.username;
}

/** The map and the list of what it shows. */
export function GroupRideMap({
  ride,
  positions,
  now,
}: {
  ride: GroupRide;
  positions: GroupRidePosition[];
  now: number;
}) {
  const { trail } = useTrail(ride.trailId);
  const overlay = useMemo<MapOverlay>(() => {
    const markers: OverlayMarker[] = [];
    if (!trail?.path && trail && ride.meeting.trailheadId !== null) {
      markers.push({
        position: [trail.longitude, trail.latitude],
        label: trail.name,
        role: 'trail',
      });
    }
    markers.push({
      position: [ride.meeting.longitude, ride.meeting.latitude],
      label: `Meet: ${ride.meeting.name}`,
      role: 'meeting',
    });
    for (const position of positions) {
      markers.push({
        position: [position.longitude, position.latitude],
        label: positionLabel(position, now),
        role: 'rider',
      });
    }
    const lines = trail?.path
      ? [{ id: trail.id, path: trail.path, emphasis: 'primary' as const }]
      : [];
    return { lines, points: [], markers };
  }, [trail, ride.meeting, positions, now]);
  return (
    <section className="ride-card" aria-labelledby="ride-map">
      <h2 id="ride-map">The plan on the map</h2>
      <MapView
        label={`Map of ${ride.trailName} with the meeting place`}
        initialView={{ center: [ride.meeting.longitude, ride.meeting.latitude], zoom: meetingZoom }}
        overlay={overlay}
      />
      <ul className="group-map-legend">
        <li>
          Meeting place: {ride.meeting.name} ({ride.meeting.latitude.toFixed(5)},{' '}
          {ride.meeting.longitude.toFixed(5)})
        </li>
        <li>
          Trail: {ride.trailName}
          {trail?.path ? ' (its line is drawn)' : ''}
        </li>
      </ul>
    </section>
  );
}

/** Members' last shared positions as text, newest first. */
export function PositionList({ positions, now }: { positions: GroupRidePosition[]; now: number }) {
  if (positions.length === 0) {
    return <p className="ride-muted">No member is sharing a position right now.</p>;
  }
  return (
    <ul className="group-positions" aria-label="Shared positions">
      {[...positions]
        .sort((a, b) => b.recordedAt - a.recordedAt)
        .map((position) => (
          <li key={position.username}>
            <strong>{positionLabel(position, now)}</strong>: {position.latitude.toFixed(5)},{' '}
            {position.longitude.toFixed(5)} (±{Math.round(position.accuracyMeters)} m)
          </li>
        ))}
    </ul>
  );
}
