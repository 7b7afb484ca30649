/**
 * The rider's data on this device, as a whole: the "Download my data" archive and the removal of
 * everything of a deleted account (the profile page's "Your data, in the rider's hands").
 *
 * The archive is a ZIP built on the device, so it works offline, from what this device holds: one
 * JSON file per rider collection (`userSyncedCollections`, each an array of the rider's
 * documents), every trip as GPX (`gpx/<file name>.gpx`, written like the single-trip download),
 * the photos the rider's documents refer to that are on this device (`photos/<sha-256>.jpg`,
 * as stored: resized, without metadata), and a README.txt generated from the privacy policy's entries (`collectionPolicy`), so a
 * collection added later is described without anyone remembering to. It is streamed through
 * fflate's `Zip`: documents are read in pages, track points one trip at a time, and only the
 * compressed output chunks are kept (in a Blob at the end), never the whole archive as one string.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { MangoQuerySelector, RxCollection } from 'rxdb';
import { collectionDescriptors } from '../../schemas/collections/index.ts';
import { LOCAL_USER_ID } from '../../schemas/identity.ts';
import { userSyncedCollections, type UserSyncedCollection } from '../../schemas/sync-protocol.ts';
import type { TrackChunk, TrackPoint } from '../../schemas/track-chunks.ts';
import type { Trip } from '../../schemas/trips.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import { collectionPolicy, localDocumentPolicy } from '../lib/privacy/stored-data.ts';
import type { AppDatabase } from './database.ts';
import { appPhotoDatabase, type PhotoDatabase } from './photo-database.ts';
import { tripGpx } from './trips/trip-gpx.ts';

/** Documents read per query while building the archive or removing an account. */
export const archivePageSize = 200;

/**
 * The field naming each rider collection's owner (its descriptor's `ownerField`), or null where
 * the collection has none of its own: a track chunk belongs to its trip, and the trip context is
 * the one document of whoever is signed in on this device.
 */
export const riderOwnerFields = Object.fromEntries(
  userSyncedCollections.map((name) => [name, collectionDescriptors[name].ownerField]),
) as Record<UserSyncedCollection, string | null>;

/** How far the archive got: the step, and for the trip steps how many of how many trips. */
export type ArchiveProgress =
  { step: 'records' } | { step: 'tracks' | 'gpx'; tripsDone: number; tripsTotal: number };

export interface AccountArchiveOptions {
  /** Called as the archive grows (after each collection, and after each trip). */
  onProgress?: (progress: ArchiveProgress) => void;
  /** Aborting stops the work; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** When the archive is made, epoch ms (default now); named in README.txt. */
  now?: number;
  /** When this device last synced with the server, epoch ms, or null (never or unknown). */
  lastSyncedAt?: number | null;
  /** The rider's username, named in README.txt. */
  username?: string;
  /** The device's photo store (default the app's): the photos of the rider's documents. */
  photoDatabase?: PhotoDatabase;
}

const encoder = new TextEncoder();

type AnyCollection = RxCollection<Record<string, unknown>>;

function collectionOf(db: AppDatabase, name: UserSyncedCollection): AnyCollection {
  return db[name] as unknown as AnyCollection;
}

/**
 * The owners whose documents are `userId`'s on this device: theirs, and the device's own
 * (`LOCAL_USER_ID`: made here and not yet given their owner by the server, which the signed-in
 * rider's sync adopts and pushes as theirs).
 */
function ownedBy(userId: string): { $in: string[] } {
  return { $in: [userId, LOCAL_USER_ID] };
}

/** The selector of `userId`'s documents in `collection` (all of it where there is no owner). */
function ownerSelector(
  collection: Exclude<UserSyncedCollection, 'trackChunks'>,
  userId: string,
): MangoQuerySelector<Record<string, unknown>> {
  const field = riderOwnerFields[collection];
  return field ? { [field]: ownedBy(userId) } : {};
}

/** `userId`'s trips on this device (`ownedBy`), in pages as `pagesOf` hands them out. */
function tripPages(db: AppDatabase, userId: string, signal?: AbortSignal) {
  return pagesOf(collectionOf(db, 'trips'), ownerSelector('trips', userId), signal);
}

/**
 * Every document of `selector` in `collection` ordered by id, handed out in pages of
 * `archivePageSize`. The documents are read in one query: on IndexedDB a query with a limit
 * walks a cursor one document at a time, many times slower than one read of them all, and these
 * documents are small (a trip without its points is under a kilobyte). The large ones, the
 * track chunks, are read a page of trips at a time.
 */
