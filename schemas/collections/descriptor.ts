/**
 * What a collection is, as data both sides of sync read (docs/architecture.md "Collection
 * descriptors"). One descriptor per collection, in `schemas/collections/<name>.ts`, holds
 * everything the device and the server need to store, check, merge and sync it: its JSON Schema
 * with the migrations of every version, who it belongs to, how its ids are made, which fields
 * only the server writes, how two edits of one document merge, batch sizes, what the server does
 * after a write, and what the privacy policy says of it. The device's interpreters (src/db
 * database and conflict handlers, src/sync replication) and the server's (sync-server/sync
 * collection-rules) derive their behaviour from these fields and never branch on a collection's
 * name, so a new collection is one new file.
 *
 * THE MIGRATION RULE: a change to a schema bumps its `version` and, in the same commit, adds the
 * strategy for that version to `migrations` (key = the new version), with an integration test
 * that stores real documents of the old shape and checks what they become. RxDB refuses to open
 * a collection whose stored version has no migration path, so forgetting the strategy breaks
 * every installed app at start-up. A strategy must never drop a rider's data silently: return
 * `null` only for documents that cannot exist any more, and say why in a comment.
 */

/**
 * Who a collection's documents belong to:
 * - `catalogue`: public data the server seeds from data/, pulled by every visitor, never pushed;
 * - `rider`: a rider's own documents, synced both ways once signed in, scoped to that rider;
 * - `shared`: riders' documents every visitor pulls (signed in or not), each rider pushing only
 *   their own (trail reports); the server refuses a push naming another rider's document;
 * - `device`: kept on this device only, never synced.
 */
export type CollectionScope = 'catalogue' | 'rider' | 'shared' | 'device';

/**
 * How a collection's ids are made:
 * - `promoted`: made offline as `temp-…` ids (schemas/identity.ts), swapped for a canonical id
 *   the server mints (POST /api/sync/promotions) before the document is pushed;
 * - `fixed`: one document per rider under the same id on every account (ids then cannot name
 *   another rider's document, so the server skips the foreign-id check);
 * - `derived`: deterministic from the owner and the document (`<userId>:<subject>`), so two
 *   devices write the same document; the server refuses any other id;
 * - `client`: made by the device from another document's id (a track chunk's
 *   `<tripId>:<sequence>`), accepted as sent;
 * - `server`: assigned by the server's seeding (catalogues).
 */
export type IdRule =
  | { kind: 'promoted' }
  | { kind: 'fixed'; id: string }
  | {
      kind: 'derived';
      /** How the id is made, in words, for the server's refusal ("<your user id>:<campgroundId>"). */
      pattern: string;
      /** The only id `document` may have when `ownerId` pushes it; null when none is valid. */
      expectedId(ownerId: string, document: Record<string, unknown>): string | null;
    }
  | { kind: 'client' }
  | { kind: 'server' };

/**
 * How one field merges when both sides changed it since the copy they last agreed on:
 * - `later`: the value of the later edit (`updatedAt`, ties broken the same way on every device);
 * - `max` / `earliest`: the larger number / the earlier time (null when neither has one);
 * - `server`: the server's value (a value only the server decides);
 * - `changed`: the side that changed it since the common copy, else the later edit;
 * - `union`: an array holding the items of both sides, one per `key`, ordered by that key
 *   (a track's fixes, keyed by their time);
 * - `byKey`: an object merged key by key with the rules `rulesFor(document)` gives (a record's
 *   `data`, whose rules depend on its kind); keys without a rule take the later edit.
 */
export type FieldMerge =
  | 'later'
  | 'max'
  | 'earliest'
  | 'server'
  | 'changed'
  | { union: { key(item: unknown): number } }
  | { byKey: { rulesFor(document: Record<string, unknown>): Readonly<Record<string, KeyMerge>> } };

/** The rule of one key of a `byKey` field. */
export type KeyMerge = 'later' | 'max' | 'earliest' | 'server' | 'changed';

