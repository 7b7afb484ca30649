// A scouting waypoint marked offline with a photo, on both storage engines: the device stores the
// waypoint (temp- id) and queues its photo and thumbnail; once online the sync engine promotes
// and pushes the waypoint and the uploader sends the photos. The server then holds the waypoint
// once, naming its photo, and each photo file once, even after a second sync and upload run;
// the photo is served to its rider and to no one else (the descriptors' `photos: 'owner'`).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripContextCollection } from '../../../schemas/collections/trip-context.ts';
import { waypointsCollection } from '../../../schemas/collections/waypoints.ts';
import { photoUrl } from '../../../schemas/photos.ts';
import { replicationBasePath, type PullResponse } from '../../../schemas/sync-protocol.ts';
import { createAppDatabase } from '../../../src/db/database.ts';
import { openPhotoDatabase } from '../../../src/db/photo-database.ts';
import { createRiderWaypoint } from '../../../src/db/rider-waypoints.ts';
import { storePreparedPhotos } from '../../../src/photos/photo-store.ts';
import {
  createPhotoUploader,
  type PhotoUploadTransport,
} from '../../../src/photos/photo-uploader.ts';
import { pendingUploads, queuePhotoUploadsIn } from '../../../src/photos/upload-queue.ts';
import { startSyncEngine } from '../../../src/sync/sync-engine.ts';
import { readTable } from '../auth/auth-test-server.ts';
import { storageEngines } from '../server/test-server.ts';
import { startSyncServer, type RunningSyncServer } from '../sync/sync-client.ts';
import { createTestTransport } from '../sync/test-transport.ts';
import { jpegBytes, sha256Hex } from '../../support/photo-bytes.ts';

const image = (width: number, height: number, bytes: number) => {
  const data = jpegBytes(width, height, bytes);
  return {
    hash: sha256Hex(data),
    data: data.slice().buffer,
    type: 'image/jpeg' as const,
    width,
    height,
  };
};

/** The app's photo transport, to the test server with `token`. */
function transportTo(server: RunningSyncServer, token: string): PhotoUploadTransport {
  return {
    send: (method, path, chunk) =>
      fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(chunk
            ? {
                'content-type': 'application/octet-stream',
                'content-range': chunk.contentRange,
              }
            : {}),
        },
        ...(chunk ? { body: chunk.bytes as Uint8Array<ArrayBuffer> } : {}),
      }),
  };
}

describe.each(storageEngines)('a waypoint with a photo made offline, on %s', (engine) => {
  let server: RunningSyncServer;
  beforeAll(async () => {
    server = await startSyncServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reaches the server once with its photo, which only its rider sees', async () => {
    const ridge = await server.signIn('Ridge');
    const hollow = await server.signIn('Hollow');
    const suffix = `${engine}-${process.pid}-${Date.now().toString(36)}`;
    const device = await createAppDatabase({
      name: `waypoint-photos-${suffix}`,
      devMode: false,
      // Promotion rewrites references in the trip context, so it is open too.
      collections: [waypointsCollection, tripContextCollection],
    });
    const photos = openPhotoDatabase(`waypoint-photos-${suffix}`);
    try {
      // Offline: the waypoint and its photo are stored on the device, the upload queued.
      const [reference] = await storePreparedPhotos(photos, [
        { full: image(1600, 1200, 150_000), thumbnail: image(320, 240, 6_000) },
      ]);
      const waypoint = await createRiderWaypoint(device, {
        name: 'Ridge stand',
        latitude: 34.25,
        longitude: -91.6,
        positionSource: 'GPS fix ±8 m',
        photos: [reference!],
      });
      await queuePhotoUploadsIn(photos, waypoint.photos!, {
        collection: 'waypoints',
        id: waypoint.id,
      });

      // Online, twice over: the sync engine sends the waypoint, the uploader its photos.
      for (let run = 0; run < 2; run += 1) {
        const sync = startSyncEngine({
          db: device,
          transport: createTestTransport(server.baseUrl, ridge.token),
          userId: ridge.id,
          serverIdentity: server.baseUrl,
          live: false,
          collections: [waypointsCollection],
        });
        await sync.awaitInSync();
        await sync.stop();
        const uploader = createPhotoUploader({
          database: photos,
          transport: transportTo(server, ridge.token),
        });
        expect(await uploader.flush()).toBe('done');
      }
      expect(await pendingUploads(photos)).toEqual([]);

      const pulled = await fetch(
        `${server.baseUrl}${replicationBasePath('waypoints')}/pull?limit=100`,
        { headers: { authorization: `Bearer ${ridge.token}` } },
      );
      const { documents } = (await pulled.json()) as PullResponse;
      expect(documents).toHaveLength(1);
      expect(documents[0]!.id).not.toMatch(/^temp-/);
      expect(documents[0]!.photos).toEqual([reference]);

      const hashes = [reference!.hash, reference!.thumbnailHash];
      const stored = (await readTable(server.server.workspace, 'photos')).map((row) => row.hash);
      const files = readdirSync(join(server.server.workspace.root, 'db', 'photos'), {
        recursive: true,
        withFileTypes: true,
      })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
      for (const hash of hashes) {
        expect(stored.filter((storedHash) => storedHash === hash)).toHaveLength(1);
        expect(files.filter((file) => file === hash)).toHaveLength(1);
      }

      const asRider = (token: string | null) =>
        fetch(`${server.baseUrl}${photoUrl(reference!.hash)}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }).then((answer) => answer.status);
      expect(await asRider(ridge.token)).toBe(200);
      expect(await asRider(hollow.token)).toBe(404);
      expect(await asRider(null)).toBe(404);
    } finally {
      photos.close();
      await device.remove();
    }
  });
});
