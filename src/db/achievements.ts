/**
 * The rider's achievement progress on this device: gathers the rider's data (trips,
 * lesson records, waypoints, offline map regions, emergency contacts, trail submissions, group
 * rides, completed pre-ride checklists), computes each
 * catalogue achievement's progress (src/lib/achievements/progress.ts) and writes it as an
 * `achievementProgress` record (id `<owner>:achievementProgress:<achievementId>`, synced; the
 * merge keeps the highest progress and the earliest `earnedAt`). Progress never goes down and an achievement is never
 * un-earned. Works offline and for guests: a signed-out rider's progress is kept under
 * 'anonymous' (never pushed) and merged into the rider's rows on sign-in.
 */
import { statewideRegionId } from '../../schemas/map-catalog.ts';
import {
  combineLatest,
  debounceTime,
  distinctUntilChanged,
  filter,
  from,
  merge,
  of,
  startWith,
  switchMap,
  type Observable,
} from 'rxjs';
import type { Achievement } from '../../schemas/achievements.ts';
import type { MapRegion } from '../../schemas/map-regions.ts';
import {
  recordId,
  type AchievementProgressData,
  type RiderRecord,
  type SkillProgressData,
} from '../../schemas/records.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { Trip } from '../../schemas/trips.ts';
import { announceEarnedAchievements } from '../lib/achievements/earned-announcements.ts';
import {
  achievementProgress,
  type AchievementProgress,
  type RiderActivity,
} from '../lib/achievements/progress.ts';
import type { AppDatabase } from './database.ts';
import { mapRegionRepository, mapRegionsDocumentId } from './map-regions.ts';
import { countGroupRidesTakenPart, groupRidesDocumentId } from './group-rides.ts';
import { SAFETY_SETTING_KEYS } from './safety-settings.ts';
import { readLocalSetting, settingDocumentId } from './settings.ts';
import { LOCAL_USER_ID } from '../../schemas/identity.ts';

/** Map region states in which the archive is on the device (schemas/map-regions.ts). */
const ON_DEVICE: readonly MapRegion['status'][] = ['downloaded', 'update-available'];

/** Whose trips and waypoints count for `owner`: a signed-in rider's also include what they
 *  made on this device while signed out (the sync engine hands those over to them). */
function ownersOf(owner: string): string[] {
  return owner === LOCAL_USER_ID ? [LOCAL_USER_ID] : [owner, LOCAL_USER_ID];
}

/** Reads everything the achievements count for `owner` (a rider id or 'anonymous'). */
export async function readRiderActivity(db: AppDatabase, owner: string): Promise<RiderActivity> {
  const owners = ownersOf(owner);
  const [
    trips,
    trails,
    lessons,
    waypoints,
    regions,
    contacts,
    submissions,
    groupRides,
    preRideChecks,
  ] = await Promise.all([
    db.trips.find({ selector: { userId: { $in: owners } } }).exec(),
    db.trails.find().exec(),
    db.records.find({ selector: { userId: owner, kind: 'skillProgress' } }).exec(),
    db.waypoints.find({ selector: { ownerId: { $in: owners } } }).exec(),
    // The statewide map downloads by itself ("statewide first"): only regions the rider
    // chose to download count for Off the Grid.
    mapRegionRepository(db).list(),
    readLocalSetting<unknown>(db, SAFETY_SETTING_KEYS.contacts, []),
    // find, not count: RxDB refuses count queries its indexes cannot answer.
    db.records.find({ selector: { userId: owner, kind: 'trailSubmission' } }).exec(),
    owner === LOCAL_USER_ID ? null : countGroupRidesTakenPart(db, owner),
    db.records.find({ selector: { userId: owner, kind: 'preRideCheck' } }).exec(),
  ]);
  return {
    trips: trips.map((document) => document.toJSON() as Trip),
    trailRegions: new Map(trails.map((trail) => [trail.id, (trail.toJSON() as Trail).region])),
    skillsModulesCompleted: lessons.filter(
      (record) => (record.toJSON().data as SkillProgressData).completedAt !== null,
    ).length,
    waypointsCreated: waypoints.length,
    offlineRegionsDownloaded: regions.filter(
      (region) => ON_DEVICE.includes(region.status) && region.id !== statewideRegionId,
    ).length,
    emergencyContacts: Array.isArray(contacts) ? contacts.length : 0,
    trailsSubmitted: submissions.length,
    groupRidesJoined: groupRides,
    preRideChecksCompleted: preRideChecks.length,
  };
}

async function readCatalogue(db: AppDatabase): Promise<Achievement[]> {
  const documents = await db.achievements.find({ sort: [{ sortOrder: 'asc' }] }).exec();
  return documents.map((document) => document.toJSON() as Achievement);
}