/** How two edits of one document merge (src/lib/sync/conflict-resolution.ts applies it). */
export interface MergeRules {
  /**
   * `fields`: field by field (a field only one side changed keeps that change; see FieldMerge);
   * `server`: the server's copy replaces the device's whole (requirements §core-4, trip context).
   */
  document: 'fields' | 'server';
  /** Rules of the fields that do not take the later edit. */
  fields?: Readonly<Record<string, FieldMerge>>;
  /**
   * True when the schema has `syncConflicts`: a later edit's losing value is kept there, so no
   * edit vanishes silently.
   */
  keepsConflictList: boolean;
}

/**
 * What the server writes into a pushed document whatever the device sent:
 * - `'owner'`: the pushing rider's id;
 * - `{ constant }`: that text;
 * - `{ ownerLabel }`: a text the function derives from the owner's id (a reporter's public tag);
 * - `{ kept }`: the value the server stored (tallies it keeps itself), `kept` for a new document.
 */
export type ServerOwnedValue =
  | 'owner'
  | { constant: string }
  | { ownerLabel(ownerId: string): string }
  | { kept: string | number | boolean };

/** Named steps the server runs after a push wrote documents (sync-server/sync/after-write.ts). */
export type AfterWriteEffect = 'campgroundRatings' | 'trailReportTallies';

/**
 * A field validated by one of several schemas, chosen by another field (a record's `data` by its
 * `kind`). The server refuses a document whose discriminator names no schema.
 */
export interface DiscriminatedField {
  field: string;
  discriminator: string;
  schemas: Readonly<Record<string, object>>;
}

/** Where a kind of data lives: only on the device, only on the server, or on both. */
export type StoredWhere = 'device' | 'server' | 'device and server';

/** What the privacy policy says of a collection, in words a rider can check. */
export interface PrivacyEntry {
  /** What it holds. */
  holds: string;
  where: StoredWhere;
  /** How long it is kept. */
  kept: string;
  /** Who besides the rider can read it. */
  sharedWith: string;
  /**
   * What account deletion does with it: `deleted` with the account, or `kept` with the reason
   * (public data, or anonymised because other riders rely on it).
   */
  onAccountDeletion: { action: 'deleted' } | { action: 'kept'; why: string };
}

/** A JSON Schema RxDB can open: an object schema with a version and the `id` primary key. */
export interface CollectionSchema {
  readonly version: number;
  readonly primaryKey: 'id';
  readonly type: 'object';
  readonly properties: Readonly<Record<string, unknown>>;
  readonly [keyword: string]: unknown;
}

/** A migration strategy: the document of the previous version as the next one, or null to drop it. */
export type MigrationStrategy = (document: Record<string, unknown>) => unknown;

/** Everything both sides know of one collection (see the header). */
export interface CollectionDescriptor {
  /** The collection's name on the device, in replication URLs and in the server's rows. */
  readonly name: string;
  /** One document in words, for messages a rider or developer reads ("trip plan", "record"). */
  readonly noun: string;
  readonly schema: CollectionSchema;
  /** Strategy per schema version it produces (1, 2, …); RxDB runs them on the device. */
  readonly migrations: Readonly<Record<number, MigrationStrategy>>;
  readonly scope: CollectionScope;
  /** The field naming the owning rider (rider collections), or null. */
  readonly ownerField: string | null;
  readonly idRule: IdRule;
  /** Fields only the server sets, with what it sets; ignored when deciding conflicts. */
  readonly serverOwned: Readonly<Record<string, ServerOwnedValue>>;
  readonly merge: MergeRules;
  /** Documents per pull request and rows per RxDB push batch. */
  readonly batch: { readonly pull: number; readonly push: number };
  /**
   * Most new documents one rider may create per day (ids promoted in the last 24 hours); the
   * server answers 429 past it. Absent: no limit.
   */
  readonly newDocumentsPerDay?: number;
  /**
   * True when a signed-out rider's documents (owner `LOCAL_USER_ID`) stay on the device until
   * sign-in adopts them under the rider's id (records, achievement progress).
   */
  readonly heldUntilAdopted: boolean;
  /**
   * Promotion of temp- ids (`idRule.kind === 'promoted'`): `order` among promotable collections
   * (a trip before the waypoints naming it) and `ready`, false for a document that must wait
   * (a trip still recording, a waypoint naming a temp- trip).
   */
  readonly promotion?: {
    readonly order: number;
    ready(document: Record<string, unknown>): boolean;
  };
  /** Fields validated by a schema their discriminator chooses (server side). */
  readonly discriminatedFields?: readonly DiscriminatedField[];
  /**
   * Puts back what only the server may write inside a pushed document, given the stored master
   * (undefined for a new document): a trail submission's review.
   */
  readonly keepServerData?: (
    incoming: Record<string, unknown>,
    master: Record<string, unknown> | undefined,
  ) => Record<string, unknown>;
  readonly afterWrite: readonly AfterWriteEffect[];
  /**
   * Who may see the photos its documents list in `photos` (schemas/photos.ts): `public`,
   * everyone while the document and the photo entry are not hidden (trail reports); `owner`, the
   * document's rider only (waypoints, trips). Absent: its documents hold no photos.
   */
  readonly photos?: 'public' | 'owner';
  readonly privacy: PrivacyEntry;
}

