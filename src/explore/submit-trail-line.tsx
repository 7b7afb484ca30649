/**
 * Choosing the line of a trail submission: one of the rider's trips (recorded or
 * imported, read from this device), a GPX file (read on the device with src/lib/gpx), or
 * points tapped on the map with Undo and Clear. Everything works offline; the map shows what
 * the device has downloaded, the drawn line on top.
 */
import { useMemo, useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { Eraser, Undo2 } from 'lucide-react';
import { lineLengthMiles } from '../../schemas/line-geometry.ts';
import type { SubmissionOrigin } from '../../schemas/trail-submissions.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { readTripLine } from '../db/trail-submissions.ts';
import { useTrips } from '../db-react/trip-hooks.ts';
import { formatDateTime } from '../lib/format.ts';
import { GpxImportError, parseGpx } from '../lib/gpx/gpx-import.ts';
import { lineFromGpx } from '../lib/trail-submissions/line-sources.ts';
import { lengthLabel } from '../lib/trail-format.ts';
import { MapView, type MapOverlay } from '../map/map-view.tsx';

/** The chosen line: where it came from, its positions and what to call the source. */
export interface ChosenLine {
  origin: SubmissionOrigin;
  line: [number, number][];
  /** "Trip: Saturday ride", "File: loop.gpx", "Drawn on the map". */
  sourceLabel: string;
}

/** Where the drawing map starts: central Arkansas at a zoom that shows the state. */
const drawingStart = { center: [-92.4, 34.9] as [number, number], zoom: 7 };

/** The rider's finished trips; picking one reads its track from the device. */
function TripChoice({ onChosen }: { onChosen: (chosen: ChosenLine | null) => void }) {
  const db = useDatabase();
  const { trips, isLoading } = useTrips();
  const finished = trips.filter((trip) => trip.recordingState === 'finished').slice(0, 30);
  const [problem, setProblem] = useState<string | null>(null);
  if (isLoading) return null;
  if (finished.length === 0) {
    return <p>No finished trips on this device. Record a ride or import a GPX file first.</p>;
  }
  const choose = (tripId: string) => {
    const trip = finished.find((candidate) => candidate.id === tripId)!;
    setProblem(null);
    readTripLine(db, tripId)
      .then((line) => {
        if (line.length < 2) {
          setProblem('This trip has fewer than two points: choose another.');
          onChosen(null);
        } else onChosen({ origin: 'trip', line, sourceLabel: `Trip: ${trip.name}` });
      })
      .catch((error: unknown) => setProblem(String(error)));
  };
  return (
    <>
      <RadioGroup className="submit-trail__trips" onChange={choose}>
        <Label>Your trips</Label>
        {finished.map((trip) => (
          <Radio key={trip.id} value={trip.id}>
            <strong>{trip.name}</strong>
            <span>
              {formatDateTime(trip.startedAt)} · {lengthLabel(trip.distanceMiles)}
            </span>
          </Radio>
        ))}
      </RadioGroup>
      {problem ? <p role="alert">{problem}</p> : null}
    </>
  );
}

/** A GPX file input; the longest track or route becomes the line. */
function GpxChoice({ onChosen }: { onChosen: (chosen: ChosenLine | null) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const read = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      const line = lineFromGpx(parseGpx(await file.text(), new DOMParser()));
      onChosen({ origin: 'gpx', line, sourceLabel: `File: ${file.name}` });
    } catch (error) {
      onChosen(null);
      setProblem(error instanceof GpxImportError ? error.message : 'This file could not be read.');
    }
  };
  return (
    <>
      <label className="button submit-trail__file">
        Choose a GPX file
        <input
          className="visually-hidden"
          type="file"
          accept=".gpx,application/gpx+xml,application/xml,text/xml"
          aria-label="GPX file of the trail"
          onChange={(event) => void read(event.target.files?.[0])}
        />
      </label>
      {problem ? <p role="alert">{problem}</p> : null}
    </>
  );
}

/** The drawing map: each tap adds a point; Undo removes the last, Clear all of them. */
function DrawnChoice({ onChosen }: { onChosen: (chosen: ChosenLine | null) => void }) {
  const [points, setPoints] = useState<[number, number][]>([]);
  const update = (next: [number, number][]) => {
    setPoints(next);
    onChosen(
      next.length >= 2 ? { origin: 'drawn', line: next, sourceLabel: 'Drawn on the map' } : null,
    );
  };
  const overlay = useMemo<MapOverlay>(
    () => ({ lines: [{ id: 'drawn', path: points, emphasis: 'primary' }], points }),
    [points],
  );
  return (
    <div className="submit-trail__draw">
      <p>Tap along the trail from one end to the other. Zoom in for accuracy.</p>
      <div className="submit-trail__map">
        <MapView
          initialView={drawingStart}
          label="Map for drawing the trail: each tap adds a point"
          overlay={overlay}
          onMapTap={(position) => update([...points, position])}
        />
      </div>
      <p role="status">
        {points.length === 0
          ? 'No points yet.'
          : `${points.length} ${points.length === 1 ? 'point' : 'points'}, ${lengthLabel(lineLengthMiles(points))}`}
      </p>
      <div className="submit-trail__actions">
        <Button
          className="button"
          isDisabled={points.length === 0}
          onPress={() => update(points.slice(0, -1))}
        >
          <Undo2 size={18} aria-hidden="true" /> Undo last point
        </Button>
        <Button className="button" isDisabled={points.length === 0} onPress={() => update([])}>
          <Eraser size={18} aria-hidden="true" /> Clear
        </Button>
      </div>
    </div>
  );
}

/** The origin choice and its picker; reports the chosen line (null until there is one). */
export function LineChoice({ onChosen }: { onChosen: (chosen: ChosenLine | null) => void }) {
  const [origin, setOrigin] = useState<SubmissionOrigin>('trip');
  return (
    <fieldset className="submit-trail__line">
      <RadioGroup
        className="trail-details__field trail-details__choices"
        value={origin}
        onChange={(value) => {
          setOrigin(value as SubmissionOrigin);
          onChosen(null);
        }}
        orientation="horizontal"
      >
        <Label>Where is the trail’s line?</Label>
        <Radio value="trip">One of my trips</Radio>
        <Radio value="gpx">A GPX file</Radio>
        <Radio value="drawn">Draw it on the map</Radio>
      </RadioGroup>
      {origin === 'trip' ? <TripChoice onChosen={onChosen} /> : null}
      {origin === 'gpx' ? <GpxChoice onChosen={onChosen} /> : null}
      {origin === 'drawn' ? <DrawnChoice onChosen={onChosen} /> : null}
    </fieldset>
  );
}
