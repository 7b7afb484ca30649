/**
 * The trip recorder (issue 6 "Recording"): start, pause, resume and stop a ride, the
 * "Resume recording" offer after a reload or crash, live statistics (distance, moving and
 * elapsed time, average and maximum speed, elevation gain and loss, heading, accuracy) and the
 * live track. Driven entirely by the recording machine; the track comes from RxDB.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { Circle, Pause, Play, RotateCcw, Save, Square } from 'lucide-react';
import { useDatabase } from '../db/provider.tsx';
import { useTrackPoints } from '../db/trip-hooks.ts';
import { toTripStatistics } from '../lib/geo/track-stats.ts';
import { formatDateTime } from '../lib/format.ts';
import { recordingPhase, type RecordingEvent } from '../machines/recording-machine.ts';
import { requestButtonHaptic } from '../machines/haptics-machine.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useRecorder, useTicker } from './recorder-service.ts';
import {
  formatAccuracy,
  formatDuration,
  formatFeet,
  formatHeading,
  formatMiles,
  formatMph,
} from './ride-format.ts';
import { TrackDrawing } from './track-drawing.tsx';
import { useHaptics } from './use-haptics.ts';

const phaseLabels = {
  recording: 'Recording',
  paused: 'Paused',
  autoPaused: 'Auto-paused: standing still',
} as const;

/** The recorder; `trailId` links a new recording to the trail it rides. */
export function RecorderPanel({ trailId = null }: { trailId?: string | null }) {
  const db = useDatabase();
  const haptics = useHaptics();
  const { actor, snapshot } = useRecorder(db);
  const [name, setName] = useState('');
  const phase = snapshot ? recordingPhase(snapshot) : 'checking';
  const live = phase === 'recording' || phase === 'paused' || phase === 'autoPaused';
  const now = useTicker(live || phase === 'acquiring');

  const send = (event: RecordingEvent) => {
    requestButtonHaptic(haptics);
    actor?.send(event);
  };

  if (!snapshot || phase === 'checking') {
    return (
      <section className="ride-card recorder">
        <Spinner label="Checking for an unfinished recording…" />
      </section>
    );
  }
  const context = snapshot.context;
  const error = context.error ? (
    <p role="alert" className="ride-alert ride-alert--danger">
      {context.error}
    </p>
  ) : null;

  if (phase === 'idle') {
    return (
      <section className="ride-card recorder" aria-label="Trip recorder">
        {error}
        {context.interrupted ? (
          <div className="ride-alert ride-alert--warning" role="status">
            <p>
              <strong>Unfinished recording:</strong> {context.interrupted.name}, started{' '}
              {formatDateTime(context.interrupted.startedAt)},{' '}
              {formatMiles(context.interrupted.distanceMiles)} so far. Everything recorded before
              the app closed is kept.
            </p>
            <div className="recorder__actions">
              <Button
                className="button button--primary recorder__big"
                onPress={() => send({ type: 'recording.resume' })}
              >
                <RotateCcw size={20} aria-hidden="true" /> Resume recording
              </Button>
              <Button
                className="button"
                onPress={() => send({ type: 'recording.saveInterrupted' })}
              >
                <Save size={18} aria-hidden="true" /> Save it as is
              </Button>
            </div>
          </div>
        ) : (
          <form
            className="recorder__start"
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'recording.start', name: name.trim() || null, trailId });
            }}
          >
            <label className="recorder__name">
              <span>Trip name (optional)</span>
              <input
                value={name}
                maxLength={200}
                placeholder="e.g. Sunday ride"
                onChange={(event) => setName(event.target.value)}
              />
            </label>
            <button type="submit" className="button button--primary recorder__big">
              <Circle size={20} aria-hidden="true" fill="currentColor" /> Start recording
            </button>
            <p className="ride-muted">
              Recording works with no signal: points are stored on this device every few seconds and
              the screen stays awake while recording.
            </p>
          </form>
        )}
      </section>
    );
  }

  if (phase === 'acquiring' || phase === 'starting' || phase === 'resuming') {
    return (
      <section className="ride-card recorder" aria-label="Trip recorder">
        {error}
        <Spinner
          label={phase === 'resuming' ? 'Resuming your recording…' : 'Waiting for a GPS fix…'}
        />
        {context.lastFix ? (
          <p className="ride-muted" role="status">
            Last fix accuracy {formatAccuracy(context.lastFix.accuracy)}; recording starts at{' '}
            {formatAccuracy(context.options.maximumAccuracyMeters)} or better.
          </p>
        ) : null}
        {context.gpsWarning ? (
          <p className="ride-alert ride-alert--warning">{context.gpsWarning}</p>
        ) : null}
        <Button className="button" onPress={() => send({ type: 'recording.stop' })}>
          Cancel
        </Button>
      </section>
    );
  }

  if (phase === 'saving') {
    return (
      <section className="ride-card recorder">
        <Spinner label="Saving your ride…" />
      </section>
    );
  }

  if (phase === 'saved' || phase === 'saveFailed') {
    return (
      <section className="ride-card recorder" aria-label="Trip recorder">
        {error}
        {phase === 'saved' ? (
          <p className="ride-alert ride-alert--success" role="status">
            Ride saved on this device.
          </p>
        ) : null}
        <div className="recorder__actions">
          {phase === 'saveFailed' ? (
            <Button
              className="button button--primary"
              onPress={() => send({ type: 'recording.stop' })}
            >
              <Save size={18} aria-hidden="true" /> Save again
            </Button>
          ) : null}
          {context.tripId ? (
            <Link
              className="button button--primary"
              to="/trips/$tripId"
              params={{ tripId: context.tripId }}
            >
              View trip
            </Link>
          ) : null}
          <Button className="button" onPress={() => send({ type: 'recording.reset' })}>
            Record another ride
          </Button>
        </div>
      </section>
    );
  }

  return <LiveRecording phase={phase} snapshotContext={context} now={now} send={send} />;
}

