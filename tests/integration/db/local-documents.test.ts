import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database.ts';
import { observeSavedTrailIds } from '../../../src/db/catalogue-reads.ts';
import { toggleSavedTrail } from '../../../src/db/saved-trails.ts';
import { readLocalSetting, writeLocalSetting } from '../../../src/db/settings.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;

/** The saved trail ids as the Saved page sees them now, most recently saved first. */
const savedTrailIds = (database: AppDatabase) => firstValueFrom(observeSavedTrailIds(database));
afterEach(async () => {
  await db?.remove();
  db = null;
});

const outdoorDefaults = {
  isOutdoorMode: false,
  gloveMode: false,
  fontSize: 'normal' as 'normal' | 'large' | 'extra-large',
};

describe('local settings', () => {
  it('reads the defaults when nothing was stored', async () => {
    db = await openTestDatabase();
    expect(await readLocalSetting(db, 'outdoor', outdoorDefaults)).toEqual(outdoorDefaults);
  });

  it('restores what was written, merged over defaults added later', async () => {
    db = await openTestDatabase();
    await writeLocalSetting(db, 'outdoor', { isOutdoorMode: true, fontSize: 'large' });
    expect(await readLocalSetting(db, 'outdoor', outdoorDefaults)).toEqual({
      isOutdoorMode: true,
      gloveMode: false,
      fontSize: 'large',
    });
  });

  it('merges writes of different fields instead of overwriting', async () => {
    db = await openTestDatabase();
    await Promise.all([
      writeLocalSetting(db, 'outdoor', { isOutdoorMode: true }),
      writeLocalSetting(db, 'outdoor', { gloveMode: true }),
    ]);
    await writeLocalSetting(db, 'outdoor', { fontSize: 'extra-large' });
    expect(await readLocalSetting(db, 'outdoor', outdoorDefaults)).toEqual({
      isOutdoorMode: true,
      gloveMode: true,
      fontSize: 'extra-large',
    });
  });

  it('stores plain values such as a theme id', async () => {
    db = await openTestDatabase();
    expect(await readLocalSetting(db, 'theme', 'dark')).toBe('dark');
    await writeLocalSetting(db, 'theme', 'high-contrast');
    expect(await readLocalSetting(db, 'theme', 'dark')).toBe('high-contrast');
  });

  it('survives closing and reopening the database', async () => {
    const first = await openTestDatabase();
    await writeLocalSetting(first, 'theme', 'light');
    await first.close();
    const { createAppDatabase } = await import('../../../src/db/database.ts');
    db = await createAppDatabase({ name: first.name, devMode: true });
    expect(await readLocalSetting(db, 'theme', 'dark')).toBe('light');
  });
});

describe('saved trails', () => {
  it('toggles and reports whether the trail is now saved', async () => {
    db = await openTestDatabase();
    expect(await toggleSavedTrail(db, 'mill-creek-ohv-trail')).toBe(true);
    expect(await toggleSavedTrail(db, 'wolf-pen-gap-trail-complex')).toBe(true);
    expect(await savedTrailIds(db)).toEqual(['wolf-pen-gap-trail-complex', 'mill-creek-ohv-trail']);
    expect(await toggleSavedTrail(db, 'mill-creek-ohv-trail')).toBe(false);
    expect(await savedTrailIds(db)).toEqual(['wolf-pen-gap-trail-complex']);
  });

  it('does not lose a save when toggles race', async () => {
    db = await openTestDatabase();
    await Promise.all(['a-trail', 'b-trail', 'c-trail'].map((id) => toggleSavedTrail(db!, id)));
    expect([...(await savedTrailIds(db))].sort()).toEqual(['a-trail', 'b-trail', 'c-trail']);
  });

  it('emits the new list to subscribers (useSavedTrailIds)', async () => {
    db = await openTestDatabase();
    const source = observeSavedTrailIds(db);
    expect(await firstValueFrom(source)).toEqual([]);
    const next = firstValueFrom(source.pipe(filter((ids) => ids.length === 1)));
    await toggleSavedTrail(db, 'mill-creek-ohv-trail');
    expect(await next).toEqual(['mill-creek-ohv-trail']);
  });
});
