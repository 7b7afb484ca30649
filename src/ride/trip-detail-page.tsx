/**
 * /trips/$tripId: one trip with its track on the offline map, statistics, elevation profile and
 * waypoints; its photos (up to 4, camera or gallery: src/photos); GPX export,
 * follow-this-track navigation, rename and delete. Works offline.
 */
import { useEffect, useState } from 'react';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { ArrowLeft, Download, Navigation, Trash2 } from 'lucide-react';
import type { PhotoReference } from '../../schemas/photos.ts';
import type { Trip } from '../../schemas/trips.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import { useDatabase } from '../db-react/provider.tsx';
import {
  usePromotedId,
  useTrackPoints,
  useTrip,
  useTripWaypoints,
} from '../db-react/trip-hooks.ts';
import { deleteTrip, setTripPhotos } from '../db/trips/trip-writes.ts';
import { DocumentPhotosField, PhotoThumbnails, preparePhotos } from '../photos/index.ts';
import { formatDateTime } from '../lib/format.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { showToast } from '../lib/toast.ts';
import { ElevationProfile } from './elevation-profile.tsx';
import { downloadTripGpx } from './gpx-files.ts';
import { formatDuration, formatFeet, formatMiles, formatMph } from './ride-format.ts';
import { TripMap } from './trip-map.tsx';
import './ride.css';

const tripRoute = getRouteApi('/trips/$tripId');

/**
 * The trip for `tripId`, replacing a temp- id the sync engine has promoted by the server id in
 * the address (no new history entry). `isLoading` stays true until the id map is read, so a
 * temp trip already swapped never flashes "Trip not found".
 */
function usePromotedTrip(tripId: string): { trip: Trip | null; isLoading: boolean } {
  const navigate = useNavigate();
  const { trip, isLoading: tripLoading } = useTrip(tripId);
  const { promotedId, isLoading: promotedIdLoading } = usePromotedId(tripId);
  useEffect(() => {
    if (promotedId) {
      void navigate({ to: '/trips/$tripId', params: { tripId: promotedId }, replace: true });
    }
  }, [navigate, promotedId]);
  return { trip, isLoading: tripLoading || promotedId !== null || (!trip && promotedIdLoading) };
}

/** An id with no trip on this device: says so and links back to /record. */
function TripNotFound() {
  return (
    <div className="ride-page">
      <h1>Trip not found</h1>
      <p className="ride-muted">This trip is not on this device. It may have been deleted.</p>
      <Link className="button" to="/record">
        <ArrowLeft size={18} aria-hidden="true" /> Back to trips
      </Link>
    </div>
  );
}

/**
 * Export GPX (a toast says the file name or why it failed), Follow this track (with at least
 * two points), and Delete behind a second "Delete for good" press.
 */
