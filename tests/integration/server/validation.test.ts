// The server-side validation helper compiles the shared schemas/ contract: what the client's
// RxDB accepts, the server accepts, and it explains what is wrong with the rest.
import { describe, expect, it } from 'vitest';
import type { Waypoint } from '../../../schemas/waypoints.ts';
import {
  assertValidDocument,
  validateDocument,
  validateWireDocument,
} from '../../../sync-server/validation.ts';

const riderWaypoint: Waypoint = {
  id: 'temp-3f2a',
  ownerId: 'user-1',
  name: 'Washed-out low water crossing',
  category: 'hazard',
  description: null,
  longitude: -93.8,
  latitude: 35.8,
  elevationMetres: null,
  trailId: 'mill-creek-ohv-trail',
  tripId: null,
  county: null,
  region: null,
  waterfowl: null,
  locationConfidence: 'exact',
  sources: [],
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
};

describe('validateDocument', () => {
  it('accepts a document that matches its collection schema', () => {
    expect(validateDocument('waypoints', riderWaypoint)).toEqual({ valid: true });
  });

  it('reports every problem with a path', () => {
    const result = validateDocument('waypoints', {
      ...riderWaypoint,
      category: 'secret-stash',
      latitude: 123,
      extra: true,
    });
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { path: '/category', message: expect.stringContaining('allowed values') },
        { path: '/latitude', message: expect.stringContaining('<= 90') },
        { path: '/', message: "must NOT have additional property 'extra'" },
      ]),
    );
  });

  it('rejects a trip point chunk that is not [lon, lat, elevation, time, accuracy]', () => {
    const result = validateDocument('trackChunks', {
      id: 'temp-1:000000',
      tripId: 'temp-1',
      sequence: 0,
      points: [[-93.8, 35.8]],
      updatedAt: 1,
    });
    expect(result.valid).toBe(false);
  });

  it('throws with the id and issues when asserting an invalid document', () => {
    expect(() => assertValidDocument('achievements', { id: 'first-ride', title: '' })).toThrow(
      /Invalid achievements document first-ride: .*title/,
    );
  });
});

describe('validateWireDocument', () => {
  it('takes a document as pushed: with or without a boolean _deleted', () => {
    expect(validateWireDocument('waypoints', riderWaypoint)).toEqual({ valid: true });
    expect(validateWireDocument('waypoints', { ...riderWaypoint, _deleted: true })).toEqual({
      valid: true,
    });
    expect(validateWireDocument('waypoints', { ...riderWaypoint, _deleted: 'yes' })).toMatchObject({
      valid: false,
      issues: [{ path: '/_deleted', message: 'must be boolean' }],
    });
  });

  it('reports the same problems as validateDocument for the stored fields', () => {
    const broken = { ...riderWaypoint, latitude: 'north', extra: 1 };
    expect(validateWireDocument('waypoints', { ...broken, _deleted: false })).toEqual(
      validateDocument('waypoints', broken),
    );
  });
});
