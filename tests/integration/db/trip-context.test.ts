import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { tripContextKey } from '../../../schemas/trip-context.ts';
import type { TripContext } from '../../../schemas/trip-context.ts';
import type { AppDatabase } from '../../../src/db/database.ts';
import {
  createTripContextPersister,
  getTripContextPersister,
  isQuotaExceededError,
  recordRecommendations,
  updateNavigationContext,
  type TripContextPersister,
  type TripContextWriteError,
} from '../../../src/db/trip-context.ts';
import { observeStoredTripContext, readTripContext } from '../../support/stored-trip-context.ts';
import {
  applyRecommendations,
  emptyTripContext,
  setNavigationContext,
} from '../../../src/lib/trip-context/trip-context-rules.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;
const persisters: TripContextPersister[] = [];
afterEach(async () => {
  await Promise.all(persisters.splice(0).map((persister) => persister.close()));
  await db?.remove();
  db = null;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const trail = (id: string) => ({ id, name: `Trail ${id}` });

/** A page with pagehide / visibilitychange that tests can fire. */
function fakePage() {
  const windowTarget = new EventTarget();
  const documentTarget = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  return {
    page: { window: windowTarget as Window, document: documentTarget as unknown as Document },
    hide() {
      documentTarget.visibilityState = 'hidden';
      documentTarget.dispatchEvent(new Event('visibilitychange'));
    },
    pagehide() {
      windowTarget.dispatchEvent(new Event('pagehide'));
    },
  };
}

function persisterFor(
  database: AppDatabase,
  options: Parameters<typeof createTripContextPersister>[1] = {},
): TripContextPersister {
  const persister = createTripContextPersister(database, { page: fakePage().page, ...options });
  persisters.push(persister);
  return persister;
}

async function storedRevisionHeight(database: AppDatabase): Promise<number> {
  const document = await database.tripContext.findOne(tripContextKey).exec();
  return document ? Number.parseInt(document.revision.split('-')[0]!, 10) : 0;
}

/** Writes the document as a pull from the server would: straight into the collection. */
async function writeFromOutside(database: AppDatabase, context: TripContext): Promise<void> {
  await database.tripContext.upsert(context);
}

describe('stored trip context', () => {
  it('reads null and observes the document once written', async () => {
    db = await openTestDatabase();
    expect(await readTripContext(db)).toBeNull();
    const stored = applyRecommendations(emptyTripContext(1), [trail('a')], 5);
    const next = firstValueFrom(observeStoredTripContext(db).pipe(filter(Boolean)));
    await writeFromOutside(db, stored);
    expect(await next).toEqual(stored);
    expect(await readTripContext(db)).toEqual(stored);
  });
});

describe('trip context persister (core-platform §4, §9: 1 s after any change)', () => {
  it('starts from the empty context when nothing is stored', async () => {
    db = await openTestDatabase();
    const persister = persisterFor(db);
    expect(await firstValueFrom(persister.context$)).toEqual(emptyTripContext());
  });

  it('shows a change at once and stores it 1 s after the last change, in one write', async () => {
    db = await openTestDatabase();
    const persister = persisterFor(db);
    await firstValueFrom(persister.context$);

    persister.change((context) => applyRecommendations(context, [trail('a')], 1000));
    await sleep(400);
    persister.change((context) => applyRecommendations(context, [trail('b')], 1400));
    expect(persister.get().recentRecommendedTrails.map((item) => item.id)).toEqual(['b', 'a']);
    expect(persister.pendingChanges()).toBe(2);

    await sleep(700); // 1.1 s after the first change, 0.7 s after the last: not yet
    expect(await readTripContext(db)).toBeNull();

    await sleep(600); // 1.3 s after the last change
    const stored = await readTripContext(db);
    expect(stored?.recentRecommendedTrails.map((item) => item.id)).toEqual(['b', 'a']);
    expect(stored?.tripPlannerHistory).toHaveLength(2);
    expect(await storedRevisionHeight(db)).toBe(1);
    expect(persister.pendingChanges()).toBe(0);
    expect(persister.get()).toEqual(stored);
  });

  it('follows the stored document when it changes from outside (a pull)', async () => {
    db = await openTestDatabase();
    const persister = persisterFor(db, { delayMs: 20 });
    persister.change((context) => applyRecommendations(context, [trail('mine')], 10));
    await persister.flush();

    const fromServer = applyRecommendations(emptyTripContext(), [trail('server')], 50);
    const followed = firstValueFrom(
      persister.context$.pipe(filter((context) => context.updatedAt === 50)),
    );
    await writeFromOutside(db, fromServer);
    expect(await followed).toEqual(fromServer);
    expect(persister.get()).toEqual(fromServer);

    // Nothing pending, so nothing overwrites the server copy later.
    await sleep(60);
    expect(await readTripContext(db)).toEqual(fromServer);
  });

  it('applies changes still waiting on top of a pulled copy instead of overwriting it', async () => {
    db = await openTestDatabase();
    const persister = persisterFor(db, { delayMs: 200 });
    await firstValueFrom(persister.context$);
    persister.change((context) => applyRecommendations(context, [trail('local')], 100));

    const fromServer = setNavigationContext(
      applyRecommendations(emptyTripContext(), [trail('server')], 50),
      { trailId: 'server' },
      60,
    );
    const rebased = firstValueFrom(
      persister.context$.pipe(filter((context) => context.navigationContext !== null)),
    );
    await writeFromOutside(db, fromServer);
    const shown = await rebased;
    expect(shown.recentRecommendedTrails.map((item) => item.id)).toEqual(['local', 'server']);
    expect(shown.navigationContext).toEqual({ trailId: 'server' });

    await persister.flush();
    const stored = await readTripContext(db);
    expect(stored?.recentRecommendedTrails.map((item) => item.id)).toEqual(['local', 'server']);
    expect(stored?.navigationContext).toEqual({ trailId: 'server' });
    expect(stored?.tripPlannerHistory).toHaveLength(2);
  });

  it('follows a new document stored after the old one was deleted and purged (a cleared account)', async () => {
    db = await openTestDatabase();
    const persister = persisterFor(db, { delayMs: 5 });
    for (let set = 0; set < 4; set += 1) {
      persister.change((context) => applyRecommendations(context, [trail(`old${set}`)], set + 1));
      await persister.flush();
    }
    expect(await storedRevisionHeight(db)).toBeGreaterThan(1);

    // The account's data is removed from the device, deleted documents purged with it.
    await db.tripContext.find().remove();
    await db.tripContext.storageInstance.cleanup(0);
    const emptied = firstValueFrom(
      persister.context$.pipe(filter((context) => context.recentRecommendedTrails.length === 0)),
    );
    expect((await emptied).tripPlannerHistory).toEqual([]);

    // A new document starts again at revision 1; the persister shows it and builds on it.
    const fromServer = applyRecommendations(emptyTripContext(), [trail('new')], 100);
    const followed = firstValueFrom(
      persister.context$.pipe(filter((context) => context.updatedAt === 100)),
    );
    await writeFromOutside(db, fromServer);
    expect(await storedRevisionHeight(db)).toBe(1);
    expect(await followed).toEqual(fromServer);
    persister.change((context) => applyRecommendations(context, [trail('next')], 200));
    await persister.flush();
    expect(persister.get().recentRecommendedTrails.map((item) => item.id)).toEqual(['next', 'new']);
  });

  it('never rolls the view back to a stored state older than its own write', async () => {
    db = await openTestDatabase();
    const persister = persisterFor(db, { delayMs: 5 });
    const seen: number[] = [];
    persister.context$.subscribe((context) => seen.push(context.tripPlannerHistory.length));
    for (let set = 0; set < 6; set += 1) {
      persister.change((context) => applyRecommendations(context, [trail(`t${set}`)], set + 1));
      await sleep(set % 2 === 0 ? 0 : 8);
    }
    await persister.flush();
    await sleep(20);
    expect(seen.at(-1)).toBe(6);
    // Monotonic: each emission has at least as many history entries as the one before.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect((await readTripContext(db))?.tripPlannerHistory).toHaveLength(6);
  });

  it('two persisters on one database (two tabs) both keep their changes', async () => {
    db = await openTestDatabase();
    const first = persisterFor(db, { delayMs: 10 });
    const second = persisterFor(db, { delayMs: 10 });
    await Promise.all([firstValueFrom(first.context$), firstValueFrom(second.context$)]);
    first.change((context) => applyRecommendations(context, [trail('a')], 1));
    second.change((context) => applyRecommendations(context, [trail('b')], 2));
    await Promise.all([first.flush(), second.flush()]);
    const ids = (await readTripContext(db))?.recentRecommendedTrails.map((item) => item.id);
    expect(ids?.sort()).toEqual(['a', 'b']);
  });

  it('writes at once when the page is hidden or unloaded', async () => {
    db = await openTestDatabase();
    const page = fakePage();
    const persister = createTripContextPersister(db, { delayMs: 60_000, page: page.page });
    persisters.push(persister);
    await firstValueFrom(persister.context$);

    persister.change((context) => applyRecommendations(context, [trail('a')], 1));
    page.hide();
    await sleep(100);
    expect((await readTripContext(db))?.recentRecommendedTrails).toHaveLength(1);

    persister.change((context) => applyRecommendations(context, [trail('b')], 2));
    page.pagehide();
    await sleep(100);
    expect((await readTripContext(db))?.recentRecommendedTrails).toHaveLength(2);
  });

  it('reports a full device, keeps the change in memory, and stores it once possible', async () => {
    db = await openTestDatabase();
    const failures: TripContextWriteError[] = [];
    const persister = persisterFor(db, {
      delayMs: 10,
      onError: (failure) => failures.push(failure),
    });
    await firstValueFrom(persister.context$);

    const collection = db.tripContext as unknown as { insert: unknown };
    const realInsert = db.tripContext.insert.bind(db.tripContext);
    collection.insert = () =>
      Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));

    persister.change((context) => applyRecommendations(context, [trail('a')], 1));
    await persister.flush();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ quotaExceeded: true, pendingChanges: 1 });
    expect((await firstValueFrom(persister.error$))?.quotaExceeded).toBe(true);
    expect(persister.get().recentRecommendedTrails.map((item) => item.id)).toEqual(['a']);
    expect(await readTripContext(db)).toBeNull();

    collection.insert = realInsert;
    persister.change((context) => applyRecommendations(context, [trail('b')], 2));
    await persister.flush();
    expect(await firstValueFrom(persister.error$)).toBeNull();
    const stored = await readTripContext(db);
    expect(stored?.recentRecommendedTrails.map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('close() writes what is pending; the shared persister flushes when the database closes', async () => {
    db = await openTestDatabase();
    const persister = persisterFor(db, { delayMs: 60_000 });
    persister.change((context) => applyRecommendations(context, [trail('a')], 1));
    await persister.close();
    expect((await readTripContext(db))?.recentRecommendedTrails).toHaveLength(1);

    const shared = getTripContextPersister(db);
    expect(getTripContextPersister(db)).toBe(shared);
    updateNavigationContext(db, { trailId: 'ozark-ohv', name: 'Ozark OHV' }, 2);
    expect(shared.get().navigationContext).toEqual({ trailId: 'ozark-ohv', name: 'Ozark OHV' });
    const name = db.name;
    await db.close();
    db = null;
    const reopened = await import('../../../src/db/database.ts').then((module) =>
      module.createAppDatabase({ name, devMode: true }),
    );
    db = reopened;
    expect((await readTripContext(reopened))?.navigationContext).toEqual({
      trailId: 'ozark-ohv',
      name: 'Ozark OHV',
    });
  });
});

describe('recordRecommendations', () => {
  it('records a set through the shared persister', async () => {
    db = await openTestDatabase();
    recordRecommendations(db, [trail('a'), trail('b')], { query: 'easy', now: 42 });
    const persister = getTripContextPersister(db);
    await persister.flush();
    const stored = await readTripContext(db);
    expect(stored?.currentRecommendations).toEqual({
      recommendations: [trail('a'), trail('b')],
      timestamp: 42,
      source: 'trip_planner',
    });
    expect(stored?.tripPlannerHistory[0]).toMatchObject({ query: 'easy' });
    expect(stored?.recentRecommendedTrails).toEqual([
      { ...trail('a'), recommendedAt: 42 },
      { ...trail('b'), recommendedAt: 42 },
    ]);
  });
});

describe('isQuotaExceededError', () => {
  it('finds the quota error directly or wrapped by Dexie and RxDB', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaExceededError(quota)).toBe(true);
    expect(isQuotaExceededError({ name: 'AbortError', inner: quota })).toBe(true);
    expect(isQuotaExceededError(new Error('wrapped', { cause: quota }))).toBe(true);
    expect(isQuotaExceededError({ parameters: { error: { message: 'QuotaExceeded' } } })).toBe(
      true,
    );
    expect(isQuotaExceededError(new Error('conflict'))).toBe(false);
    expect(isQuotaExceededError(null)).toBe(false);
  });
});
