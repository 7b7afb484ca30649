import { describe, expect, it } from 'vitest';
import type { Trail } from '../../../schemas/trails.ts';
import {
  overlayTrackLine,
  overlayTrackMaxPoints,
  riderTracksOverlay,
  savedLineId,
  trackLineId,
} from '../../../src/map/rider-overlay.ts';

/** A wiggly ride of `count` fixes heading north-east from Mill Creek's trailhead. */
function ride(count: number): [number, number, number | null, number | null, number | null][] {
  return Array.from({ length: count }, (_, index) => [
    -93.83392 + index * 0.0001,
    35.8242 + index * 0.0001 + (index % 2 === 0 ? 0.0003 : -0.0003),
    300,
    1_700_000_000_000 + index * 1000,
    5,
  ]);
}

/** A catalogue trail with just what the overlay reads. */
function trail(id: string, overrides: Partial<Trail> = {}): Trail {
  return {
    id,
    name: `Trail ${id}`,
    longitude: -93.5,
    latitude: 35.5,
    path: null,
    systemId: null,
    ...overrides,
  } as Trail;
}

describe('overlayTrackLine', () => {
  it('simplifies a 10-hour ride at 1 Hz to the overlay budget, keeping both ends', () => {
    const points = ride(36_000);
    const line = overlayTrackLine(points);
    expect(line.length).toBeGreaterThan(1);
    expect(line.length).toBeLessThanOrEqual(overlayTrackMaxPoints);
    expect(line[0]).toEqual([points[0]![0], points[0]![1]]);
    const last = points.at(-1)!;
    expect(line.at(-1)).toEqual([Number(last[0].toFixed(6)), Number(last[1].toFixed(6))]);
  });

  it('keeps a short track whole, as [longitude, latitude] only', () => {
    expect(overlayTrackLine(ride(3), 400)).toEqual(
      ride(3).map(([longitude, latitude]) => [
        Number(longitude.toFixed(6)),
        Number(latitude.toFixed(6)),
      ]),
    );
  });

  it('draws nothing for fewer than two positions', () => {
    expect(overlayTrackLine(ride(1))).toEqual([]);
    expect(overlayTrackLine([])).toEqual([]);
  });
});

describe('riderTracksOverlay', () => {
  it('draws every trip with a line as a track, and leaves out those without', () => {
    const overlay = riderTracksOverlay({
      tracks: [
        { id: 'temp-recorded', points: ride(10) },
        { id: 'temp-imported', points: ride(600) },
        { id: 'temp-empty', points: ride(1) },
      ],
      savedTrails: [],
    });
    expect(overlay.lines.map((line) => [line.id, line.emphasis])).toEqual([
      [trackLineId('temp-recorded'), 'track'],
      [trackLineId('temp-imported'), 'track'],
    ]);
    expect(overlay.markers).toEqual([]);
  });

  it('emphasises saved trails by their line, their system’s lines, or a trailhead marker', () => {
    const withLine = trail('line', {
      path: [
        [-93.5, 35.5],
        [-93.4, 35.6],
      ],
    });
    const system = trail('system');
    const segment = trail('segment', {
      systemId: 'system',
      path: [
        [-93.2, 35.2],
        [-93.1, 35.3],
      ],
    });
    const pointOnly = trail('point', {
      name: 'Mill Creek OHV Trail',
      longitude: -93.83,
      latitude: 35.82,
    });
    const overlay = riderTracksOverlay({
      tracks: [{ id: 'trip', points: ride(5) }],
      savedTrails: [withLine, system, pointOnly],
      allTrails: [withLine, system, segment, pointOnly],
    });
    expect(overlay.lines.map((line) => [line.id, line.emphasis])).toEqual([
      [trackLineId('trip'), 'track'],
      [savedLineId('line'), 'primary'],
      [savedLineId('segment'), 'primary'],
    ]);
    expect(overlay.markers).toEqual([
      { position: [-93.83, 35.82], label: 'Mill Creek OHV Trail', role: 'trail' },
    ]);
  });

  it('re-simplifies a track only when its points change, given a cache', () => {
    const cache = new Map();
    const points = ride(50);
    const first = riderTracksOverlay({ tracks: [{ id: 'trip', points }], savedTrails: [] }, cache);
    const again = riderTracksOverlay(
      { tracks: [{ id: 'trip', points: [...points] }], savedTrails: [] },
      cache,
    );
    expect(again.lines[0]!.path).toBe(first.lines[0]!.path);
    const longer = riderTracksOverlay(
      { tracks: [{ id: 'trip', points: ride(51) }], savedTrails: [] },
      cache,
    );
    expect(longer.lines[0]!.path).not.toBe(first.lines[0]!.path);
    expect(longer.lines[0]!.path.at(-1)).toEqual(overlayTrackLine(ride(51)).at(-1));
  });
});
