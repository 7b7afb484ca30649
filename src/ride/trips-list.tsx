/**
 * The rider's trips on this device, newest first, with a GPX import button. Each row links to
 * the trip page (/trips/$tripId) and says when it has not reached the server yet.
 */
import { useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { FileUp, Route as RouteIcon } from 'lucide-react';
import { useDatabase } from '../db-react/provider.tsx';
import type { Trip } from '../../schemas/trips.ts';
import { useTrips } from '../db-react/trip-hooks.ts';
import { GpxImportError } from '../lib/gpx/gpx-import.ts';
import { formatDateTime } from '../lib/format.ts';
import { showToast } from '../lib/toast.ts';
import { importGpxFile } from './gpx-files.ts';
import { formatDuration, formatMiles } from './ride-format.ts';

/**
 * Imports a chosen GPX file: a toast says what was stored and the first trip opens; a failure
 * is kept as `importError` (the file's own problem, or the device refusing to store it). The
 * file input (`input`) is cleared afterwards so the same file can be chosen again.
 */
function useGpxImport() {
  const db = useDatabase();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setImporting(true);
    setImportError(null);
    try {
      const result = await importGpxFile(db, file);
      const tracks = result.tripIds.length;
      showToast({
        title: 'GPX imported',
        description: `${tracks} ${tracks === 1 ? 'track' : 'tracks'} and ${result.waypointCount} ${result.waypointCount === 1 ? 'waypoint' : 'waypoints'} from ${file.name}`,
      });
      if (result.tripIds[0]) {
        await navigate({ to: '/trips/$tripId', params: { tripId: result.tripIds[0] } });
      }
    } catch (error) {
      const message =
        error instanceof GpxImportError
          ? error.message
          : `The file could not be stored on this device: ${(error as Error).message}. Nothing was imported.`;
      setImportError(message);
      showToast({ title: 'GPX import failed', description: message, variant: 'destructive' });
    } finally {
      setImporting(false);
      if (input.current) input.current.value = '';
    }
  };
  return { input, importError, importing, onFile };
}

/** One trip: name, start, distance, moving time, and Unfinished / Imported / Not synced yet. */
function TripRow({ trip }: { trip: Trip }) {
  return (
    <li>
      <Link to="/trips/$tripId" params={{ tripId: trip.id }} className="trips-list__item">
        <RouteIcon size={20} aria-hidden="true" />
        <span className="trips-list__main">
          <span className="trips-list__name">{trip.name}</span>
          <span className="trips-list__meta">
            {formatDateTime(trip.startedAt)} · {formatMiles(trip.distanceMiles)}
            {trip.movingTimeMs > 0 ? ` · ${formatDuration(trip.movingTimeMs)} moving` : ''}
          </span>
        </span>
        <span className="trips-list__badges">
          {trip.recordingState !== 'finished' ? (
            <span className="ride-badge ride-badge--live">Unfinished</span>
          ) : null}
          {trip.source === 'imported' ? <span className="ride-badge">Imported</span> : null}
          {trip.status === 'pending' ? (
            <span className="ride-badge ride-badge--muted">Not synced yet</span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** Trips list with "Import GPX". */
export function TripsList() {
  const { trips, isLoading } = useTrips();
  const { input, importError, importing, onFile } = useGpxImport();

  return (
    <section className="ride-card" aria-labelledby="trips-heading">
      <div className="ride-card__header">
        <h2 id="trips-heading">Your trips</h2>
        <label className="button">
          <FileUp size={18} aria-hidden="true" />
          {importing ? 'Importing…' : 'Import GPX'}
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            accept=".gpx,application/gpx+xml,application/xml,text/xml"
            aria-label="Import GPX file"
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </label>
      </div>
      {importError ? (
        <p role="alert" className="ride-alert ride-alert--danger">
          {importError}
        </p>
      ) : null}
      {isLoading ? null : trips.length === 0 ? (
        <p className="ride-muted">
          No trips yet. Record a ride above or import a GPX file from Garmin, OsmAnd, Gaia GPS or
          another app.
        </p>
      ) : (
        <ul className="trips-list">
          {trips.map((trip) => (
            <TripRow key={trip.id} trip={trip} />
          ))}
        </ul>
      )}
    </section>
  );
}