/** One achievement's stored progress: the record's data and its last edit time (epoch ms). */
type StoredAchievement = AchievementProgressData & { updatedAt: number };

/** `owner`'s `achievementProgress` records, by achievement id. */
async function readStored(db: AppDatabase, owner: string): Promise<Map<string, StoredAchievement>> {
  const documents = await db.records
    .find({ selector: { userId: owner, kind: 'achievementProgress' } })
    .exec();
  return new Map(
    documents.map((document) => {
      const data = document.data as AchievementProgressData;
      return [data.achievementId, { ...data, updatedAt: document.updatedAt }];
    }),
  );
}

/** Upserts `owner`'s progress record of `data.achievementId`, edited strictly after `previous`. */
async function writeAchievementRecord(
  db: AppDatabase,
  owner: string,
  data: AchievementProgressData,
  previous: { updatedAt: number } | undefined,
  now: number,
): Promise<void> {
  const id = recordId(owner, 'achievementProgress', data.achievementId);
  const existing = await db.records.findOne(id).exec();
  await db.records.upsert({
    id,
    userId: owner,
    kind: 'achievementProgress',
    data,
    status: 'pending',
    createdAt: existing?.createdAt ?? now,
    // Strictly later than the stored copy, so the sync merge sees this as the newer edit.
    updatedAt: Math.max(now, (previous?.updatedAt ?? existing?.updatedAt ?? 0) + 1),
  } satisfies RiderRecord);
}

/** Writes one achievement's progress when it changed; resolves true when it was just earned. */
async function writeProgress(
  db: AppDatabase,
  owner: string,
  progress: AchievementProgress,
  existing: StoredAchievement | undefined,
  now: number,
): Promise<boolean> {
  if (progress.value === null) return false;
  const earnedAt = existing?.earnedAt ?? (progress.earned ? now : null);
  if (existing && existing.progress === progress.value && existing.earnedAt === earnedAt) {
    return false;
  }
  await writeAchievementRecord(
    db,
    owner,
    { achievementId: progress.achievement.id, progress: progress.value, earnedAt },
    existing,
    now,
  );
  return (existing?.earnedAt ?? null) === null && earnedAt !== null;
}

/** Writes `owner`'s progress now and adds each newly earned achievement to `earned`. */
async function evaluateNow(
  db: AppDatabase,
  owner: string,
  now: number,
  earned: Achievement[],
): Promise<void> {
  // Just signed in: what the guest earned is the rider's first, so it is not earned (and
  // announced) a second time with a later date.
  await handOverGuestProgress(db, owner, now);
  const [catalogue, activity, stored] = await Promise.all([
    readCatalogue(db),
    readRiderActivity(db, owner),
    readStored(db, owner),
  ]);
  for (const achievement of catalogue) {
    const existing = stored.get(achievement.id);
    const progress = achievementProgress(achievement, activity, existing);
    if (await writeProgress(db, owner, progress, existing, now)) earned.push(achievement);
  }
}

/** Whether `error` is RxDB's write conflict (the document changed since it was read). */
function isWriteConflict(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'CONFLICT';
}

/**
 * `evaluateNow`, run again (up to three times) when a progress write meets a conflict: another
 * writer (the sync pull, the adoption of a signed-out rider's progress) changed a document after
 * it was read, and a fresh read decides again. Without this the achievement would wait for the
 * rider's next change of data to be earned.
 */
async function evaluateRetryingConflicts(
  db: AppDatabase,
  owner: string,
  now: number,
  earned: Achievement[],
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await evaluateNow(db, owner, now, earned);
      return;
    } catch (error) {
      if (!isWriteConflict(error) || attempt >= 3) throw error;
    }
  }
}

// One writer of achievement progress at a time per database: two overlapping evaluations would
// both see an achievement unearned and announce it twice, and a guest's progress handed over by
// two runs at once (the sync engine's at sign-in, the watcher's evaluation) met write conflicts
// until the evaluation gave up.
const queues = new WeakMap<AppDatabase, Promise<unknown>>();

/** Runs `task` once every achievement write queued on `db` before it has settled. */
function afterQueuedAchievementWrites<T>(db: AppDatabase, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(task);
  queues.set(db, run);
  return run;
}

/**
 * Brings every tracked achievement of `owner` up to date with the rider's data, announces the
 * newly earned ones (src/lib/achievements/earned-announcements.ts) and resolves with them.
 * Untracked metrics are left unwritten. Rejects with a storage error that three attempts did not
 * get past; what was stored as earned before it is announced all the same (the next run would
 * find it earned and never announce it).
 */
