import { describe, expect, it } from 'vitest';
import { isOutdatedGenericPlanName } from '../../../src/lib/trip-plans/generic-plan-names.ts';

describe('isOutdatedGenericPlanName (core-platform §5)', () => {
  it.each([
    ['Basic Trip Plan', true],
    ['My basic trip plan for Sunday', true],
    ['FALLBACK PLAN', true],
    ['Ozarks fallback plan v2', true],
    ['basic trip', true],
    ['  Trip Plan  ', true],
    ['Trip plan to Mill Creek', false],
    ['Basic trip to Hot Springs', false],
    ['Ozarks weekend', false],
    ['', false],
  ])('%s → %s', (name, outdated) => {
    expect(isOutdatedGenericPlanName(name)).toBe(outdated);
  });
});