async function* pagesOf(
  collection: AnyCollection,
  selector: MangoQuerySelector<Record<string, unknown>>,
  signal?: AbortSignal,
): AsyncGenerator<Array<Record<string, unknown>>> {
  signal?.throwIfAborted();
  const documents = (await collection.find({ selector }).exec())
    .map((document) => document.toJSON(false) as Record<string, unknown>)
    .sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1));
  for (let start = 0; start < documents.length; start += archivePageSize) {
    signal?.throwIfAborted();
    yield documents.slice(start, start + archivePageSize);
  }
}

/** Counts `userId`'s trips on this device (RxDB counts only over an index; trips have none on their owner). */
async function countTrips(db: AppDatabase, userId: string): Promise<number> {
  return (await db.trips.find({ selector: { userId: ownedBy(userId) } }).exec()).length;
}

/** The track chunks of `tripIds`, by trip, each trip's in order: one query for a page of trips. */
async function chunksByTrip(
  db: AppDatabase,
  tripIds: readonly string[],
): Promise<Map<string, TrackChunk[]>> {
  const chunks = (await db.trackChunks.find({ selector: { tripId: { $in: [...tripIds] } } }).exec())
    .map((chunk) => chunk.toJSON(false) as TrackChunk)
    .sort((a, b) => a.sequence - b.sequence);
  const byTrip = new Map<string, TrackChunk[]>();
  for (const chunk of chunks)
    byTrip.set(chunk.tripId, [...(byTrip.get(chunk.tripId) ?? []), chunk]);
  return byTrip;
}

/** The waypoints stored with `tripIds`, by trip, by name. */
async function waypointsByTrip(
  db: AppDatabase,
  tripIds: readonly string[],
): Promise<Map<string, Waypoint[]>> {
  const waypoints = (
    await db.waypoints.find({ selector: { tripId: { $in: [...tripIds] } } }).exec()
  )
    .map((waypoint) => waypoint.toJSON(false) as Waypoint)
    .sort((a, b) => a.name.localeCompare(b.name));
  const byTrip = new Map<string, Waypoint[]>();
  for (const waypoint of waypoints) {
    byTrip.set(waypoint.tripId!, [...(byTrip.get(waypoint.tripId!) ?? []), waypoint]);
  }
  return byTrip;
}

/** README.txt: what the archive is and, from the privacy entries, what each file holds. */
export function archiveReadme(options: {
  now: number;
  lastSyncedAt: number | null;
  username?: string;
  tripCount: number;
}): string {
  const made = new Date(options.now).toISOString();
  const synced =
    options.lastSyncedAt === null
      ? 'This device has not synced with the server since you signed in here, so data kept only on the server is not included.'
      : `This device last synced with the server at ${new Date(options.lastSyncedAt).toISOString()}; changes made elsewhere after that are not included.`;
  const lines = [
    'Natural State Trails: your data',
    '',
    `Made on this device at ${made}${options.username ? ` for ${options.username}` : ''}.`,
    'Everything this device holds for your account. ' + synced,
    '',
    'Each .json file is an array of your documents in one collection, as the app stores them.',
    '',
  ];
  for (const name of userSyncedCollections) {
    const policy = collectionPolicy[name];
    lines.push(`${name}.json`);
    lines.push(`  What it holds: ${policy.holds}`);
    lines.push(`  Where it is kept: ${policy.where}.`);
    lines.push(`  How long: ${policy.kept}`);
    lines.push('');
  }
  lines.push('photos/');
  lines.push(
    '  The photos your documents refer to (their "photos" lists) that are on this device, each named by its SHA-256 as in those lists: as the app stores and sends them, at most 1,600 px, without camera metadata. Photos taken on another device and never opened here are not included.',
  );
  lines.push('');
  lines.push('gpx/');
  lines.push(
    `  Each of your ${options.tripCount} trips as a GPX 1.1 file (its track points with elevation and time, and its waypoints), for other mapping apps.`,
  );
  lines.push('');
  return lines.join('\n');
}

/** A ZIP being written: files go in one at a time; the output is collected chunk by chunk. */
function zipWriter() {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else chunks.push(chunk as Uint8Array<ArrayBuffer>);
    if (final || error) finished();
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    /** Starts file `name`; push its parts with `write`, then `close`. */
    open(name: string) {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      return {
        write(text: string) {
          file.push(encoder.encode(text));
          check();
        },
        close(text = '') {
          file.push(encoder.encode(text), true);
          check();
        },
      };
    },
    /** Adds file `name` holding `bytes` as they are (photos are compressed already). */
    addBytes(name: string, bytes: Uint8Array) {
      const file = new ZipPassThrough(name);
      zip.add(file);
      file.push(bytes, true);
      check();
    },
    async finish(): Promise<Blob> {
      zip.end();
      await done;
      check();
      return new Blob(chunks, { type: 'application/zip' });
    },
    cancel() {
      zip.terminate();
    },
  };
}