export function evaluateAchievements(
  db: AppDatabase,
  owner: string,
  now: number = Date.now(),
): Promise<Achievement[]> {
  // Kept across attempts: what an attempt earned before its conflict is stored as earned, and
  // the next attempt would not see it as new.
  const earned: Achievement[] = [];
  return afterQueuedAchievementWrites(db, () =>
    evaluateRetryingConflicts(db, owner, now, earned).finally(() =>
      announceEarnedAchievements(earned),
    ),
  ).then(() => earned);
}

/** Emits whenever data the achievements count (or the catalogue, or stored progress) changes. */
function riderDataChanges(db: AppDatabase): Observable<unknown> {
  return merge(
    db.trips.$,
    db.records.$,
    db.waypoints.$,
    db.getLocal$(mapRegionsDocumentId),
    db.achievements.$,
    db.getLocal$(settingDocumentId(SAFETY_SETTING_KEYS.contacts)),
    db.getLocal$(groupRidesDocumentId),
  );
}

/**
 * Evaluates `owner`'s achievements now and after every change of the rider's data (a saved
 * trip, a finished lesson, a new waypoint, a downloaded region, a contact), offline too.
 * `settled$` (default: always) holds evaluations while it says false: while a sync is bringing
 * the rider's data, their trips can arrive before the progress records another device wrote,
 * and an evaluation in between would earn, and announce, an achievement the rider earned long
 * ago. Returns the function that stops watching. Failures go to `onError`.
 */
export function watchAchievements(
  db: AppDatabase,
  owner: string,
  onError: (error: unknown) => void,
  settled$: Observable<boolean> = of(true),
): () => void {
  const subscription = combineLatest([
    riderDataChanges(db).pipe(startWith(null)),
    settled$.pipe(distinctUntilChanged()),
  ])
    .pipe(
      filter(([, settled]) => settled),
      debounceTime(250),
    )
    .subscribe(() => {
      evaluateAchievements(db, owner).catch(onError);
    });
  return () => subscription.unsubscribe();
}

/** One achievement as the page lists it: its progress and when it was earned (epoch ms). */
export interface AchievementStanding extends AchievementProgress {
  earnedAt: number | null;
}

/** Every catalogue achievement with `owner`'s progress, in catalogue order. */
export async function readAchievementStandings(
  db: AppDatabase,
  owner: string,
): Promise<AchievementStanding[]> {
  const [catalogue, activity, stored] = await Promise.all([
    readCatalogue(db),
    readRiderActivity(db, owner),
    readStored(db, owner),
  ]);
  return catalogue.map((achievement) => {
    const existing = stored.get(achievement.id);
    return {
      ...achievementProgress(achievement, activity, existing),
      earnedAt: existing?.earnedAt ?? null,
    };
  });
}

/** `readAchievementStandings`, again after every change of the data it reads. */
export function observeAchievementStandings(
  db: AppDatabase,
  owner: string,
): Observable<AchievementStanding[]> {
  return riderDataChanges(db).pipe(
    startWith(null),
    debounceTime(50),
    switchMap(() => from(readAchievementStandings(db, owner))),
  );
}

/**
 * Hands what a signed-out rider earned on this device to `userId`, who just signed in: each
 * 'anonymous' progress record merges into the rider's (highest progress, earliest `earnedAt`,
 * as the sync merge does) and is removed. Safe to run again. Waits for any evaluation under
 * way, which may be handing the same records over. Resolves with how many records it handed over.
 */
export function adoptAnonymousAchievements(
  db: AppDatabase,
  userId: string,
  now: number = Date.now(),
): Promise<number> {
  return afterQueuedAchievementWrites(db, () => handOverGuestProgress(db, userId, now));
}

/** `adoptAnonymousAchievements` for a caller already first in the queue (an evaluation). */
async function handOverGuestProgress(
  db: AppDatabase,
  userId: string,
  now: number,
): Promise<number> {
  if (userId === LOCAL_USER_ID) return 0;
  const anonymous = await db.records
    .find({ selector: { userId: LOCAL_USER_ID, kind: 'achievementProgress' } })
    .exec();
  const mine = await readStored(db, userId);
  for (const document of anonymous) {
    const guest = document.data as AchievementProgressData;
    const own = mine.get(guest.achievementId);
    const times = [own?.earnedAt, guest.earnedAt].filter(
      (time): time is number => typeof time === 'number',
    );
    await writeAchievementRecord(
      db,
      userId,
      {
        achievementId: guest.achievementId,
        progress: Math.max(own?.progress ?? 0, guest.progress),
        earnedAt: times.length > 0 ? Math.min(...times) : null,
      },
      own,
      now,
    );
    await document.remove();
  }
  return anonymous.length;
}
