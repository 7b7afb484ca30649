import { describe, expect, it } from 'vitest';
import { syncLimits } from '../../../schemas/sync-protocol.ts';
import { encodePushRequests } from '../../../src/lib/sync/push-batches.ts';

const limits = { maxRows: syncLimits.maxPushRows, maxBodyBytes: syncLimits.maxPushBodyBytes };
const row = (id: string, notes: string) => ({ newDocumentState: { id, notes, _deleted: false } });
type Row = ReturnType<typeof row>;

/** What the server receives: each body's bytes decoded and parsed. */
function received(bodies: { bytes: Uint8Array }[]): { rows: Row[] }[] {
  return bodies.map((body) => JSON.parse(new TextDecoder().decode(body.bytes)) as { rows: Row[] });
}

describe('encodePushRequests', () => {
  it('sends a batch of ordinary trips as one request, serialised as JSON', () => {
    const rows = Array.from({ length: syncLimits.maxPushRows }, (_, index) =>
      row(`trip-${index}`, 'Rode the Wolf Pen Gap loop.'),
    );
    const bodies = [...encodePushRequests(rows, limits)];
    expect(received(bodies)).toEqual([{ rows }]);
    expect(bodies[0]!.value).toEqual({ rows });
  });

  it('sends at most the rows the server takes in one request, in order', () => {
    const rows = Array.from({ length: 1_200 }, (_, index) => row(`trip-${index}`, ''));
    const bodies = received([...encodePushRequests(rows, limits)]);
    expect(bodies.map((body) => body.rows.length)).toEqual([500, 500, 200]);
    expect(bodies.flatMap((body) => body.rows)).toEqual(rows);
  });

  it('cuts a batch of large documents into requests the server accepts, in order', () => {
    // 500 trips with 10,000-character notes of 3-byte characters: about 15 MB in one body.
    const notes = '\u2013'.repeat(10_000);
    const rows = Array.from({ length: syncLimits.maxPushRows }, (_, index) =>
      row(`trip-${index}`, notes),
    );
    const bodies = [...encodePushRequests(rows, limits)];
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) {
      expect(body.bytes.byteLength).toBeLessThanOrEqual(syncLimits.maxPushBodyBytes);
    }
    expect(received(bodies).flatMap((body) => body.rows)).toEqual(rows);
  });

  it('gives a row larger than the limit a request of its own and no rows none', () => {
    const rows = [row('a', 'x'), row('b', 'y'.repeat(200)), row('c', 'z')];
    const bodies = [...encodePushRequests(rows, { maxRows: 10, maxBodyBytes: 150 })];
    expect(received(bodies)).toEqual([
      { rows: [rows[0]] },
      { rows: [rows[1]] },
      { rows: [rows[2]] },
    ]);
    expect([...encodePushRequests([], { maxRows: 10, maxBodyBytes: 150 })]).toEqual([]);
  });
});
