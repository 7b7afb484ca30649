/**
 * Our protocol without the client: plain `fetch` calls to the sync routes of
 * schemas/sync-protocol.ts, one request in flight, the client's batch sizes, following the
 * pull checkpoint until an empty page. No client database is read or written, so this
 * measures the wire protocol and the server alone: beside the real client's figures it shows
 * how the time splits between the client and the server.
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
import { figure, type BatchSizes, type DirectionFigure } from './pouchdb-baseline.ts';

/** What the direct HTTP measurement saw. */
export interface DirectHttpFigures {
  push: DirectionFigure;
  pull: DirectionFigure;
}

/**
 * Pushes `trips` as new documents (no assumed master state) in batches of `batchSizes.push`,
 * then pulls everything from an empty checkpoint in pages of `batchSizes.pull`, timing each.
 * Throws on any refusal, on conflicts, or when the pull does not return every trip.
 */
export async function measureDirectHttp(
  server: BenchServer,
  trips: Trip[],
  batchSizes: BatchSizes,
): Promise<DirectHttpFigures> {
  const base = `${server.baseUrl}${replicationBasePath('trips')}`;
  const authorization = `Bearer ${server.accessToken}`;

  let started = performance.now();
  for (let index = 0; index < trips.length; index += batchSizes.push) {
    const body: PushRequest = {
      rows: trips
        .slice(index, index + batchSizes.push)
        .map((trip) => ({ newDocumentState: { ...trip, _deleted: false } })),
    };
    const response = await fetch(`${base}/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(body),
    });
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
    const query = new URLSearchParams({ limit: String(batchSizes.pull) });
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
  return { push, pull };
}
