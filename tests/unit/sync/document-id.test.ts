// The id grammar (issue 11): the ids the app makes always satisfy it, an id that would not is
// refused where it is made, and the longest id still gives a checkpoint the pull accepts.
import { describe, expect, it } from 'vitest';
import {
  assertDocumentId,
  documentIdMaxLength,
  isDocumentId,
  syncLimits,
} from '../../../schemas/sync-protocol.ts';
import { trackChunkId } from '../../../schemas/track-chunks.ts';
import { newTempId } from '../../../schemas/identity.ts';

describe('document id grammar', () => {
  it('accepts the ids the app and server make and refuses what PostgreSQL or a checkpoint cannot hold', () => {
    for (const id of [
      'wolf-pen-gap',
      'current',
      '3f1c2a9e-7b5d-4c1e-9a8f-0d2b6e4c8a71',
      '3f1c2a9e-7b5d-4c1e-9a8f-0d2b6e4c8a71:000042',
      'temp-lq8x3k2a-0a1b2c3d',
      'x'.repeat(documentIdMaxLength),
    ]) {
      expect(isDocumentId(id), id).toBe(true);
    }
    for (const id of [
      '',
      'x'.repeat(documentIdMaxLength + 1),
      'a\u0000b',
      'a\tb',
      'a b',
      'a"b',
      'a\\b',
      'café',
      'a\ud800',
    ]) {
      expect(isDocumentId(id), JSON.stringify(id)).toBe(false);
    }
    expect(() => assertDocumentId('a\u0000b')).toThrow(/Invalid document id "a\\u0000b"/);
  });

  it('keeps the largest possible checkpoint within the pull limit', () => {
    const largest = JSON.stringify({
      id: '~'.repeat(documentIdMaxLength),
      serverTime: -Number.MAX_SAFE_INTEGER,
    });
    expect(largest.length).toBeLessThanOrEqual(syncLimits.maxCheckpointLength);
  });

  it('makes temp ids and track chunk ids only within the grammar', () => {
    for (const now of [0, Date.UTC(2026, 10, 23), 8_640_000_000_000_000]) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const tripId = newTempId(now);
        expect(isDocumentId(tripId), tripId).toBe(true);
        expect(isDocumentId(trackChunkId(tripId, 999_999))).toBe(true);
      }
    }
    // A chunk id past 128 characters would be refused by the server on every push.
    expect(() => trackChunkId('t'.repeat(documentIdMaxLength - 6), 1)).toThrow(
      /Invalid document id/,
    );
    expect(() => trackChunkId('trip one', 1)).toThrow(/Invalid document id/);
  });
});
