/**
 * The privacy policy's lists (src/lib/privacy/stored-data.ts) against the code: every RxDB
 * collection, every local document the app reads or writes, every localStorage key and every
 * server table must be described, and the sync rule it states must be the code's. Adding any of
 * these without a policy line fails here.
 */
import { mapRegionsDocumentId } from '../../../src/db/map-regions.ts';
import { collectionMovesDocumentId } from '../../../src/db/collection-moves.ts';
import { preRideChecklistKey } from '../../../src/db/pre-ride-checks.ts';
import { gaugeReadingsDocumentId } from '../../../src/db/gauge-readings.ts';
import { publishedRegulationsDocumentId } from '../../../src/db/published-regulations.ts';
import { groupRidesDocumentId } from '../../../src/db/group-rides.ts';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { collectionSchemas } from '../../../schemas/index.ts';
import {
  pulledCatalogueCollections,
  userSyncedCollections,
} from '../../../schemas/sync-protocol.ts';
import { THEME_SETTING_KEY } from '../../../src/app/theme/theme-provider.tsx';
import { THEME_MIRROR_KEY } from '../../../src/app/theme/theme-storage.ts';
import { RECENT_FEATURES_KEY } from '../../../src/app/recent-features.ts';
import { campgroundPreferencesKey } from '../../../src/db/campground-preferences.ts';
import { currentVehicleSettingKey } from '../../../src/db/garage.ts';
import {
  notificationLogDocumentId,
  notificationPreferencesKey,
} from '../../../src/db/notifications.ts';
import { approvedShopsSettingKey } from '../../../src/db/repair-shops.ts';
import { catalogueStatusDocumentId } from '../../../src/db/catalogue-status.ts';
import {
  legacyMigrationFlagId,
  legacyUnmappedDocumentsId,
} from '../../../src/db/legacy-migration.ts';
import { pendingAccountDeletionDocumentId } from '../../../src/db/pending-account-deletion.ts';
import { promotedIdsDocumentId } from '../../../src/db/promotion.ts';
import { SAFETY_SETTING_KEYS } from '../../../src/db/safety-settings.ts';
import { savedTrailsDocumentId } from '../../../src/db/saved-trails.ts';
import { recordingSessionDocumentId } from '../../../src/db/trips/recording-session.ts';
import { usageQueueDocumentId } from '../../../src/db/usage-queue.ts';
import { SESSION_STORAGE_KEYS } from '../../../src/lib/auth/session-store.ts';
import { hapticSettingsKey } from '../../../src/lib/outdoor/haptic-settings.ts';
import { OFFLINE_SPEECH_CONSENT_KEY } from '../../../src/lib/voice/offline-model-consent.ts';
import {
  browserStoragePolicy,
  collectionPolicy,
  localDocumentPolicy,
  serverTablePolicy,
} from '../../../src/lib/privacy/stored-data.ts';
import { openServerDatabase } from '../../../sync-server/storage/database.ts';

const root = new URL('../../../', import.meta.url).pathname;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const sources = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'workers'))].map(
  (path) => ({ path: path.slice(root.length), text: readFileSync(path, 'utf8') }),
);

/** First arguments (identifiers or string literals) of every call to one of `functions`. */
function firstArguments(functions: string[]): { path: string; argument: string }[] {
  const pattern = new RegExp(
    `(?<!function )\\b(?:${functions.join('|')})(?:<[^()]*?>)?\\(\\s*(?:db,\\s*)?([\\w.]+|'[^']*')`,
    'g',
  );
  return sources.flatMap(({ path, text }) =>
    [...text.matchAll(pattern)].map((match) => ({ path, argument: match[1]! })),
  );
}

/** Every value a local document id or setting key constant stands for, by the name code uses. */
const knownLocalDocumentIds: Record<string, string> = {
  promotedIdsDocumentId,
  collectionMovesDocumentId,
  mapRegionsDocumentId,
  savedTrailsDocumentId,
  catalogueStatusDocumentId,
  legacyMigrationFlagId,
  legacyUnmappedDocumentsId,
  recordingSessionDocumentId,
  notificationLogDocumentId,
  usageQueueDocumentId,
  groupRidesDocumentId,
  gaugeReadingsDocumentId,
  publishedRegulationsDocumentId,
  pendingAccountDeletionDocumentId,
};
const knownSettingKeys: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(SAFETY_SETTING_KEYS).map(([field, key]) => [
      `SAFETY_SETTING_KEYS.${field}`,
      key,
    ]),
  ),
  hapticSettingsKey,
  THEME_SETTING_KEY,
  campgroundPreferencesKey,
  currentVehicleSettingKey,
  approvedShopsSettingKey,
  notificationPreferencesKey,
  preRideChecklistKey,
  OFFLINE_SPEECH_CONSENT_KEY,
  // Module-private in src/explore/welcome-dialog.tsx; its literal is checked below.
  WELCOME_SETTING_KEY: 'welcome-dismissed',
};

