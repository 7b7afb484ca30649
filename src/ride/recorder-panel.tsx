/**
 * The trip recorder: start, pause, resume and stop a ride, the
 * "Resume recording" offer after a reload or crash, live statistics (distance, moving and
 * elapsed time, average and maximum speed, elevation gain and loss, heading, accuracy) and the
 * live track. Driven entirely by the recording machine; the track comes from RxDB.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { Circle, Pause, Play, RotateCcw, Save, Square, TriangleAlert } from 'lucide-react';
import { useDatabase } from '../db-react/provider.tsx';
import { ReportConditionsDialog } from '../trail-reports/report-conditions-dialog.tsx';
import type { ReportPlace } from '../trail-reports/report-conditions-form.tsx';
import { useTrackPoints } from '../db-react/trip-hooks.ts';
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

/** The recording machine's context, as the phase views read it. */
type RecorderContext = NonNullable<ReturnType<typeof useRecorder>['snapshot']>['context'];

/** Sends a rider's event to the recording machine (with the button haptic). */
type SendRecording = (event: RecordingEvent) => void;

/** The machine's error, if any, as an alert. */
function RecorderError({ context }: { context: RecorderContext }) {
  return context.error ? (
    <p role="alert" className="ride-alert ride-alert--danger">
      {context.error}
    </p>
  ) : null;
}

/** After a reload or crash: resume the unfinished recording or save it as it is. */
function InterruptedOffer({
  interrupted,
  send,
}: {
  interrupted: NonNullable<RecorderContext['interrupted']>;
  send: SendRecording;
}) {
  return (
    <div className="ride-alert ride-alert--warning" role="status">
      <p>
        <strong>Unfinished recording:</strong> {interrupted.name}, started{' '}
        {formatDateTime(interrupted.startedAt)}, {formatMiles(interrupted.distanceMiles)} so far.
        Everything recorded before the app closed is kept.
      </p>
      <div className="recorder__actions">
        <Button
          className="button button--primary recorder__big"
          onPress={() => send({ type: 'recording.resume' })}
        >
          <RotateCcw size={20} aria-hidden="true" /> Resume recording
        </Button>
        <Button className="button" onPress={() => send({ type: 'recording.saveInterrupted' })}>
          <Save size={18} aria-hidden="true" /> Save it as is
        </Button>
      </div>
    </div>
  );
}

/** The optional trip name (up to 200 characters) and Start recording. */
function StartForm({
  name,
  setName,
  onStart,
}: {
  name: string;
  setName: (name: string) => void;
  onStart: () => void;
}) {
  return (
    <form
      className="recorder__start"
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
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
        Recording works with no signal: points are stored on this device every few seconds and the
        screen stays awake while recording.
      </p>
    </form>
  );
}

/**
 * Waiting for a fix good enough to start (or resuming): the last fix's accuracy against the
 * required one, any GPS warning, and Cancel.
 */
