// A collection defined here, by one descriptor and nothing else, syncs end to end (sync server on
// SQLite, two devices on fake-indexeddb): the device's database, conflict handler and sync engine
// and the server's routes take everything from the descriptor, so a new collection is one file
// (schemas/collections/descriptor.ts). A note written offline on one device reaches the other;
// concurrent edits merge by the descriptor's rules; the server refuses a malformed note and a note
// under another rider's id, storing nothing; the app's collections are untouched.
import type { RxCollection } from 'rxdb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultBatch,
  defineCollection,
  privacyWording,
} from '../../../schemas/collections/descriptor.ts';
import { allCollections } from '../../../schemas/collections/index.ts';
import { epochMsProperty, idProperty, syncConflictsProperty } from '../../../schemas/common.ts';
import {
  replicationBasePath,
  type PullResponse,
  type WireDocument,
} from '../../../schemas/sync-protocol.ts';
import type { SyncConflictRecord } from '../../../src/lib/sync/conflict-resolution.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import { errorMessage, readTable } from '../auth/auth-test-server.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { createTestTransport } from './test-transport.ts';

/** A rider's note about a trail: what they saw, how often, and when first (epoch ms). */
const fieldNoteSchema = {
  title: 'fieldNote',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    userId: { type: 'string', maxLength: 128 },
    trailId: { type: 'string', minLength: 1, maxLength: 64 },
    text: { type: 'string', minLength: 1, maxLength: 2000 },
    sightings: { type: 'integer', minimum: 0, maximum: 10_000 },
    firstSeenAt: { type: ['number', 'null'], minimum: 0 },
    updatedAt: epochMsProperty,
    syncConflicts: syncConflictsProperty,
  },
  required: ['id', 'userId', 'trailId', 'text', 'sightings', 'firstSeenAt', 'updatedAt'],
} as const;

/** The whole definition of the test collection: nothing else names it. */
const fieldNotes = defineCollection({
  name: 'fieldNotes',
  noun: 'field note',
  schema: fieldNoteSchema,
  migrations: {},
  scope: 'rider',
  ownerField: 'userId',
  idRule: {
    kind: 'derived',
    pattern: '<your user id>:<trailId>, one note per rider and trail',
    expectedId: (ownerId, document) => `${ownerId}:${String(document.trailId)}`,
  },
  serverOwned: { userId: 'owner' },
  merge: {
    document: 'fields',
    fields: { sightings: 'max', firstSeenAt: 'earliest' },
    keepsConflictList: true,
  },
  batch: defaultBatch,
  heldUntilAdopted: false,
  afterWrite: [],
  privacy: {
    holds: 'Your notes about trails: what you saw, how often and when first.',
    where: 'device and server',
    kept: privacyWording.riderSynced,
    sharedWith: privacyWording.riderSharedWith,
    onAccountDeletion: { action: 'deleted' },
  },
});

interface FieldNote {
  id: string;
  userId: string;
  trailId: string;
  text: string;
  sightings: number;
  firstSeenAt: number | null;
  updatedAt: number;
  syncConflicts?: SyncConflictRecord[];
}

const trailId = 'wolf-pen-gap';

function notesOf(database: AppDatabase): RxCollection<FieldNote> {
  return (database.collections as unknown as Record<string, RxCollection<FieldNote>>).fieldNotes!;
}