describe('privacy policy: what is stored', () => {
  it('describes every RxDB collection, with the sync rule the code applies', () => {
    expect(Object.keys(collectionPolicy).sort()).toEqual(Object.keys(collectionSchemas).sort());
    for (const name of [...userSyncedCollections, ...pulledCatalogueCollections]) {
      expect(collectionPolicy[name].where, name).toBe('device and server');
    }
    const deviceOnly = Object.keys(collectionSchemas).filter(
      (name) =>
        !(userSyncedCollections as readonly string[]).includes(name) &&
        !(pulledCatalogueCollections as readonly string[]).includes(name),
    ) as (keyof typeof collectionPolicy)[];
    for (const name of deviceOnly) expect(collectionPolicy[name].where, name).toBe('device');
  });

  it('describes every local document the app reads or writes', () => {
    const described = new Set(localDocumentPolicy.map((item) => item.name));
    const fixedIds = firstArguments(['getLocal\\$?', 'upsertLocal', 'modifyLocalDocument']).filter(
      // The two generic helpers pass their caller's id through; the account removal reads the
      // ids from this very policy.
      ({ path, argument }) =>
        !(argument === 'id' && /local-document-write|settings\.ts$|account-data\.ts$/.test(path)) &&
        argument !== 'settingDocumentId',
    );
    expect(fixedIds.length).toBeGreaterThan(5);
    for (const { path, argument } of fixedIds) {
      const id = knownLocalDocumentIds[argument];
      expect(id, `${path}: local document ${argument} is not in the privacy policy`).toBeDefined();
      expect(described, argument).toContain(id);
    }
    const settingKeys = firstArguments([
      'useLocalSetting',
      'readLocalSetting',
      'writeLocalSetting',
    ]);
    expect(settingKeys.length).toBeGreaterThan(5);
    for (const { path, argument } of settingKeys) {
      // The repository's helpers and their React binding pass their caller's key through.
      if (/db(-react)?\/settings\.ts$/.test(path)) continue;
      const key = knownSettingKeys[argument];
      expect(key, `${path}: setting ${argument} is not in the privacy policy`).toBeDefined();
      expect(described).toContain(`setting:${key}`);
    }
    const welcome = sources.find(({ path }) => path.endsWith('welcome-dialog.tsx'))!.text;
    expect(welcome).toContain(`WELCOME_SETTING_KEY = '${knownSettingKeys.WELCOME_SETTING_KEY}'`);
  });

  it('names every localStorage key the app writes', () => {
    const names = browserStoragePolicy.map((item) => item.name).join(' ');
    const keys = [
      ...Object.values(SESSION_STORAGE_KEYS),
      THEME_MIRROR_KEY,
      RECENT_FEATURES_KEY,
      'nst-offline-ready-announced',
      'nst-sync-failure-logged',
      'nst.map.attribution',
      'nst.offline-speech.listing',
    ];
    for (const key of keys) expect(names.split(/[\s,]+/), key).toContain(key);
    // Any other literal key written straight to localStorage must be named too.
    for (const { path, text } of sources) {
      for (const match of text.matchAll(/localStorage\.setItem\(\s*'([^']+)'/g)) {
        expect(names, path).toContain(match[1]);
      }
    }
  });

  it('describes every table the sync server creates', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'nst-privacy-'));
    const database = await openServerDatabase(
      { databaseFile: join(folder, 'server.sqlite') },
      { warn: () => {} },
    );
    try {
      const { rows } = await sql<{ name: string }>`
        select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
      `.execute(database.db);
      expect(serverTablePolicy.map((item) => item.name).sort()).toEqual(
        rows.map((row) => row.name).sort(),
      );
    } finally {
      await database.db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
