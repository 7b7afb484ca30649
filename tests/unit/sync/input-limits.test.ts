// The walk that bounds free-form values in a push before Ajv (issue 11): it names the field that
// breaks a limit, follows the schema so described arrays (track points) are not free-form, and
// treats properties no schema names as free-form.
import { describe, expect, it } from 'vitest';
import { syncInputLimits } from '../../../schemas/sync-protocol.ts';
import { collectionDescriptors } from '../../../schemas/collections/index.ts';
import { findInputProblem, pushBodyShape } from '../../../sync-server/sync/input-limits.ts';
import { makeTrackChunk, makeTripPlan } from '../../integration/sync/sync-fixtures.ts';

/** A value nested `depth` arrays deep, built without recursion. */
function nestedArrays(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('sync input limits', () => {
  it('names the free-form value that is nested too deep, inside arrays too', () => {
    const context = {
      id: 'current',
      currentRecommendations: null,
      activeTripPlan: null,
      recentRecommendedTrails: [],
      tripPlannerHistory: [
        { query: 'fine' },
        { steps: nestedArrays(syncInputLimits.maxFreeFormDepth) },
      ],
      navigationContext: null,
      updatedAt: 1,
    };
    const body = { rows: [{ newDocumentState: makeTripPlan('p') }, { newDocumentState: context }] };
    expect(findInputProblem(body, pushBodyShape(collectionDescriptors.tripContext))).toBe(
      `rows[1].newDocumentState.tripPlannerHistory[1] is nested deeper than ${syncInputLimits.maxFreeFormDepth} levels of objects and arrays.`,
    );
  });

  it('walks a full push of track chunks without finding a problem, and finds one bad fix', () => {
    const rows = Array.from({ length: 200 }, (_, index) => ({
      newDocumentState: { ...makeTrackChunk(`trip-${index}`, 0, 600), _deleted: false },
    }));
    expect(findInputProblem({ rows }, pushBodyShape(collectionDescriptors.trackChunks))).toBeNull();
    rows[150]!.newDocumentState.points[599]![2] = Number.NEGATIVE_INFINITY;
    expect(findInputProblem({ rows }, pushBodyShape(collectionDescriptors.trackChunks))).toMatch(
      /^rows\[150\]\.newDocumentState\.points\[599\]\[2\] is not a finite number/,
    );
  });

  it('bounds properties no schema names and bodies of the wrong shape', () => {
    const plan = {
      ...makeTripPlan('p'),
      surprise: { text: 'x'.repeat(syncInputLimits.maxFreeFormJsonLength) },
    };
    expect(
      findInputProblem(
        { rows: [{ newDocumentState: plan }] },
        pushBodyShape(collectionDescriptors.tripPlans),
      ),
    ).toBe(
      `rows[0].newDocumentState.surprise is larger than ${syncInputLimits.maxFreeFormJsonLength} characters of JSON.`,
    );
    expect(
      findInputProblem(nestedArrays(100_000), pushBodyShape(collectionDescriptors.trips)),
    ).toMatch(/^the request body is nested deeper than/);
  });
});