function AcquiringFix({
  resuming,
  context,
  send,
}: {
  resuming: boolean;
  context: RecorderContext;
  send: SendRecording;
}) {
  return (
    <section className="ride-card recorder" aria-label="Trip recorder">
      <RecorderError context={context} />
      <Spinner label={resuming ? 'Resuming your recording…' : 'Waiting for a GPS fix…'} />
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

/** After saving: saved (or Save again when it failed), View trip, Record another ride. */
function SaveOutcome({
  failed,
  context,
  send,
}: {
  failed: boolean;
  context: RecorderContext;
  send: SendRecording;
}) {
  return (
    <section className="ride-card recorder" aria-label="Trip recorder">
      <RecorderError context={context} />
      {failed ? null : (
        <p className="ride-alert ride-alert--success" role="status">
          Ride saved on this device.
        </p>
      )}
      <div className="recorder__actions">
        {failed ? (
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

/** The recorder; `trailId` links a new recording to the trail it rides. */
export function RecorderPanel({ trailId = null }: { trailId?: string | null }) {
  const db = useDatabase();
  const haptics = useHaptics();
  const { actor, snapshot } = useRecorder(db);
  // Kept here, not in the form, so the name survives the form unmounting between rides.
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
  if (phase === 'idle') {
    return (
      <section className="ride-card recorder" aria-label="Trip recorder">
        <RecorderError context={context} />
        {context.interrupted ? (
          <InterruptedOffer interrupted={context.interrupted} send={send} />
        ) : (
          <StartForm
            name={name}
            setName={setName}
            onStart={() => send({ type: 'recording.start', name: name.trim() || null, trailId })}
          />
        )}
      </section>
    );
  }
  if (phase === 'acquiring' || phase === 'starting' || phase === 'resuming') {
    return <AcquiringFix resuming={phase === 'resuming'} context={context} send={send} />;
  }
  if (phase === 'saving') {
    return (
      <section className="ride-card recorder">
        <Spinner label="Saving your ride…" />
      </section>
    );
  }
  if (phase === 'saved' || phase === 'saveFailed') {
    return <SaveOutcome failed={phase === 'saveFailed'} context={context} send={send} />;
  }
  return <LiveRecording phase={phase} snapshotContext={context} now={now} send={send} />;
}

/**
 * The live statistics: distance, moving and elapsed time (ms, from `elapsed`), speeds,
 * elevation, heading, accuracy, and how many points were kept and fixes dropped.
 */
function LiveStatistics({ context, elapsed }: { context: RecorderContext; elapsed: number }) {
  const stats = toTripStatistics(context.stats);
  const rejected = context.rejected.inaccurate + context.rejected.spike + context.rejected.stale;
  return (
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
  );
}

/** Pause (or Resume when paused) and Stop and save. */
function LiveControls({ recording, send }: { recording: boolean; send: SendRecording }) {
  return (
    <div className="recorder__actions">
      {recording ? (
        <Button className="button recorder__big" onPress={() => send({ type: 'recording.pause' })}>
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
  );
}

/** A ride being recorded or paused: status, warnings, statistics, controls and the live track. */
function LiveRecording({
  phase,
  snapshotContext: context,
  now,
  send,
}: {
  phase: 'recording' | 'paused' | 'autoPaused';
  snapshotContext: RecorderContext;
  now: number;
  send: SendRecording;
}) {
  const { points } = useTrackPoints(context.tripId ?? '');
  const elapsed =
    context.startedAt !== null
      ? Math.max(now, context.stats.last?.time ?? 0) - context.startedAt
      : 0;
  const position = context.lastFix
    ? ([context.lastFix.longitude, context.lastFix.latitude] as const)
    : null;
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
      <RecorderError context={context} />
      {context.gpsWarning ? (
        <p className="ride-alert ride-alert--warning">{context.gpsWarning}</p>
      ) : null}
      <LiveStatistics context={context} elapsed={elapsed} />
      <LiveControls recording={phase === 'recording'} send={send} />
      <ReportFromRide fix={context.lastFix} />
      <TrackDrawing
        track={points}
        position={position}
        label="Live track of this recording"
        height={260}
      />
    </section>
  );
}

/**
 * "Report conditions" during a ride: the report is filed at the recorder's last GPS fix (offered
 * once there is one), on the nearest trail line within 200 m.
 */
function ReportFromRide({ fix }: { fix: RecorderContext['lastFix'] }) {
  const [isOpen, setOpen] = useState(false);
  const [place, setPlace] = useState<ReportPlace | null>(null);
  if (!fix) return null;
  return (
    <>
      <Button
        className="button"
        onPress={() => {
          // The fix when pressed: the rider reports what they see where they stopped.
          setPlace({
            label: `Your position (GPS, ${formatAccuracy(fix.accuracy)})`,
            position: [fix.longitude, fix.latitude],
          });
          setOpen(true);
        }}
      >
        <TriangleAlert size={20} aria-hidden="true" /> Report conditions
      </Button>
      <ReportConditionsDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        places={place ? [place] : []}
        trail={null}
      />
    </>
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