function TripActions({
  trip,
  followable,
  confirmDelete,
  setConfirmDelete,
}: {
  trip: Trip;
  followable: boolean;
  confirmDelete: boolean;
  setConfirmDelete: (confirm: boolean) => void;
}) {
  const db = useDatabase();
  const navigate = useNavigate();
  const onExport = async () => {
    try {
      const fileName = await downloadTripGpx(db, trip);
      showToast({ title: 'GPX exported', description: fileName });
    } catch (error) {
      showToast({
        title: 'GPX export failed',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };
  const onDelete = async () => {
    await deleteTrip(db, trip.id);
    showToast({ title: 'Trip deleted', description: trip.name });
    await navigate({ to: '/record' });
  };
  return (
    <div className="ride-actions">
      <Button className="button button--primary" onPress={() => void onExport()}>
        <Download size={18} aria-hidden="true" /> Export GPX
      </Button>
      {followable ? (
        <Link className="button" to="/navigate/$trailId" params={{ trailId: trip.id }}>
          <Navigation size={18} aria-hidden="true" /> Follow this track
        </Link>
      ) : null}
      {confirmDelete ? (
        <>
          <Button className="button button--danger" onPress={() => void onDelete()}>
            <Trash2 size={18} aria-hidden="true" /> Delete for good
          </Button>
          <Button className="button button--ghost" onPress={() => setConfirmDelete(false)}>
            Keep it
          </Button>
        </>
      ) : (
        <Button className="button button--ghost" onPress={() => setConfirmDelete(true)}>
          <Trash2 size={18} aria-hidden="true" /> Delete
        </Button>
      )}
    </div>
  );
}

/** The stored statistics; times and speeds are 'Unknown' for a track without times. */
function TripStatistics({ trip, timed }: { trip: Trip; timed: boolean }) {
  return (
    <section className="ride-card" aria-label="Trip statistics">
      <dl className="ride-stats">
        <Stat label="Distance" value={formatMiles(trip.distanceMiles)} />
        <Stat label="Moving time" value={timed ? formatDuration(trip.movingTimeMs) : 'Unknown'} />
        <Stat label="Elapsed" value={timed ? formatDuration(trip.elapsedTimeMs) : 'Unknown'} />
        <Stat label="Average speed" value={timed ? formatMph(trip.averageSpeedMph) : 'Unknown'} />
        <Stat label="Max speed" value={timed ? formatMph(trip.maxSpeedMph) : 'Unknown'} />
        <Stat label="Elevation gain" value={formatFeet(trip.elevationGainFeet)} />
        <Stat label="Elevation loss" value={formatFeet(trip.elevationLossFeet)} />
        <Stat label="Track points" value={trip.trackPointCount.toLocaleString('en-US')} />
      </dl>
    </section>
  );
}

/**
 * The trip's photos: add (camera or gallery), open, remove, stored in the trip at once and sent
 * with it (src/photos `DocumentPhotosField`); `prepare` turns picked files into stored photos
 * (default the photo worker).
 */
export function TripPhotos({
  trip,
  prepare = preparePhotos,
}: {
  trip: Trip;
  prepare?: (files: File[]) => Promise<PhotoReference[]>;
}) {
  const db = useDatabase();
  return (
    <section className="ride-card" aria-labelledby="trip-photos-heading">
      <h2 id="trip-photos-heading">Photos</h2>
      <DocumentPhotosField
        label="Up to 4 photos from this trip"
        owner={{ collection: 'trips', id: trip.id }}
        photos={trip.photos ?? []}
        save={(photos) => setTripPhotos(db, trip.id, photos)}
        subject="of your trip"
        prepare={prepare}
      />
    </section>
  );
}

/**
 * The trip's waypoints with coordinates (5 decimals), descriptions and photos; nothing when
 * none.
 */
function TripWaypoints({ waypoints }: { waypoints: readonly Waypoint[] }) {
  if (waypoints.length === 0) return null;
  return (
    <section className="ride-card" aria-labelledby="waypoints-heading">
      <h2 id="waypoints-heading">Waypoints</h2>
      <ul className="ride-list">
        {waypoints.map((waypoint) => (
          <li key={waypoint.id}>
            <strong>{waypoint.name}</strong> {waypoint.latitude.toFixed(5)},{' '}
            {waypoint.longitude.toFixed(5)}
            {waypoint.description ? ` · ${waypoint.description}` : ''}
            <PhotoThumbnails photos={waypoint.photos ?? []} subject="of your waypoint" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The trip page; unknown ids say so and link back to /record. A temp- id the sync engine has
 * promoted is replaced in the address bar by the trip's server id, without a new
 * history entry, whether the page was opened before or after the promotion.
 */
export function TripDetailPage() {
  const { tripId } = tripRoute.useParams();
  const { trip, isLoading } = usePromotedTrip(tripId);
  const { points, isLoading: pointsLoading } = useTrackPoints(tripId);
  const { waypoints } = useTripWaypoints(tripId);
  const [confirmDelete, setConfirmDelete] = useState(false);

  usePageMeta({
    title: trip ? `${trip.name}: Trip` : 'Trip',
    description:
      'A recorded or imported trip: track, statistics, elevation profile and GPX export.',
    keywords: ['trip', 'GPS track', 'GPX'],
    path: `/trips/${tripId}`,
  });

  if (isLoading) {
    return (
      <div className="ride-page">
        <Spinner label="Loading trip…" />
      </div>
    );
  }
  if (!trip) return <TripNotFound />;

  const timed = points.some((point) => point[3] !== null);
  return (
    <div className="ride-page">
      <Link className="ride-back" to="/record">
        <ArrowLeft size={18} aria-hidden="true" /> All trips
      </Link>
      <header className="ride-header">
        <p className="eyebrow">{trip.source === 'imported' ? 'Imported track' : 'Recorded trip'}</p>
        <h1>{trip.name}</h1>
        <p className="ride-muted">
          {timed ? `Started ${formatDateTime(trip.startedAt)}` : 'No times in this track'}
          {trip.endedAt ? ` · ended ${formatDateTime(trip.endedAt)}` : ''}
          {trip.status === 'pending' ? ' · Not synced yet' : ' · Synced'}
          {trip.recordingState !== 'finished' ? ' · Recording not finished' : ''}
        </p>
      </header>
      <TripActions
        trip={trip}
        followable={points.length > 1}
        confirmDelete={confirmDelete}
        setConfirmDelete={setConfirmDelete}
      />
      <TripStatistics trip={trip} timed={timed} />
      <section className="ride-card" aria-labelledby="track-heading">
        <h2 id="track-heading">Track</h2>
        {pointsLoading ? (
          <Spinner label="Loading the track…" />
        ) : (
          <TripMap tripId={trip.id} tripName={trip.name} points={points} waypoints={waypoints} />
        )}
      </section>
      <section className="ride-card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Elevation profile</h2>
        <ElevationProfile points={points} />
      </section>
      <TripPhotos trip={trip} />
      <TripWaypoints waypoints={waypoints} />
      {trip.notes ? <p className="ride-muted">{trip.notes}</p> : null}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="ride-stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
