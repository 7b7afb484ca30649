/**
 * /scouting-guide (requirements §voice-2.1 hunting pages): mark scouting
 * waypoints with no signal (a GPS fix, a tap on the locator map, a WMA or typed coordinates),
 * see them beside the WMAs, with up to 4 photos each (camera or gallery, src/photos), and keep
 * them: they are stored on the device and sync to the rider's account when a connection returns
 * (temp- ids promoted by the sync engine); their photos upload, resumable, after them.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Form, Input, Label, TextArea, TextField } from 'react-aria-components';
import { Crosshair, MapPinPlus, Trash2 } from 'lucide-react';
import { useDatabase } from '../db-react/provider.tsx';
import type { PhotoReference } from '../../schemas/photos.ts';
import {
  createRiderWaypoint,
  removeRiderWaypoint,
  setRiderWaypointPhotos,
} from '../db/rider-waypoints.ts';
import {
  DocumentPhotosField,
  PhotoAttachField,
  preparePhotos,
  queuePhotoUploads,
} from '../photos/index.ts';
import { useRiderWaypoints } from '../db-react/rider-waypoints.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { LocatorMap, type MapPoint } from './locator-map.tsx';
import { useLocate } from './use-locate.ts';
import { useWmas } from './use-wmas.ts';
import { wmaPoints } from './wma-finder.tsx';
import './hunting.css';

/** A picked position and how it was obtained (kept in the waypoint's sources). */
interface Picked {
  latitude: number;
  longitude: number;
  how: string;
}

/** Parses "34.5, -91.55" (decimal degrees, latitude first) or returns null. */
export function parseLatLon(text: string): { latitude: number; longitude: number } | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*[, ]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

const SCOUTING_STEPS = [
  'Start with the WMA list and the map: the dots are rough interior points, so read the area map from AGFC before you go.',
  'Walk or ride in during daylight and mark what matters: sign (rubs, scrapes, tracks), water, gates, stands and the parking spot.',
  'Mark the spot where your vehicle is before you leave it. A phone GPS fix needs no signal.',
  'Name each mark so you will know it in the dark; the note is for the details (wind direction, what you saw, the date).',
  'Your marks stay on this phone and reach your account when you are back in signal and signed in.',
];

type LocateState = ReturnType<typeof useLocate>['state'];

/** What the position line says: locating, the failure, the picked spot, or how to pick one. */
function positionText(fix: LocateState, picked: Picked | null): string {
  if (fix.status === 'locating') return 'Finding your position…';
  if (fix.status === 'failed') return fix.message;
  if (picked) {
    return `Picked: ${picked.latitude.toFixed(5)}, ${picked.longitude.toFixed(5)} (${picked.how}).`;
  }
  return 'No position picked yet: use your position, tap the map, or type coordinates.';
}

/** Prepares picked photo files and stores them on the device (src/photos `preparePhotos`). */
type PreparePhotos = (files: File[]) => Promise<PhotoReference[]>;

/**
 * The new waypoint's fields and its save: typed coordinates win over the picked spot; every
 * refusal is said in words, and a saved waypoint clears the form. Its photos are queued for
 * upload once the waypoint is stored.
 */
function useWaypointForm(picked: Picked | null, clearPicked: () => void) {
  const db = useDatabase();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<PhotoReference[]>([]);
  const [coordinates, setCoordinates] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const typed = coordinates.trim() === '' ? null : parseLatLon(coordinates);
    if (coordinates.trim() !== '' && !typed) {
      setError('Type the position as latitude, longitude in decimal degrees, e.g. 34.52, -91.55.');
      return;
    }
    const position = typed ? { ...typed, how: 'typed coordinates' } : picked;
    if (!position) {
      setError('Pick a position first: use your position, tap the map, or type coordinates.');
      return;
    }
    if (name.trim() === '') {
      setError('Give the waypoint a name.');
      return;
    }
    try {
      const waypoint = await createRiderWaypoint(db, {
        name,
        description: note,
        longitude: position.longitude,
        latitude: position.latitude,
        positionSource: position.how,
        photos,
      });
      setError(null);
      setSaved(`Saved “${waypoint.name}” on this device.`);
      setName('');
      setNote('');
      setPhotos([]);
      if (photos.length > 0) {
        await queuePhotoUploads(photos, { collection: 'waypoints', id: waypoint.id }).catch(
          (caught: unknown) =>
            setError(
              `The waypoint is saved, but its photos could not be queued for sending: ${(caught as Error).message}`,
            ),
        );
      }
      setCoordinates('');
      clearPicked();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The waypoint could not be saved.');
    }
  }
  return {
    name,
    setName,
    note,
    setNote,
    photos,
    setPhotos,
    coordinates,
    setCoordinates,
    error,
    saved,
    save,
  };
}

/** The locator map's points: the WMAs, the rider's waypoints and the spot being marked. */
function scoutingPoints(
  wmas: ReturnType<typeof useWmas>['wmas'],
  waypoints: ReturnType<typeof useRiderWaypoints>['waypoints'],
  picked: Picked | null,
): MapPoint[] {
  return [
    ...wmaPoints(wmas),
    ...waypoints.map((waypoint) => ({
      id: waypoint.id,
      name: waypoint.name,
      longitude: waypoint.longitude,
      latitude: waypoint.latitude,
      kind: 'rider' as const,
    })),
    ...(picked ? [{ id: 'picked', name: 'New waypoint', ...picked, kind: 'picked' as const }] : []),
  ];
}

/**
 * The map, the position choices and the form that saves a new waypoint with its photos;
 * `prepare` turns picked photo files into stored photos (default the photo worker).
 */
