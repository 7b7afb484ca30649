// A rider's trail submission, sent after the field, shows "Sent" even when the server's streamed
// copy (now `status: synced`) reaches the device before RxDB has stored the bookkeeping of the
// push: the busy-phone order that left it "Saved on this device" until the rider's next change
// (src/db/settling-push-echo.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordsCollection } from '../../../schemas/collections/records.ts';
import { recordId, type RiderRecord } from '../../../schemas/records.ts';
import { replicationBasePath, type PushRequest } from '../../../schemas/sync-protocol.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import {
  saveTrailSubmission,
  type TrailSubmissionInput,
} from '../../../src/db/trail-submissions.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import type { EncodedJson } from '../../../src/lib/http/encoded-json.ts';
import type { SyncTransport } from '../../../src/sync/sync-transport.ts';
import { storageWithReplicationMeta } from './replication-meta-storage.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { createTestTransport } from './test-transport.ts';

/** A Promise with its resolve function. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Dexie on fake-indexeddb that holds the bookkeeping write of the push of document `watched.id`
 * ('replication-up-write-meta') until the device has looked that document's bookkeeping up
 * again after `pushed`: the lookup of RxDB storing the server's streamed copy, which then
 * finds none, as on a phone whose storage is slower than the network.
 */
function storageStoringPushBookkeepingLate(watched: { id: string }, pushed: Promise<void>) {
  const lookedUp = deferred();
  let sent = false;
  void pushed.then(() => (sent = true));
  return storageWithReplicationMeta((instance) => {
    const bulkWrite = instance.bulkWrite.bind(instance);
    const findDocumentsById = instance.findDocumentsById.bind(instance);
    instance.bulkWrite = async (rows, context) => {
      const names = rows.map((row) => (row.document as { itemId?: string }).itemId);
      if (context === 'replication-up-write-meta' && names.includes(watched.id)) {
        await lookedUp.promise;
      }
      return bulkWrite(rows, context);
    };
    instance.findDocumentsById = async (ids, withDeleted) => {
      const found = await findDocumentsById(ids, withDeleted);
      if (sent && ids.some((key) => key.startsWith(`${watched.id}|`))) lookedUp.resolve();
      return found;
    };
  });
}

/** A drawn line near Jasper, Newton County: two points about 0.1 mile apart. */
function submission(name: string): TrailSubmissionInput {
  return {
    name,
    activities: ['atv'],
    difficulty: 'moderate',
    season: null,
    notes: null,
    origin: 'drawn',
    line: [
      [-93.2, 36.0],
      [-93.198, 36.0],
    ],
  };
}

describe('a push settling while the server streams its copy', () => {
  let server: RunningSyncServer;
  let phone: AppDatabase | null = null;
  let engine: SyncEngine | null = null;

  beforeEach(async () => {
    server = await startSyncServer('sqlite');
  });
  afterEach(async () => {
    await engine?.stop();
    await phone?.remove();
    engine = null;
    phone = null;
    await server.close();
  });

  it('stores the server copy of a submission sent by the sweep after "Sync now"', async () => {
    const ridge = await server.signIn('Ridge');
    const watched = { id: '' };
    const pushedLater = deferred();
    const firstPushArrived = deferred();
    const firstPushGoesOn = deferred();
    phone = await createAppDatabase({
      name: `settling-push-${process.pid}-${Date.now().toString(36)}`,
      devMode: false,
      storage: storageStoringPushBookkeepingLate(watched, pushedLater.promise),
      collections: [recordsCollection],
    });
    const transport = createTestTransport(server.baseUrl, ridge.token);
    let pushes = 0;
    const slowFirstPush: SyncTransport = {
      ...transport,
      async request(method, path, body, signal) {
        if (path !== `${replicationBasePath('records')}/push`) {
          return transport.request(method, path, body, signal);
        }
        pushes += 1;
        // The first push hangs, as on a weak signal, while the rider files and taps "Sync now".
        if (pushes === 1) {
          firstPushArrived.resolve();
          await firstPushGoesOn.promise;
        }
        const { rows } = (body as EncodedJson<PushRequest>).value;
        if (rows.some((row) => row.newDocumentState.id === watched.id)) pushedLater.resolve();
        return transport.request(method, path, body, signal);
      },
    };
    engine = startSyncEngine({
      db: phone,
      transport: slowFirstPush,
      userId: ridge.id,
      serverIdentity: server.baseUrl,
      collections: [recordsCollection],
    });
    await engine.awaitInSync();

    // An edit the server stores as sent (already `synced`): its streamed copy changes nothing
    // here, so nothing on the device wakes RxDB's upstream while the second submission goes out.
    const earlier = await saveTrailSubmission(phone, ridge.id, submission('Sugar Creek Spur'));
    await phone.records
      .findOne(recordId(ridge.id, 'trailSubmission', earlier.submissionId))
      .incrementalPatch({ status: 'synced' });
    await firstPushArrived.promise;
    const saved = await saveTrailSubmission(phone, ridge.id, submission('Cave Creek Bench Loop'));
    watched.id = recordId(ridge.id, 'trailSubmission', saved.submissionId);
    // The sweep RxDB runs for the RESYNC sends the second submission, stream not held back.
    engine.syncNow();
    firstPushGoesOn.resolve();

    await expect
      .poll(
        async () =>
          ((await phone!.records.findOne(watched.id).exec())?.toJSON() as RiderRecord)?.status,
        { timeout: 5_000 },
      )
      .toBe('synced');
  });
});
