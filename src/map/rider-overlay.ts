/**
 * The rider's own map overlay ("the rider's trips, saved trails and imported GPX tracks as
 * overlays"), on /map and on a trip's page: every recorded trip and imported GPX track with at least two points as a
 * track line, every saved trail emphasised by its line (or its system's lines) or, without any
 * line, by a labelled marker on its trailhead. Long tracks are simplified first (the shared
 * Douglas–Peucker of schemas/line-geometry.ts, which keeps both ends) so the overlay stays
 * cheap for MapLibre however long the rides. Pure: pages memoise the result.
 */
import { simplifyLine, type LinePosition } from '../../schemas/line-geometry.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { MapOverlay } from './map-style.ts';

/** Most positions a track keeps on the overlay: a few metres' detail at the zooms of /map. */
export const overlayTrackMaxPoints = 400;

/** Douglas–Peucker tolerance the overlay starts at, metres (doubled until a track fits). */
export const overlayTrackToleranceMeters = 5;

/** A track of the rider: a trip's id and its points, [longitude, latitude, …] each. */
export interface RiderTrack {
  id: string;
  points: readonly (readonly (number | null)[])[];
}

/** Id of a trip's line on the overlay. */
export function trackLineId(tripId: string): string {
  return `track:${tripId}`;
}

/** Id of a saved trail's line (or of one line of its system) on the overlay. */
export function savedLineId(trailId: string): string {
  return `saved:${trailId}`;
}

/**
 * Every `step`-th position and the last: Douglas–Peucker's cost grows with the square of the
 * points on a noisy track, so a 10-hour ride at 1 Hz (36,000 fixes) is thinned first.
 */
function thinned<T>(positions: readonly T[], most: number): readonly T[] {
  if (positions.length <= most) return positions;
  const step = Math.ceil(positions.length / most);
  const kept = positions.filter((_, index) => index % step === 0);
  if ((positions.length - 1) % step !== 0) kept.push(positions.at(-1)!);
  return kept;
}

/**
 * A track ready for the overlay: its [longitude, latitude] positions, points without a position
 * left out, thinned to at most four times `maxPoints` and then simplified to at most
 * `maxPoints` (both ends kept). Fewer than two positions: [].
 */
export function overlayTrackLine(
  points: RiderTrack['points'],
  maxPoints = overlayTrackMaxPoints,
): LinePosition[] {
  const positions = points.filter(
    (point) => Number.isFinite(point[0]) && Number.isFinite(point[1]),
  ) as (readonly number[])[];
  if (positions.length < 2) return [];
  return simplifyLine(thinned(positions, 4 * maxPoints), maxPoints, overlayTrackToleranceMeters);
}

/** What `riderTracksOverlay` draws. */
export interface RiderOverlayInput {
  tracks: readonly RiderTrack[];
  /** The saved trails, in the saved list's order. */
  savedTrails: readonly Trail[];
  /** The catalogue's trails, for the lines of saved trail systems (their `systemId`). */
  allTrails?: readonly Trail[];
}

/** The saved trails' lines (own line, else their system's) and markers for the rest. */
function savedTrailParts(
  savedTrails: readonly Trail[],
  allTrails: readonly Trail[],
): Pick<MapOverlay, 'lines' | 'markers'> {
  const lines: MapOverlay['lines'][number][] = [];
  const markers: NonNullable<MapOverlay['markers']>[number][] = [];
  for (const trail of savedTrails) {
    const paths = trail.path
      ? [{ id: trail.id, path: trail.path }]
      : allTrails.flatMap((line) =>
          line.systemId === trail.id && line.path ? [{ id: line.id, path: line.path }] : [],
        );
    for (const { id, path } of paths) {
      const line = overlayTrackLine(path);
      if (line.length >= 2) lines.push({ id: savedLineId(id), path: line, emphasis: 'primary' });
    }
    if (paths.length === 0) {
      markers.push({
        position: [trail.longitude, trail.latitude],
        label: trail.name,
        role: 'trail',
      });
    }
  }
  return { lines, markers };
}

/**
 * The overlay of the rider's tracks and saved trails: tracks first (drawn under the saved
 * trails), each simplified; tracks with fewer than two positions are left out. `cache` (trip id
 * → simplified line, keyed with the point count and last point) lets a page keep unchanged
 * tracks between renders, so a recording in progress re-simplifies only its own track.
 */
export function riderTracksOverlay(
  { tracks, savedTrails, allTrails = [] }: RiderOverlayInput,
  cache?: Map<string, { key: string; line: LinePosition[] }>,
): MapOverlay {
  const trackLines = tracks.flatMap((track) => {
    const last = track.points.at(-1);
    const key = `${track.points.length}:${last?.[0]}:${last?.[1]}`;
    let line = cache?.get(track.id)?.key === key ? cache.get(track.id)!.line : null;
    if (!line) {
      line = overlayTrackLine(track.points);
      cache?.set(track.id, { key, line });
    }
    return line.length >= 2
      ? [{ id: trackLineId(track.id), path: line, emphasis: 'track' as const }]
      : [];
  });
  const saved = savedTrailParts(savedTrails, allTrails);
  return { lines: [...trackLines, ...saved.lines], points: [], markers: saved.markers };
}