export function MarkWaypointSection({ prepare = preparePhotos }: { prepare?: PreparePhotos }) {
  const { wmas } = useWmas();
  const { waypoints } = useRiderWaypoints();
  const { state: fix, locate } = useLocate();
  const [picked, setPicked] = useState<Picked | null>(null);
  const form = useWaypointForm(picked, () => setPicked(null));

  // A fix that arrives becomes the picked position.
  const [usedFix, setUsedFix] = useState<typeof fix | null>(null);
  if (fix !== usedFix) {
    setUsedFix(fix);
    if (fix.status === 'located') {
      setPicked({
        latitude: fix.latitude,
        longitude: fix.longitude,
        how: `GPS fix ±${Math.round(fix.accuracyMetres)} m`,
      });
    }
  }

  const points = useMemo(() => scoutingPoints(wmas, waypoints, picked), [wmas, waypoints, picked]);

  return (
    <section className="hunt-card" aria-labelledby="mark-title">
      <h2 id="mark-title">Mark a waypoint</h2>
      <LocatorMap
        points={points}
        label={`Map of Arkansas with ${wmas.length} Wildlife Management Areas and ${waypoints.length} of your waypoints. Tap to pick a spot.`}
        onPick={(position) => {
          setPicked({ ...position, how: 'picked on the locator map (approximate)' });
          form.setCoordinates('');
        }}
      />
      <Form className="hunt-form hunt-form--stack" onSubmit={(event) => void form.save(event)}>
        <div className="hunt-form__row">
          <Button className="button" onPress={locate}>
            <Crosshair size={18} aria-hidden="true" />
            Use my position
          </Button>
          <p className="hunt-fine" aria-live="polite">
            {positionText(fix, picked)}
          </p>
        </div>
        <TextField value={form.coordinates} onChange={form.setCoordinates} className="hunt-field">
          <Label>Or type latitude, longitude</Label>
          <Input placeholder="34.52, -91.55" inputMode="decimal" />
        </TextField>
        <TextField value={form.name} onChange={form.setName} className="hunt-field" maxLength={200}>
          <Label>Name</Label>
          <Input placeholder="e.g. Ridge stand, north gate" />
        </TextField>
        <TextField
          value={form.note}
          onChange={form.setNote}
          className="hunt-field"
          maxLength={4000}
        >
          <Label>Note (optional)</Label>
          <TextArea rows={3} />
        </TextField>
        <PhotoAttachField
          label="Photos (optional)"
          value={form.photos}
          onChange={form.setPhotos}
          subject="of your new waypoint"
          prepare={prepare}
        />
        {form.error ? (
          <p role="alert" className="hunt-note hunt-note--warning">
            {form.error}
          </p>
        ) : null}
        {form.saved ? <p role="status">{form.saved}</p> : null}
        <Button type="submit" className="button button--primary">
          <MapPinPlus size={18} aria-hidden="true" />
          Save waypoint
        </Button>
      </Form>
    </section>
  );
}

/**
 * The rider's waypoints with where each one is, whether it has synced, and its photos (add,
 * open, remove; stored at once); `prepare` as in MarkWaypointSection.
 */
export function YourWaypointsSection({ prepare = preparePhotos }: { prepare?: PreparePhotos }) {
  const db = useDatabase();
  const { waypoints } = useRiderWaypoints();
  return (
    <section className="hunt-card" aria-labelledby="my-waypoints-title">
      <h2 id="my-waypoints-title">Your waypoints</h2>
      {waypoints.length === 0 ? (
        <p>You have not marked any waypoints on this device yet.</p>
      ) : (
        <ul className="waypoint-list">
          {waypoints.map((waypoint) => (
            <li key={waypoint.id} className="waypoint-list__item">
              <div>
                <strong>{waypoint.name}</strong>
                <span className="hunt-fine">
                  {waypoint.latitude.toFixed(5)}, {waypoint.longitude.toFixed(5)} ·{' '}
                  {waypoint.id.startsWith('temp-')
                    ? 'on this phone, waiting to sync'
                    : 'synced to your account'}
                </span>
                {waypoint.description ? <span>{waypoint.description}</span> : null}
              </div>
              <Button
                className="button button--ghost"
                aria-label={`Remove ${waypoint.name}`}
                onPress={() => void removeRiderWaypoint(db, waypoint.id)}
              >
                <Trash2 size={18} aria-hidden="true" />
              </Button>
              <div className="waypoint-list__photos">
                <DocumentPhotosField
                  label={`Photos of ${waypoint.name}`}
                  owner={{ collection: 'waypoints', id: waypoint.id }}
                  photos={waypoint.photos ?? []}
                  save={(photos) => setRiderWaypointPhotos(db, waypoint.id, photos)}
                  subject="of your waypoint"
                  prepare={prepare}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The scouting guide page. */
export function ScoutingGuidePage() {
  usePageMeta({
    title: 'Arkansas Scouting Guide',
    description:
      'Mark scouting waypoints offline on a map of Arkansas Wildlife Management Areas; they sync to your account later.',
    keywords: ['scouting', 'hunting', 'waypoints', 'WMA', 'offline map'],
    path: '/scouting-guide',
  });
  return (
    <div className="hunt-page">
      <header className="hunt-page__header">
        <p className="hunt-eyebrow">Hunting</p>
        <h1>Arkansas scouting guide</h1>
        <p>
          Mark what you find while scouting, with or without signal. Marks are saved on this phone
          at once and sync to your account when you are online and signed in.
        </p>
      </header>
      <MarkWaypointSection />
      <YourWaypointsSection />
      <section className="hunt-card" aria-labelledby="scouting-steps-title">
        <h2 id="scouting-steps-title">How to scout with the app</h2>
        <ol className="hunt-steps">
          {SCOUTING_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