/** Writes `pages` as one JSON array file; `seen` is called with every document written. */
async function writeJsonArray(
  file: { write(text: string): void; close(text?: string): void },
  pages: AsyncIterable<Array<Record<string, unknown>>>,
  seen?: (document: Record<string, unknown>) => void,
): Promise<void> {
  let first = true;
  file.write('[');
  for await (const page of pages) {
    for (const document of page) {
      seen?.(document);
      file.write(`${first ? '\n' : ',\n'}${JSON.stringify(document)}`);
      first = false;
    }
  }
  file.close(first ? ']' : '\n]\n');
}

/** A GPX file name not used yet in this archive (`name.gpx`, then `name-2.gpx`, …). */
function uniqueName(used: Set<string>, fileName: string): string {
  let candidate = fileName;
  for (let copy = 2; used.has(candidate); copy += 1) {
    candidate = fileName.replace(/\.gpx$/, `-${copy}.gpx`);
  }
  used.add(candidate);
  return candidate;
}

/** Adds to `hashes` the full photos `document` refers to (its `photos` list, schemas/photos.ts). */
function collectPhotoHashes(hashes: Set<string>, document: Record<string, unknown>): void {
  if (!Array.isArray(document.photos)) return;
  for (const photo of document.photos as Array<{ hash?: unknown }>) {
    if (typeof photo?.hash === 'string') hashes.add(photo.hash);
  }
}

