// Storage conformance, the public catalogue and what riders add to it: catalog.ts, the
// catalogue half of user-documents.ts (pullCatalogueDocuments, latestCatalogueCheckpoint),
// campground-ratings.ts and trail-submissions.ts give the same observable results on SQLite and
// PostgreSQL: documents stored and read back, (time, id) order and checkpoints, tombstones,
// ratings recomputed after the catalogue's newest time, and a submission reviewed once even
// when two admins decide at the same moment. One seeded database per engine for the file;
// tests that change the catalogue use campgrounds, submissions and collections of their own.
//
// keepServerReview is a pure helper (it only rewrites a pushed document) and stays with the
// route and unit suites.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampgroundReview } from '../../../schemas/campground-reviews.ts';
import type { Campground } from '../../../schemas/campgrounds.ts';
import type { PulledCatalogueCollection, SyncCheckpoint } from '../../../schemas/sync-protocol.ts';
import {
  riderTrailId,
  unreviewed,
  type TrailSubmissionData,
} from '../../../schemas/trail-submissions.ts';
import type { TrailPlaceLookup } from '../../../datasets/trail-place.ts';
import type { SeededCollection } from '../../../sync-server/seed/seed-documents.ts';
import {
  findReview,
  isReviewHidden,
  listCampgroundReviews,
  recomputeCampgroundRatings,
  setReviewHidden,
} from '../../../sync-server/storage/campground-ratings.ts';
import {
  countLiveDocuments,
  getPublicDocument,
  listPublicDocuments,
} from '../../../sync-server/storage/catalog.ts';
import {
  listTrailSubmissions,
  reviewTrailSubmission,
} from '../../../sync-server/storage/trail-submissions.ts';
import {
  latestCatalogueCheckpoint,
  pullCatalogueDocuments,
  pullUserDocuments,
  pushUserDocuments,
} from '../../../sync-server/storage/user-documents.ts';
import type { UserRow } from '../../../sync-server/storage/users.ts';
import {
  createRider,
  openConformanceDatabase,
  storageEngines,
  uniqueId,
  type ConformanceDatabase,
} from './storage-databases.ts';

/** Every document of a pull, parsed. */
const parsed = <T>(documentsJson: string[]) => documentsJson.map((json) => JSON.parse(json) as T);

