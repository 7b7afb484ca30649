/**
 * Our protocol without the client: plain `fetch` calls to the sync routes of
 * schemas/sync-protocol.ts, one request in flight, `batchSize` rows per push and as many
 * documents per pull, following the checkpoint until an empty page. No client database is
 * read or written, so this measures the wire protocol and the server only; it stands in for
 * our replication until the client module exists, and is labelled so in the report.
 */
import type { Trip } from '../../../schemas/trips.ts';
import {
  replicationBasePath,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type SyncCheckpoint,
} from '../../../schemas/sync-protocol.ts';
import type { BenchServer } from './bench-server.ts';
import { figure, type DirectionFigure } from './pouchdb-baseline.ts';

/** What the direct HTTP measurement saw. */
export interface DirectHttpFigures {
  push: DirectionFigure;
  pull: DirectionFigure;
  batchSize: number;
}

/** Thrown when the server has no sync routes yet (404 on the push path). */
export class SyncRoutesMissingError extends Error {}

/**
 * Pushes `trips` as new documents (no assumed master state) in batches of `batchSize`, then
 * pulls everything from an empty checkpoint with the same page size, timing each direction.
 * Throws `SyncRoutesMissingError` on a 404 from the push route, and an Error on any other
 * refusal, on conflicts, or when the pull does not return every trip.
 */
export async function measureDirectHttp(
  server: BenchServer,
  trips: Trip[],
  batchSize: number,
): Promise<DirectHttpFigures> {
  const base = `${server.baseUrl}${replicationBasePath('trips')}`;
  const authorization = `Bearer ${server.accessToken}`;

  let started = performance.now();
  for (let index = 0; index < trips.length; index += batchSize) {
    const body: PushRequest = {
      rows: trips
        .slice(index, index + batchSize)
        .map((trip) => ({ newDocumentState: { ...trip, _deleted: false } })),
    };
    const response = await fetch(`${base}/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(body),
    });
    if (response.status === 404) throw new SyncRoutesMissingError(`${base}/push answered 404`);
    if (!response.ok) {
      throw new Error(`push answered ${response.status}: ${await response.text()}`);
    }
    const answer = (await response.json()) as PushResponse;
    if (answer.conflicts.length > 0) {
      throw new Error(`push of new trips answered ${answer.conflicts.length} conflicts`);
    }
  }
  const push = figure(trips.length, performance.now() - started);

  started = performance.now();
  let checkpoint: SyncCheckpoint | null = null;
  let received = 0;
  for (;;) {
    const query = new URLSearchParams({ limit: String(batchSize) });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    const response = await fetch(`${base}/pull?${query.toString()}`, {
      headers: { authorization },
    });
    if (!response.ok) {
      throw new Error(`pull answered ${response.status}: ${await response.text()}`);
    }
    const page = (await response.json()) as PullResponse;
    received += page.documents.length;
    checkpoint = page.checkpoint;
    // Like RxDB's downstream: done at the first empty page.
    if (page.documents.length === 0) break;
  }
  const pull = figure(received, performance.now() - started);
  if (received !== trips.length) {
    throw new Error(`pull returned ${received} of ${trips.length} trips`);
  }
  return { push, pull, batchSize };
}