/** Writes the photos of `hashes` this device holds as `photos/<hash>.<jpg|webp>`. */
async function writePhotos(
  writer: ReturnType<typeof zipWriter>,
  photos: PhotoDatabase,
  hashes: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<void> {
  for (const hash of [...hashes].sort()) {
    signal?.throwIfAborted();
    const photo = await photos.photos.get(hash);
    if (!photo) continue;
    const extension = photo.type === 'image/webp' ? 'webp' : 'jpg';
    writer.addBytes(`photos/${hash}.${extension}`, new Uint8Array(photo.data));
  }
}

/**
 * Writes `<collection>.json` for every rider collection but the track chunks; resolves to the
 * hashes of the photos those documents refer to.
 */
async function writeCollections(
  db: AppDatabase,
  userId: string,
  writer: ReturnType<typeof zipWriter>,
  signal?: AbortSignal,
): Promise<Set<string>> {
  const photoHashes = new Set<string>();
  for (const name of userSyncedCollections) {
    if (name === 'trackChunks') continue;
    await writeJsonArray(
      writer.open(`${name}.json`),
      pagesOf(collectionOf(db, name), ownerSelector(name, userId), signal),
      (document) => collectPhotoHashes(photoHashes, document),
    );
  }
  return photoHashes;
}

/**
 * Builds the archive of `userId`'s data on this device (see the file comment). Resolves to the
 * ZIP as a Blob; rejects with the signal's reason when aborted, or with RxDB's error when the
 * database is closed meanwhile.
 */
export async function buildAccountArchive(
  db: AppDatabase,
  userId: string,
  options: AccountArchiveOptions = {},
): Promise<Blob> {
  const { signal, onProgress } = options;
  const writer = zipWriter();
  const abort = () => writer.cancel();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    signal?.throwIfAborted();
    onProgress?.({ step: 'records' });
    const tripsTotal = await countTrips(db, userId);
    const readme = writer.open('README.txt');
    readme.close(
      archiveReadme({
        now: options.now ?? Date.now(),
        lastSyncedAt: options.lastSyncedAt ?? null,
        username: options.username,
        tripCount: tripsTotal,
      }),
    );
    const photoHashes = await writeCollections(db, userId, writer, signal);
    await writePhotos(writer, options.photoDatabase ?? appPhotoDatabase(), photoHashes, signal);

    // Track points a page of trips at a time: the chunks are the largest documents.
    const chunksFile = writer.open('trackChunks.json');
    let tripsDone = 0;
    onProgress?.({ step: 'tracks', tripsDone, tripsTotal });
    await writeJsonArray(
      chunksFile,
      (async function* () {
        for await (const trips of tripPages(db, userId, signal)) {
          const byTrip = await chunksByTrip(
            db,
            trips.map((trip) => trip.id as string),
          );
          for (const trip of trips) {
            signal?.throwIfAborted();
            yield (byTrip.get(trip.id as string) ?? []) as unknown as Array<
              Record<string, unknown>
            >;
            tripsDone += 1;
            onProgress?.({ step: 'tracks', tripsDone, tripsTotal });
          }
        }
      })(),
    );

    const used = new Set<string>();
    tripsDone = 0;
    onProgress?.({ step: 'gpx', tripsDone, tripsTotal });
    for await (const page of tripPages(db, userId, signal)) {
      const trips = page as unknown as Trip[];
      const ids = trips.map((trip) => trip.id);
      const [chunks, waypoints] = await Promise.all([
        chunksByTrip(db, ids),
        waypointsByTrip(db, ids),
      ]);
      for (const trip of trips) {
        signal?.throwIfAborted();
        const points = (chunks.get(trip.id) ?? []).flatMap((chunk) => chunk.points as TrackPoint[]);
        const { fileName, xml } = tripGpx(trip, points, waypoints.get(trip.id) ?? []);
        writer.open(`gpx/${uniqueName(used, fileName)}`).close(xml);
        tripsDone += 1;
        onProgress?.({ step: 'gpx', tripsDone, tripsTotal });
      }
      // Lets the page paint the progress between pages.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    signal?.throwIfAborted();
    return await writer.finish();
  } catch (error) {
    writer.cancel();
    throw error;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * Local documents that hold the rider's own data, removed with their account: every entry of
 * the privacy policy's `localDocumentPolicy` marked `removedWithAccount`. Settings of the device
 * itself (theme, outdoor mode, vibration) and public copies stay.
 */
export function accountLocalDocumentIds(): string[] {
  return localDocumentPolicy.filter((item) => item.removedWithAccount).map((item) => item.name);
}

/**
 * Removes from this device every document of `userId` (each rider collection's documents they
 * own or that wait on this device for their owner (`ownedBy`), the track chunks of those trips
 * and the trip context), the local documents that hold
 * the rider's data (`accountLocalDocumentIds`) and the device's photo store (`photoDatabase`);
 * catalogue collections and device settings stay.
 * The removed documents' tombstones are purged at once, so none of their data stays behind.
 * Resolves to how many documents were removed; rejects with RxDB's error when the database is
 * closed. Best called with the sync engine stopped, so no removal is pushed (the server answers
 * a pushed one 410 `account-deleted` and keeps nothing of it).
 *
 * Calls on one database run one after another: a device that deleted the account itself starts
 * two (the deletion dialog after the server's answer, and the sync engine answered 410
 * `account-deleted`), and two removals at once refuse each other's writes.
 */
export function removeAccountFromDevice(
  db: AppDatabase,
  userId: string,
  photoDatabase: PhotoDatabase = appPhotoDatabase(),
): Promise<number> {
  const previous = removalsRunning.get(db) ?? Promise.resolve(0);
  const next = previous
    .catch(() => 0)
    .then(() => removeAccountDocuments(db, userId, photoDatabase));
  removalsRunning.set(db, next);
  return next;
}

/** The last removal started on each database, which the next one waits for. */
const removalsRunning = new WeakMap<AppDatabase, Promise<number>>();

/** How often a page whose every removal was refused is read and removed again. */
const refusedRemovalRetries = 5;

async function removeAccountDocuments(
  db: AppDatabase,
  userId: string,
  photoDatabase: PhotoDatabase,
): Promise<number> {
  let removed = 0;
  const tripIds: string[] = [];
  for await (const trips of tripPages(db, userId)) {
    tripIds.push(...trips.map((trip) => trip.id as string));
  }
  for (let start = 0; start < tripIds.length; start += archivePageSize) {
    const page = tripIds.slice(start, start + archivePageSize);
    const chunks = await db.trackChunks.find({ selector: { tripId: { $in: page } } }).exec();
    removed += (await db.trackChunks.bulkRemove(chunks.map((chunk) => chunk.id))).success.length;
  }
  for (const name of userSyncedCollections) {
    if (name === 'trackChunks') continue;
    const collection = collectionOf(db, name);
    const selector = ownerSelector(name, userId);
    let refusedInARow = 0;
    for (;;) {
      const page = await collection.find({ selector, limit: archivePageSize }).exec();
      if (page.length === 0) break;
      const { success, error } = await collection.bulkRemove(
        page.map((document) => document.primary),
      );
      removed += success.length;
      if (success.length > 0) {
        refusedInARow = 0;
        continue;
      }
      // Refused because a pull wrote the documents meanwhile: read them again and retry, a few
      // times; a page refused over and over is a fault the rider must hear of.
      refusedInARow += 1;
      if (refusedInARow > refusedRemovalRetries) {
        throw new Error(`Could not remove ${name}: ${error[0]?.status ?? 'nothing removed'}`);
      }
    }
  }
  // The tombstones of removed documents still hold their data until purged.
  for (const name of userSyncedCollections) {
    await collectionOf(db, name).storageInstance.cleanup(0);
  }
  for (const id of accountLocalDocumentIds()) {
    const local = await db.getLocal(id);
    if (local) {
      await local.remove();
      removed += 1;
    }
  }
  // The device's photos: the rider's own, their uploads still queued, and photos they opened.
  await photoDatabase.transaction('rw', photoDatabase.photos, photoDatabase.uploads, async () => {
    await photoDatabase.photos.clear();
    await photoDatabase.uploads.clear();
  });
  return removed;
}