describe.each(storageEngines)('on %s', (engine) => {
  let database: ConformanceDatabase;
  beforeAll(async () => {
    database = await openConformanceDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Stores public documents of a collection of the test's own, straight into the table. */
  async function storePublic(
    collection: string,
    rows: { id: string; updatedAt: number; deleted?: boolean; ownerId?: string }[],
  ): Promise<void> {
    await database.db
      .insertInto('documents')
      .values(
        rows.map((row) => ({
          collection,
          id: row.id,
          owner_id: row.ownerId ?? null,
          data: JSON.stringify({ id: row.id, updatedAt: row.updatedAt }),
          updated_at: row.updatedAt,
          deleted: row.deleted ? 1 : 0,
        })),
      )
      .execute();
  }

  describe('catalog', () => {
    it('lists the seeded catalogue by id and answers each document as stored', async () => {
      const { db } = database;
      const trails = await listPublicDocuments(db, 'trails');
      expect(trails).toHaveLength(246);
      const ids = trails.map((json) => (JSON.parse(json) as { id: string }).id);
      // Ordered by id, byte by byte, on both engines.
      expect(ids).toEqual([...ids].sort());
      expect(await listPublicDocuments(db, 'wmas')).toHaveLength(33);
      expect(await getPublicDocument(db, 'trails', ids[7]!)).toBe(trails[7]);
      expect(await getPublicDocument(db, 'trails', 'no-such-trail')).toBeNull();
      // An id of another collection is not found in this one.
      expect(await getPublicDocument(db, 'wmas', ids[7]!)).toBeNull();
      const counts = await countLiveDocuments(db);
      expect(counts).toMatchObject({ trails: 246, wmas: 33 });
      for (const count of Object.values(counts)) expect(typeof count).toBe('number');
    });

    it('leaves tombstones and owned documents out of lists and look-ups; counts every owner', async () => {
      const { db } = database;
      const collection = uniqueId('catalogue') as SeededCollection;
      await storePublic(collection, [
        { id: 'live-b', updatedAt: 1 },
        { id: 'live-a', updatedAt: 2 },
        { id: 'gone', updatedAt: 3, deleted: true },
        { id: 'owned', updatedAt: 4, ownerId: 'rider-1' },
      ]);
      const listed = parsed<{ id: string }>(await listPublicDocuments(db, collection));
      expect(listed.map((document) => document.id)).toEqual(['live-a', 'live-b']);
      expect(await getPublicDocument(db, collection, 'gone')).toBeNull();
      expect(await getPublicDocument(db, collection, 'owned')).toBeNull();
      expect(await getPublicDocument(db, collection, 'live-b')).toBe(
        '{"id":"live-b","updatedAt":1}',
      );
      expect((await countLiveDocuments(db))[collection]).toBe(3);
    });
  });

  describe('pullCatalogueDocuments and latestCatalogueCheckpoint', () => {
    it('pages by (seed time, id), tombstones included, owned documents not', async () => {
      const { db } = database;
      const collection = uniqueId('catalogue') as PulledCatalogueCollection;
      expect(await latestCatalogueCheckpoint(db, collection)).toBeNull();
      expect(await pullCatalogueDocuments(db, collection, null, 10)).toEqual({
        documentsJson: [],
        checkpoint: null,
      });
      const time = Date.UTC(2031, 0, 1);
      await storePublic(collection, [
        { id: 'b', updatedAt: time },
        { id: 'a-c', updatedAt: time },
        { id: 'ab', updatedAt: time },
        { id: 'Z', updatedAt: time + 1 },
        { id: 'gone', updatedAt: time - 1, deleted: true },
        { id: 'owned', updatedAt: time + 2, ownerId: 'rider-1' },
      ]);
      const seen: { id: string; _deleted: boolean }[] = [];
      let checkpoint: SyncCheckpoint | null = null;
      for (let page = 0; page < 5; page += 1) {
        const pulled = await pullCatalogueDocuments(db, collection, checkpoint, 2);
        seen.push(...parsed<{ id: string; _deleted: boolean }>(pulled.documentsJson));
        checkpoint = pulled.checkpoint;
        if (pulled.documentsJson.length < 2) break;
      }
      expect(seen.map(({ id, _deleted }) => ({ id, _deleted }))).toEqual([
        { id: 'gone', _deleted: true },
        { id: 'a-c', _deleted: false },
        { id: 'ab', _deleted: false },
        { id: 'b', _deleted: false },
        { id: 'Z', _deleted: false },
      ]);
      expect(checkpoint).toEqual({ id: 'Z', serverTime: time + 1 });
      expect(await latestCatalogueCheckpoint(db, collection)).toEqual(checkpoint);
      expect(await pullCatalogueDocuments(db, collection, checkpoint, 2)).toEqual({
        documentsJson: [],
        checkpoint,
      });
    });

    it('pulls the whole seeded catalogue page by page up to its latest checkpoint', async () => {
      const { db } = database;
      let checkpoint: SyncCheckpoint | null = null;
      let pulled = 0;
      for (;;) {
        const batch = await pullCatalogueDocuments(db, 'wmas', checkpoint, 10);
        if (batch.documentsJson.length === 0) break;
        pulled += batch.documentsJson.length;
        checkpoint = batch.checkpoint;
      }
      expect(pulled).toBe(33);
      expect(await latestCatalogueCheckpoint(db, 'wmas')).toEqual(checkpoint);
      expect(typeof checkpoint?.serverTime).toBe('number');
    });
  });

  describe('campground ratings', () => {
    let campgrounds: Campground[];
    let nextCampground = 0;
    beforeAll(async () => {
      campgrounds = parsed<Campground>(await listPublicDocuments(database.db, 'campgrounds'));
    });
    /** A seeded campground no other test of the file reviews. */
    const ownCampground = () => campgrounds[nextCampground++]!;

    const review = (
      rider: UserRow,
      campgroundId: string,
      overall: number,
      updatedAt: number,
    ): CampgroundReview & { _deleted: boolean } => ({
      id: `${rider.id}:${campgroundId}`,
      userId: rider.id,
      campgroundId,
      overall,
      cleanliness: 4,
      facilities: 3,
      location: 5,
      value: overall,
      text: `Stayed in ${updatedAt}`,
      status: 'synced',
      createdAt: updatedAt,
      updatedAt,
      _deleted: false,
    });

    const storeReview = (rider: UserRow, document: CampgroundReview & { _deleted: boolean }) =>
      pushUserDocuments(
        database.db,
        database.kind,
        rider.id,
        'campgroundReviews',
        [{ newDocumentState: document }],
        { checkForeignIds: true },
      );

    it('lists live reviews newest first with usernames and hidden flags', async () => {
      const { db } = database;
      const campground = ownCampground();
      const [early, late, gone] = await Promise.all(
        ['Early', 'Late', 'Gone'].map((name) => createRider(database, name)),
      );
      await storeReview(early!, review(early!, campground.id, 3, 1_000));
      await storeReview(late!, review(late!, campground.id, 5, 2_000));
      await storeReview(gone!, { ...review(gone!, campground.id, 1, 3_000), _deleted: true });
      const lateId = `${late!.id}:${campground.id}`;
      expect(await isReviewHidden(db, lateId)).toBe(false);
      await setReviewHidden(db, lateId, true);
      expect(await isReviewHidden(db, lateId)).toBe(true);

      const listed = await listCampgroundReviews(db, campground.id);
      expect(
        listed.map((entry) => ({
          username: entry.username,
          hidden: entry.hidden,
          overall: entry.review.overall,
        })),
      ).toEqual([
        { username: late!.username, hidden: true, overall: 5 },
        { username: early!.username, hidden: false, overall: 3 },
      ]);
      const { _deleted: _flag, ...stored } = review(early!, campground.id, 3, 1_000);
      expect(listed[1]!.review).toEqual(stored);
      expect(await findReview(db, `${early!.id}:${campground.id}`)).toEqual(stored);
      expect(await findReview(db, `${gone!.id}:${campground.id}`)).toBeNull();
      expect(await findReview(db, uniqueId('no-such-review'))).toBeNull();
      await setReviewHidden(db, lateId, false);
      expect(await isReviewHidden(db, lateId)).toBe(false);
    });

    // A backslash-escaped LIKE pattern needs an explicit ESCAPE clause on SQLite.
    it('lists the reviews of a campground whose id holds LIKE wildcards, and only those', async () => {
      const { db } = database;
      // A campground id with `_` and `%`, and one the unescaped pattern would also match.
      const wild = uniqueId('camp_50%');
      const lookalike = wild.replace('_', 'x').replace('%', 'yy');
      await storePublic('campgrounds', [
        { id: wild, updatedAt: 1 },
        { id: lookalike, updatedAt: 1 },
      ]);
      const rider = await createRider(database, 'Wild');
      await storeReview(rider, review(rider, wild, 4, 1_000));
      await storeReview(rider, review(rider, lookalike, 2, 1_000));
      const listed = await listCampgroundReviews(db, wild);
      expect(listed.map((entry) => entry.review.campgroundId)).toEqual([wild]);
    });

    it('recomputes ratings from visible reviews after every catalogue time, once per change', async () => {
      const { db } = database;
      const campground = ownCampground();
      const untouched = ownCampground();
      const [first, second] = await Promise.all(
        ['First', 'Second'].map((name) => createRider(database, name)),
      );
      await storeReview(first!, review(first!, campground.id, 5, 1_000));
      await storeReview(second!, review(second!, campground.id, 2, 2_000));
      const before = await latestCatalogueCheckpoint(db, 'campgrounds');
      const now = 1_000;
      expect(
        await recomputeCampgroundRatings(
          db,
          [campground.id, campground.id, 'no-such-campground'],
          now,
        ),
      ).toBe(1);
      const stored = JSON.parse((await getPublicDocument(db, 'campgrounds', campground.id))!);
      expect(stored.ratings).toEqual({
        overall: 3.5,
        cleanliness: 4,
        facilities: 3,
        location: 5,
        value: 3.5,
        reviewsCount: 2,
      });
      // The catalogue's clock moves past its newest document, even with `now` in the past, so
      // a pull from the old checkpoint brings the new rating.
      expect(stored.updatedAt).toBe(before!.serverTime + 1);
      const pulled = await pullCatalogueDocuments(db, 'campgrounds', before, 10);
      expect(parsed<Campground>(pulled.documentsJson).map((document) => document.id)).toEqual([
        campground.id,
      ]);
      expect(pulled.checkpoint).toEqual({ id: campground.id, serverTime: stored.updatedAt });
      // Nothing changed: nothing is written.
      expect(await recomputeCampgroundRatings(db, [campground.id, untouched.id], now)).toBe(0);

      await setReviewHidden(db, `${second!.id}:${campground.id}`, true);
      expect(await recomputeCampgroundRatings(db, [campground.id], now)).toBe(1);
      const hiddenOne = JSON.parse((await getPublicDocument(db, 'campgrounds', campground.id))!);
      expect(hiddenOne.ratings).toMatchObject({ overall: 5, reviewsCount: 1 });
      expect(hiddenOne.updatedAt).toBe(stored.updatedAt + 1);
    });
  });

  describe('trail submissions', () => {
    const lookup: TrailPlaceLookup = (longitude) =>
      longitude < -95 ? null : { county: 'Newton', region: 'Ozarks' };
    const line: [number, number][] = [
      [-93.2, 36.0],
      [-93.199, 36.001],
      [-93.198, 36.0015],
    ];

    /** Stores a submission record of `rider` as the push route would; returns its id. */
    async function submit(
      rider: UserRow,
      name: string,
      submittedAt: number,
      changes: Partial<TrailSubmissionData> = {},
    ): Promise<string> {
      const submissionId = uniqueId('sub');
      const id = `${rider.id}:trailSubmission:${submissionId}`;
      const data: TrailSubmissionData = {
        submissionId,
        name,
        activities: ['atv', 'utv'],
        difficulty: 'moderate',
        season: null,
        notes: 'Gate at the county road.',
        origin: 'drawn',
        line,
        lengthMiles: 0.1,
        submittedAt,
        review: unreviewed,
        ...changes,
      };
      const record = {
        id,
        userId: rider.id,
        kind: 'trailSubmission',
        data,
        status: 'synced',
        updatedAt: submittedAt,
        _deleted: false,
      };
      await pushUserDocuments(
        database.db,
        database.kind,
        rider.id,
        'records',
        [{ newDocumentState: record }],
        { checkForeignIds: true, now: submittedAt },
      );
      return id;
    }

    /** The rider's stored record `id`, as their device would pull it. */
    async function pulledRecord(rider: UserRow, id: string) {
      const pulled = await pullUserDocuments(database.db, rider.id, 'records', null, 100);
      return parsed<{ id: string; data: TrailSubmissionData; updatedAt: number }>(
        pulled.documentsJson,
      ).find((document) => document.id === id);
    }

    it('lists waiting submissions oldest first, then reviewed ones newest review first', async () => {
      const { db, kind } = database;
      const rider = await createRider(database, 'Submitter');
      const newer = await submit(rider, 'Newer Loop', 3_000);
      const older = await submit(rider, 'Older Loop', 1_000);
      const reviewedEarly = await submit(rider, 'Reviewed Early', 500);
      const reviewedLate = await submit(rider, 'Reviewed Late', 600);
      const withdrawn = await submit(rider, 'Withdrawn', 700);
      await pushUserDocuments(
        db,
        kind,
        rider.id,
        'records',
        [
          {
            newDocumentState: { id: `${rider.id}:gameBest`, kind: 'gameBest', _deleted: false },
          },
        ],
        { checkForeignIds: true },
      );
      const master = await pulledRecord(rider, withdrawn);
      await pushUserDocuments(
        db,
        kind,
        rider.id,
        'records',
        [
          {
            assumedMasterState: { ...master!, _deleted: false },
            newDocumentState: { ...master!, _deleted: true },
          },
        ],
        { checkForeignIds: true },
      );
      const reject = { decision: 'reject' as const, reason: 'Private land.' };
      await reviewTrailSubmission(db, kind, reviewedLate, reject, lookup, 20_000);
      await reviewTrailSubmission(db, kind, reviewedEarly, reject, lookup, 10_000);

      const mine = (await listTrailSubmissions(db)).filter((entry) =>
        entry.id.startsWith(`${rider.id}:`),
      );
      expect(mine.map((entry) => [entry.id, entry.submittedBy])).toEqual(
        [older, newer, reviewedLate, reviewedEarly].map((id) => [id, rider.username]),
      );
      expect(mine[0]!.data).toMatchObject({ name: 'Older Loop', line, review: unreviewed });
    });

    it('publishes an approved trail after every other trail and writes the review to the record', async () => {
      const { db, kind } = database;
      const rider = await createRider(database, 'Approved');
      const id = await submit(rider, 'Cave Creek Bench', 1_000);
      const trailsBefore = await latestCatalogueCheckpoint(db, 'trails');
      const now = 2_000;
      const outcome = await reviewTrailSubmission(
        db,
        kind,
        id,
        { decision: 'approve', edits: { name: 'Cave Creek Bench Loop' } },
        lookup,
        now,
      );
      if (!('submission' in outcome)) throw new Error(`refused: ${outcome.message}`);
      const submissionId = id.split(':').at(-1)!;
      expect(outcome.ownerId).toBe(rider.id);
      expect(outcome.trail).toMatchObject({
        id: riderTrailId(submissionId),
        name: 'Cave Creek Bench Loop',
        county: 'Newton',
        region: 'Ozarks',
        path: line,
        updatedAt: trailsBefore!.serverTime + 1,
      });
      const published = JSON.parse((await getPublicDocument(db, 'trails', outcome.trail!.id))!);
      expect(published).toEqual(outcome.trail);
      expect(await latestCatalogueCheckpoint(db, 'trails')).toEqual({
        id: outcome.trail!.id,
        serverTime: trailsBefore!.serverTime + 1,
      });
      const record = await pulledRecord(rider, id);
      expect(record?.data.review).toEqual({
        status: 'approved',
        reviewedAt: now,
        reason: null,
        trailId: outcome.trail!.id,
      });
      expect(record?.data.name).toBe('Cave Creek Bench Loop');
      expect(record?.updatedAt).toBe(now);

      // Each submission is reviewed once.
      expect(
        await reviewTrailSubmission(db, kind, id, { decision: 'approve' }, lookup, now + 1),
      ).toMatchObject({ refused: 409 });
    });

    it('refuses unknown ids, rejections without a reason and lines outside Arkansas, writing nothing', async () => {
      const { db, kind } = database;
      const rider = await createRider(database, 'Refused');
      const outside = await submit(rider, 'Far Away', 1_000, {
        line: [
          [-100, 36],
          [-100.001, 36],
        ],
      });
      const before = await pullUserDocuments(db, rider.id, 'records', null, 10);
      const trailsBefore = await latestCatalogueCheckpoint(db, 'trails');
      expect(
        await reviewTrailSubmission(db, kind, outside, { decision: 'approve' }, lookup, 2_000),
      ).toMatchObject({ refused: 400 });
      expect(
        await reviewTrailSubmission(
          db,
          kind,
          outside,
          { decision: 'reject', reason: '  ' },
          lookup,
          2_000,
        ),
      ).toMatchObject({ refused: 400 });
      expect(
        await reviewTrailSubmission(
          db,
          kind,
          `${rider.id}:trailSubmission:nothing`,
          { decision: 'approve' },
          lookup,
          2_000,
        ),
      ).toMatchObject({ refused: 404 });
      expect(await pullUserDocuments(db, rider.id, 'records', null, 10)).toEqual(before);
      expect(await latestCatalogueCheckpoint(db, 'trails')).toEqual(trailsBefore);

      const rejected = await reviewTrailSubmission(
        db,
        kind,
        outside,
        { decision: 'reject', reason: ' Not in Arkansas. ' },
        lookup,
        3_000,
      );
      expect(rejected).toMatchObject({ trail: null, submission: { id: outside } });
      expect((await pulledRecord(rider, outside))?.data.review).toEqual({
        status: 'rejected',
        reviewedAt: 3_000,
        reason: 'Not in Arkansas.',
        trailId: null,
      });
      expect(await latestCatalogueCheckpoint(db, 'trails')).toEqual(trailsBefore);
    });

    it('applies one of two reviews decided at the same moment and refuses the other', async () => {
      const { db, kind } = database;
      const rider = await createRider(database, 'Contested');
      const id = await submit(rider, 'Contested Ridge', 1_000);
      const submissionId = id.split(':').at(-1)!;
      const outcomes = await Promise.all([
        reviewTrailSubmission(db, kind, id, { decision: 'approve' }, lookup, 2_000),
        reviewTrailSubmission(
          db,
          kind,
          id,
          { decision: 'reject', reason: 'Duplicate.' },
          lookup,
          2_000,
        ),
      ]);
      const applied = outcomes.filter((outcome) => 'submission' in outcome);
      expect(applied).toHaveLength(1);
      expect(outcomes.find((outcome) => 'refused' in outcome)).toMatchObject({ refused: 409 });
      // What is stored is the winner's decision, whole: a trail exactly when it approved.
      const review = (await pulledRecord(rider, id))?.data.review;
      const trail = await getPublicDocument(db, 'trails', riderTrailId(submissionId));
      expect(review?.status === 'approved').toBe(trail !== null);
      expect(review?.status).not.toBe('submitted');
    });
  });
});