/** True for a public catalogue: anyone pulls it, nobody pushes it. */
export function isCatalogue(descriptor: CollectionDescriptor): boolean {
  return descriptor.scope === 'catalogue';
}

/** True when riders push their own documents of the collection (`rider` and `shared` scopes). */
export function isPushedByRiders(descriptor: CollectionDescriptor): boolean {
  return descriptor.scope === 'rider' || descriptor.scope === 'shared';
}

/**
 * True when every visitor pulls the whole collection, signed in or not (catalogues, and the
 * `shared` collections of every rider's public documents).
 */
export function isPulledByEveryone(descriptor: CollectionDescriptor): boolean {
  return descriptor.scope === 'catalogue' || descriptor.scope === 'shared';
}

/**
 * The collections among `descriptors` whose ids are promoted, in their promotion order (a trip
 * before the waypoints naming it).
 */
export function inPromotionOrder(
  descriptors: readonly CollectionDescriptor[],
): CollectionDescriptor[] {
  return descriptors
    .filter((descriptor) => descriptor.idRule.kind === 'promoted')
    .sort((a, b) => (a.promotion?.order ?? 0) - (b.promotion?.order ?? 0));
}

/** Pull and push batch sizes most collections use: the server's most per pull, 4 requests per push batch. */
export const defaultBatch = { pull: 500, push: 2000 } as const;

/**
 * A descriptor with its literal types kept (scope, name), so the registry can derive the
 * collection name unions; checks the shape at compile time.
 */
export function defineCollection<const Descriptor extends CollectionDescriptor>(
  descriptor: Descriptor,
): Descriptor {
  return descriptor;
}

/**
 * What every public catalogue has in common: seeded by the server under its own ids, pulled by
 * everyone, never pushed, so the server's copy is the only one.
 */
export const catalogueRules = {
  scope: 'catalogue',
  ownerField: null,
  idRule: { kind: 'server' },
  serverOwned: {},
  merge: { document: 'server', keepsConflictList: false },
  batch: defaultBatch,
  heldUntilAdopted: false,
  afterWrite: [],
} as const;

/** Wording the privacy entries share. */
export const privacyWording = {
  untilCleared: 'Until you clear the site data in your browser or uninstall the app.',
  publicCatalogue: 'Anyone: it is public information with no personal data.',
  riderSynced:
    'Stays on this device while you are signed out. Once you sign in it is copied to this installation’s sync server under your account, where it is kept until you delete it in the app, where the app offers that (a deletion marker stays so your other devices learn of it).',
  riderSharedWith:
    'Only you, on your devices. The operator of this installation can read its database.',
  deviceOnly: 'No one: it never leaves the device.',
  publicData: 'It is public data with nothing of yours in it.',
} as const;

/** `Refreshed at every sync; on the device until …`: how long a catalogue is kept. */
export const catalogueKept = `Refreshed at every sync; on the device ${privacyWording.untilCleared.toLowerCase()}`;
