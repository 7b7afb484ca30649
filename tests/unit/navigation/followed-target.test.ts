/**
 * The route the navigation page guides along while an imported trip's temp- id is promoted to
 * its server id: the page's id changes and the new id's reads (trail, trip, points) answer one
 * by one in any order; guidance must stay on the screen, on the same route, throughout.
 */
import { describe, expect, it } from 'vitest';
import type { Trail } from '../../../schemas/trails.ts';
import type { Trip } from '../../../schemas/trips.ts';
import type { NavigationTarget } from '../../../src/machines/navigation-cues.ts';
import {
  followTarget,
  navigationPageView,
  type FollowedTarget,
  type FoundTarget,
} from '../../../src/ride/followed-target.ts';

const tempId = 'temp-6f1c2a';
const serverId = '8d4f7a52-3c1e-4b7a-9f0e-2d6c5b4a3e21';
const importedAt = Date.UTC(2026, 9, 4, 10, 0);

/** An imported trip as the device stores it; the server copy keeps createdAt. */
function importedTrip(id: string, createdAt = importedAt): Trip {
  return {
    id,
    userId: 'rider-1',
    name: 'Current Track: 04 OCT 2025 10:00',
    trailId: null,
    source: 'imported',
    recordingState: 'finished',
    createdAt,
  } as Trip;
}

/** The trip's track as a route, with as many of its points as have been read. */
function route(pointCount: number): NavigationTarget {
  const coordinates = Array.from({ length: pointCount }, (_, index) => [
    -92.93 + index * 0.0005,
    35.12,
  ]);
  return { kind: 'route', name: 'Current Track: 04 OCT 2025 10:00', coordinates, waypoints: [] };
}

const nothingRead: FoundTarget = { target: null, trail: null, trip: null };

/** Renders the page's steps in order, as useFollowedTarget does, returning each step's result. */
function renderSteps(
  steps: { id: string; promotedId?: string; found: FoundTarget }[],
): (FollowedTarget | null)[] {
  let followed: FollowedTarget | null = null;
  return steps.map((step) => {
    followed = followTarget(followed, step.id, step.promotedId ?? null, step.found);
    return followed;
  });
}

describe('the route followed across a temp- trip promotion', () => {
  it('keeps the one route, under both ids, while the server id is read piece by piece', () => {
    const whole = route(40);
    const [imported, promoted, moved, tripOnly, partial, complete] = renderSteps([
      { id: tempId, found: { target: whole, trail: null, trip: importedTrip(tempId) } },
      {
        id: tempId,
        promotedId: serverId,
        found: { target: whole, trail: null, trip: importedTrip(tempId) },
      },
      // The address moved to the server id: nothing of it has been read yet.
      { id: serverId, found: nothingRead },
      { id: serverId, found: { target: null, trail: null, trip: importedTrip(serverId) } },
      // Two points read so far (the trail read may still be loading).
      { id: serverId, found: { target: route(2), trail: null, trip: importedTrip(serverId) } },
      { id: serverId, found: { target: whole, trail: null, trip: importedTrip(serverId) } },
    ]);
    expect(imported).toMatchObject({ ids: [tempId], key: `trip:${importedAt}`, target: whole });
    expect(promoted).toMatchObject({ ids: [tempId, serverId], key: `trip:${importedAt}` });
    // The same followed route at every step after the promotion: guidance is never restarted.
    for (const step of [moved, tripOnly, partial, complete]) expect(step).toBe(promoted);
  });

  it('shows guidance while the new id is still loading, never a loading state in between', () => {
    const [, promoted, moved, partial] = renderSteps([
      { id: tempId, found: { target: route(40), trail: null, trip: importedTrip(tempId) } },
      {
        id: tempId,
        promotedId: serverId,
        found: { target: route(40), trail: null, trip: importedTrip(tempId) },
      },
      { id: serverId, found: nothingRead },
      { id: serverId, found: { target: route(2), trail: null, trip: importedTrip(serverId) } },
    ]);
    for (const step of [promoted, moved, partial]) {
      // loading: some of the server id's reads (here the trail read) have not answered.
      expect(navigationPageView(step ?? null, true)).toEqual({
        show: 'guidance',
        followed: promoted,
      });
    }
  });
});

describe('the route followed when the page opens another id', () => {
  it('starts over for another trip, and forgets the route for an id it was never shown under', () => {
    const other = importedTrip('temp-other', importedAt + 60_000);
    const [first, unrelatedLoading, second] = renderSteps([
      { id: tempId, found: { target: route(40), trail: null, trip: importedTrip(tempId) } },
      { id: 'temp-other', found: nothingRead },
      { id: 'temp-other', found: { target: route(12), trail: null, trip: other } },
    ]);
    expect(first?.key).toBe(`trip:${importedAt}`);
    expect(unrelatedLoading).toBeNull();
    expect(navigationPageView(unrelatedLoading ?? null, true)).toEqual({ show: 'loading' });
    expect(second).toMatchObject({ ids: ['temp-other'], key: `trip:${importedAt + 60_000}` });
  });

  it('says there is nothing to navigate once every read has answered without a route', () => {
    const [followed] = renderSteps([
      { id: 'temp-never-made-here', found: { target: null, trail: null, trip: null } },
    ]);
    expect(navigationPageView(followed ?? null, false)).toEqual({ show: 'nothing' });
  });

  it("keys a trail's guidance by the trail and its kind of target", () => {
    const trail = { id: 'wolf-pen-gap-ohv-trail', name: 'Wolf Pen Gap' } as Trail;
    const point: NavigationTarget = {
      kind: 'point',
      name: 'Wolf Pen Gap',
      longitude: -93.98,
      latitude: 34.66,
      approximate: false,
    };
    const [followed] = renderSteps([{ id: trail.id, found: { target: point, trail, trip: null } }]);
    expect(followed).toMatchObject({ ids: [trail.id], key: `${trail.id}:point` });
  });
});