describe('a collection defined by one descriptor in a test file', () => {
  let server: RunningSyncServer;
  const deviceNames = new Map<string, string>();
  let open: { database: AppDatabase; engine: SyncEngine | null } | null = null;

  beforeEach(async () => {
    server = await startSyncServer('sqlite', {}, { collections: [...allCollections, fieldNotes] });
  });
  afterEach(async () => {
    await closeDevice();
    for (const name of deviceNames.values()) await (await openDatabase(name)).remove();
    deviceNames.clear();
    await server.close();
  });

  function openDatabase(name: string): Promise<AppDatabase> {
    return createAppDatabase({ name, collections: [fieldNotes], devMode: true });
  }

  async function closeDevice(): Promise<void> {
    if (!open) return;
    await open.engine?.stop();
    await open.database.close();
    open = null;
  }

  /** Opens device `label` offline (closing the one open before), with what it had last time. */
  async function device(label: string): Promise<RxCollection<FieldNote>> {
    await closeDevice();
    let name = deviceNames.get(label);
    if (!name) {
      name = `one-file-${label}-${process.pid}-${Date.now().toString(36)}`;
      deviceNames.set(label, name);
    }
    open = { database: await openDatabase(name), engine: null };
    return notesOf(open.database);
  }

  /** Brings the open device online for `rider` and waits until it is in sync. */
  async function syncOpenDevice(rider: { id: string; token: string }): Promise<SyncEngine> {
    const engine = startSyncEngine({
      db: open!.database,
      transport: createTestTransport(server.baseUrl, rider.token),
      userId: rider.id,
      serverIdentity: server.baseUrl,
      collections: [fieldNotes],
    });
    open!.engine = engine;
    await engine.awaitInSync();
    return engine;
  }

  async function serverNotes(token: string): Promise<WireDocument[]> {
    const answer = await createTestTransport(server.baseUrl, token).request<PullResponse>(
      'GET',
      `${replicationBasePath(fieldNotes.name, fieldNotes.schema.version)}/pull?limit=500`,
    );
    return answer.documents;
  }

  function push(token: string, rows: unknown[]) {
    return server.app.inject({
      method: 'POST',
      url: `${replicationBasePath(fieldNotes.name, fieldNotes.schema.version)}/push`,
      headers: { authorization: `Bearer ${token}` },
      payload: { rows },
    });
  }

  it('carries a note written offline to the rider’s other device, and merges concurrent edits by its rules', async () => {
    const rider = await server.signIn('Notetaker');
    const id = `${rider.id}:${trailId}`;
    const catalogueBefore = (await readTable(server.server.workspace, 'documents')).length;

    // Written with no connection: the note waits on the phone.
    const phone = await device('phone');
    await phone.insert({
      id,
      userId: rider.id,
      trailId,
      text: 'Creek crossing washed out past the second gate',
      sightings: 1,
      firstSeenAt: 1_000,
      updatedAt: 1_000,
    });
    const phoneEngine = await syncOpenDevice(rider);
    expect(phoneEngine.status.get()).toMatchObject({ phase: 'idle', lastError: null });

    const tablet = await device('tablet');
    expect(await tablet.count().exec()).toBe(0);
    await syncOpenDevice(rider);
    expect((await tablet.findOne(id).exec())?.toJSON()).toMatchObject({
      text: 'Creek crossing washed out past the second gate',
      sightings: 1,
      firstSeenAt: 1_000,
    });

    // Both devices edit offline: the tablet later, with fewer sightings but an earlier first one.
    await (await tablet.findOne(id).exec())!.incrementalPatch({
      text: 'Crossing rebuilt, passable for ATVs',
      sightings: 3,
      firstSeenAt: 500,
      updatedAt: 3_000,
    });
    const phoneAgain = await device('phone');
    await (await phoneAgain.findOne(id).exec())!.incrementalPatch({
      text: 'Crossing still washed out',
      sightings: 5,
      updatedAt: 2_000,
    });
    await syncOpenDevice(rider);
    const tabletAgain = await device('tablet');
    await syncOpenDevice(rider);
    const merged = (await tabletAgain.findOne(id).exec())!.toJSON() as FieldNote;
    // The later edit's text wins and the phone's is kept in the conflict list; the highest
    // count and the earliest first sighting survive from either side.
    expect(merged).toMatchObject({
      text: 'Crossing rebuilt, passable for ATVs',
      sightings: 5,
      firstSeenAt: 500,
      updatedAt: 3_000,
    });
    expect(merged.syncConflicts).toEqual([
      {
        field: 'text',
        keptValue: 'Crossing rebuilt, passable for ATVs',
        otherValue: 'Crossing still washed out',
        otherUpdatedAt: 2_000,
      },
    ]);

    // The phone converges on the same note, and so does the server.
    const phoneLast = await device('phone');
    await syncOpenDevice(rider);
    const onPhone = (await phoneLast.findOne(id).exec())!.toJSON() as FieldNote;
    expect(onPhone).toEqual(merged);
    const [onServer] = await serverNotes(rider.token);
    expect(onServer).toEqual({ ...merged, _deleted: false });

    // Nothing but the note was written: the rider's rows are this collection's, one note, and
    // the public catalogues kept every document.
    const rows = (await readTable(server.server.workspace, 'user_documents')).filter(
      (row) => row.owner_id === rider.id,
    );
    expect(rows.map((row) => [row.collection, row.id])).toEqual([['fieldNotes', id]]);
    expect((await readTable(server.server.workspace, 'documents')).length).toBe(catalogueBefore);
    expect(Object.keys(open!.database.collections)).toEqual(['fieldNotes']);
  });

  it('refuses a malformed note and a note under another rider’s id, storing nothing', async () => {
    const rider = await server.signIn('Notetaker');
    const other = await server.signIn('Stranger');
    const note = {
      id: `${rider.id}:${trailId}`,
      userId: rider.id,
      trailId,
      text: 'Gate locked',
      sightings: 1,
      firstSeenAt: null,
      updatedAt: 1_000,
      _deleted: false,
    };

    const malformed = await push(rider.token, [
      { newDocumentState: { ...note, sightings: -2, mood: 'grumpy' } },
    ]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toMatch(/application\/json/);
    expect(errorMessage(malformed)).toMatch(/not a valid fieldNotes document/);

    const foreign = await push(rider.token, [
      { newDocumentState: { ...note, id: `${other.id}:${trailId}` } },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(errorMessage(foreign)).toContain(`a field note's id must be "${rider.id}:${trailId}"`);

    expect(
      (await readTable(server.server.workspace, 'user_documents')).filter(
        (row) => row.collection === 'fieldNotes',
      ),
    ).toEqual([]);
    expect(await serverNotes(rider.token)).toEqual([]);
    expect(await serverNotes(other.token)).toEqual([]);

    // A well-formed note under the rider's own id is taken, and only by its rider.
    const accepted = await push(rider.token, [{ newDocumentState: note }]);
    expect(accepted.statusCode).toBe(200);
    expect((await serverNotes(rider.token)).map((document) => document.id)).toEqual([note.id]);
    expect(await serverNotes(other.token)).toEqual([]);
  });
});