function LiveRecording({
  phase,
  snapshotContext: context,
  now,
  send,
}: {
  phase: 'recording' | 'paused' | 'autoPaused';
  snapshotContext: NonNullable<ReturnType<typeof useRecorder>['snapshot']>['context'];
  now: number;
  send: (event: RecordingEvent) => void;
}) {
  const { points } = useTrackPoints(context.tripId ?? '');
  const stats = toTripStatistics(context.stats);
  const elapsed =
    context.startedAt !== null
      ? Math.max(now, context.stats.last?.time ?? 0) - context.startedAt
      : 0;
  const position = context.lastFix
    ? ([context.lastFix.longitude, context.lastFix.latitude] as const)
    : null;
  const rejected = context.rejected.inaccurate + context.rejected.spike + context.rejected.stale;
  return (
    <section className="ride-card recorder" aria-label="Trip recorder">
      <div className="recorder__status">
        <span
          className={`ride-badge ride-badge--${phase === 'recording' ? 'live' : 'muted'}`}
          role="status"
        >
          {phaseLabels[phase]}
        </span>
        <span className="recorder__trip-name">{context.tripName}</span>
      </div>
      {context.error ? (
        <p role="alert" className="ride-alert ride-alert--danger">
          {context.error}
        </p>
      ) : null}
      {context.gpsWarning ? (
        <p className="ride-alert ride-alert--warning">{context.gpsWarning}</p>
      ) : null}
      <dl className="ride-stats" aria-label="Live statistics">
        <Stat label="Distance" value={formatMiles(stats.distanceMiles)} large />
        <Stat label="Moving time" value={formatDuration(stats.movingTimeMs)} large />
        <Stat label="Elapsed" value={formatDuration(elapsed)} />
        <Stat label="Speed" value={formatMph(stats.currentSpeedMph)} />
        <Stat label="Average" value={formatMph(stats.averageSpeedMph)} />
        <Stat label="Max speed" value={formatMph(stats.maxSpeedMph)} />
        <Stat label="Elevation gain" value={formatFeet(stats.elevationGainFeet)} />
        <Stat label="Elevation loss" value={formatFeet(stats.elevationLossFeet)} />
        <Stat label="Heading" value={formatHeading(stats.headingDegrees)} />
        <Stat label="GPS accuracy" value={formatAccuracy(context.lastFix?.accuracy ?? null)} />
        <Stat label="Points" value={stats.pointCount.toLocaleString('en-US')} />
        <Stat label="Fixes dropped" value={rejected.toLocaleString('en-US')} />
      </dl>
      <div className="recorder__actions">
        {phase === 'recording' ? (
          <Button
            className="button recorder__big"
            onPress={() => send({ type: 'recording.pause' })}
          >
            <Pause size={20} aria-hidden="true" /> Pause
          </Button>
        ) : (
          <Button
            className="button button--primary recorder__big"
            onPress={() => send({ type: 'recording.continue' })}
          >
            <Play size={20} aria-hidden="true" /> Resume
          </Button>
        )}
        <Button
          className="button button--danger recorder__big"
          onPress={() => send({ type: 'recording.stop' })}
        >
          <Square size={20} aria-hidden="true" /> Stop and save
        </Button>
      </div>
      <TrackDrawing
        track={points}
        position={position}
        label="Live track of this recording"
        height={260}
      />
    </section>
  );
}

function Stat({ label, value, large = false }: { label: string; value: string; large?: boolean }) {
  return (
    <div className={`ride-stat${large ? ' ride-stat--large' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
