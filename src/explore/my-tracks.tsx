/**
 * "My tracks" on /map: the rider's recorded trips, imported GPX tracks and saved trails as an
 * overlay of the map (src/map/rider-overlay.ts), behind a labelled switch so the map can be
 * cleared. The overlay is memoised: the map's style is rebuilt only when a track, the saved list
 * or the catalogue changes, and a switched-off overlay reads no track at all.
 */
import { useMemo } from 'react';
import { Switch } from 'react-aria-components';
import { of } from 'rxjs';
import type { LinePosition } from '../../schemas/line-geometry.ts';
import type { Trail } from '../../schemas/trails.ts';
import { useSavedTrailIds, useTrails } from '../db-react/hooks.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { observeTripTracks, type TripTrack } from '../db/trips/trip-reads.ts';
import { useObservable } from '../db-react/use-observable.ts';
import { useMapVariant } from '../map/map-hooks.ts';
import { palettes, type MapOverlay } from '../map/map-style.ts';
import { riderTracksOverlay } from '../map/rider-overlay.ts';

/** The rider's overlay and what it holds. */
export interface RiderOverlay {
  /** Null while switched off and when there is nothing of the rider's to draw. */
  overlay: MapOverlay | null;
  /** Trips and imported tracks drawn (at least two positions each). */
  trackCount: number;
  savedCount: number;
}

const noTracks = of([] as TripTrack[]);

/**
 * Simplified tracks by trip id, kept across renders and visits of /map: a track is simplified
 * again only when its points change (a recording in progress), never for a re-render.
 */
const trackLineCache = new Map<string, { key: string; line: LinePosition[] }>();

/** The saved trails found in the catalogue on this device, in the saved list's order. */
function useSavedTrails(): { saved: Trail[]; trails: Trail[] } {
  const { savedTrailIds } = useSavedTrailIds();
  const { trails } = useTrails();
  const saved = useMemo(() => {
    const byId = new Map(trails.map((trail) => [trail.id, trail]));
    return savedTrailIds.flatMap((id) => {
      const trail = byId.get(id);
      return trail ? [trail] : [];
    });
  }, [savedTrailIds, trails]);
  return { saved, trails };
}

/**
 * The overlay of the rider's tracks and saved trails while `enabled`; tracks are simplified
 * once per change of their points (`trackLineCache`).
 */
export function useRiderOverlay(enabled: boolean): RiderOverlay {
  const db = useDatabase();
  const source = useMemo(() => (enabled ? observeTripTracks(db) : noTracks), [db, enabled]);
  const tracks = useObservable(source).value;
  const { saved, trails } = useSavedTrails();
  return useMemo(() => {
    if (!enabled) return { overlay: null, trackCount: 0, savedCount: 0 };
    const overlay = riderTracksOverlay(
      {
        tracks: (tracks ?? []).map(({ trip, points }) => ({ id: trip.id, points })),
        savedTrails: saved,
        allTrails: trails,
      },
      trackLineCache,
    );
    const trackCount = overlay.lines.filter((line) => line.emphasis === 'track').length;
    const empty = overlay.lines.length === 0 && (overlay.markers ?? []).length === 0;
    return { overlay: empty ? null : overlay, trackCount, savedCount: saved.length };
  }, [enabled, tracks, saved, trails]);
}

/** A short line in `color` over a halo, or a dot, as the map draws it. */
function Swatch({ color, halo, dot = false }: { color: string; halo: string; dot?: boolean }) {
  return (
    <svg className="my-tracks__swatch" width="32" height="14" aria-hidden="true">
      {dot ? (
        <circle cx="16" cy="7" r="6" fill={color} stroke={halo} strokeWidth="2" />
      ) : (
        <>
          <line x1="3" y1="7" x2="29" y2="7" stroke={halo} strokeWidth="8" strokeLinecap="round" />
          <line x1="3" y1="7" x2="29" y2="7" stroke={color} strokeWidth="4" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}

/** How many of the rider's things the map shows, in words. */
function countText({ trackCount, savedCount }: RiderOverlay): string {
  const tracks = `${trackCount} ${trackCount === 1 ? 'trip or track' : 'trips and tracks'}`;
  const saved = `${savedCount} saved ${savedCount === 1 ? 'trail' : 'trails'}`;
  return `${tracks}, ${saved}`;
}

/**
 * The "My tracks" switch with what it shows: the count and the two styles (the rider's tracks,
 * saved trails) in the map's current colours; says so when there is nothing to show yet.
 */
export function MyTracksSwitch({
  isSelected,
  onChange,
  rider,
}: {
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  rider: RiderOverlay;
}) {
  const palette = palettes[useMapVariant()];
  const help = !isSelected
    ? 'Off: the map shows only trails, campgrounds and WMAs.'
    : rider.overlay === null
      ? 'Nothing of yours yet: record or import a ride, or save a trail, and it shows here.'
      : `Shown: ${countText(rider)}.`;
  return (
    <div className="my-tracks">
      <Switch className="my-tracks__switch" isSelected={isSelected} onChange={onChange}>
        <span className="my-tracks__track" aria-hidden="true" />
        <span className="my-tracks__text">
          <span className="my-tracks__label">My tracks</span>
          <span className="my-tracks__help">{help}</span>
        </span>
      </Switch>
      {isSelected && rider.overlay ? (
        <ul className="my-tracks__key" aria-label="My tracks legend">
          <li>
            <Swatch color={palette.track} halo={palette.halo} /> Your trips and imported tracks
          </li>
          <li>
            <Swatch color={palette.highlight} halo={palette.halo} /> Saved trails
          </li>
          <li>
            <Swatch color={palette.trailLine} halo={palette.pointStroke} dot /> Saved trail with no
            line: its trailhead
          </li>
        </ul>
      ) : null}
    </div>
  );
}
