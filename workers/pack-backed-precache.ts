/**
 * Precache packs kept whole (offline-ready sooner): a first install stores the build's precache
 * pack (workers/precache-pack.ts) as one cache entry, with an index of where each precached file
 * lies in it, instead of one cache write per file (about 290 writes, most of the install's time
 * on a phone). The service worker answers a precached file the precache cache lacks from a slice
 * of the newest stored pack that holds it (`packedResponse`).
 *
 * The index is keyed by workbox's cache keys, which carry `__WB_REVISION__` for revisioned
 * files: a later version whose page or manifest changed has another key, so an old pack is
 * never taken for a file that changed, and a content-hashed file shared by two versions is
 * served from whichever pack holds it. `prunePacks` deletes, at activation, the packs no
 * listed file needs any more.
 *
 * Runs in the service worker; takes the CacheStorage to use so the unit tests can hand it one.
 */
import { readPrecachePackSlices, type PackedSlice } from './precache-pack.ts';

/** The cache holding the stored packs and their indexes. */
export const packCacheName = 'nst-precache-packs';

/** What a stored pack serves, kept beside it as JSON. */
interface StoredPackIndex {
  packUrl: string;
  /** When it was stored (ms since the epoch): the newest pack holding a key answers it. */
  storedAt: number;
  /** Cache key (absolute URL, with `__WB_REVISION__` when revisioned) → its bytes in the pack. */
  slices: Record<string, PackedSlice>;
  /** The headers the server sends with every page (its security policy), for the packed pages. */
  pageHeaders: Array<[string, string]>;
}

/** Where a cache key is answered from. */
interface PackedFile {
  packUrl: string;
  slice: PackedSlice;
  pageHeaders: Array<[string, string]>;
}

const indexSuffix = '?pack-index';
const indexUrlOf = (packUrl: string) => `${packUrl}${indexSuffix}`;
const isIndexUrl = (url: string) => url.endsWith(indexSuffix);

/** The packs' indexes as read last, and the packs' bodies (read once per worker start). */
let filesMemo: Promise<Map<string, PackedFile>> | null = null;
const packBodies = new Map<string, Promise<Blob>>();

/** Forgets what was read of the stored packs (after a pack was stored or deleted). */
function forgetReadPacks(): void {
  filesMemo = null;
  packBodies.clear();
}

async function readIndexes(cacheStorage: CacheStorage): Promise<StoredPackIndex[]> {
  const cache = await cacheStorage.open(packCacheName);
  const indexes: StoredPackIndex[] = [];
  for (const request of await cache.keys()) {
    if (!isIndexUrl(request.url)) continue;
    const answer = await cache.match(request);
    if (answer) indexes.push((await answer.json()) as StoredPackIndex);
  }
  // Newest first: the first pack holding a key answers it.
  return indexes.sort((a, b) => b.storedAt - a.storedAt);
}

function packedFiles(cacheStorage: CacheStorage): Promise<Map<string, PackedFile>> {
  filesMemo ??= readIndexes(cacheStorage).then((indexes) => {
    const files = new Map<string, PackedFile>();
    for (const { packUrl, slices, pageHeaders } of indexes) {
      for (const [cacheKey, slice] of Object.entries(slices)) {
        if (!files.has(cacheKey)) files.set(cacheKey, { packUrl, slice, pageHeaders });
      }
    }
    return files;
  });
  return filesMemo.catch((error: unknown) => {
    filesMemo = null;
    throw error;
  });
}

/** The cache keys the stored packs can answer. */
export async function packedCacheKeys(cacheStorage: CacheStorage): Promise<Set<string>> {
  return new Set((await packedFiles(cacheStorage)).keys());
}

/**
 * Stores `pack` (a pack's bytes, downloaded from `packUrl`) whole, with an index of the files of
 * `cacheKeysByPath` (origin-relative path → this version's cache keys) it holds; pages get
 * `pageHeaders`. Returns the paths it holds. Throws when the pack is malformed (nothing is
 * stored then) or the cache refuses the write (quota).
 */
export async function storePack(
  cacheStorage: CacheStorage,
  packUrl: string,
  pack: Uint8Array<ArrayBuffer>,
  cacheKeysByPath: ReadonlyMap<string, readonly string[]>,
  pageHeaders: Headers,
): Promise<Set<string>> {
  const slicesByPath = readPrecachePackSlices(pack);
  const index: StoredPackIndex = {
    packUrl,
    storedAt: Date.now(),
    slices: {},
    pageHeaders: [...pageHeaders],
  };
  const held = new Set<string>();
  for (const [path, cacheKeys] of cacheKeysByPath) {
    const slice = slicesByPath.get(path);
    if (!slice) continue;
    held.add(path);
    for (const cacheKey of cacheKeys) index.slices[cacheKey] = slice;
  }
  const cache = await cacheStorage.open(packCacheName);
  // The pack before its index: an index is only ever read beside a stored pack.
  await cache.put(
    packUrl,
    new Response(pack, { headers: { 'content-type': 'application/octet-stream' } }),
  );
  try {
    await cache.put(indexUrlOf(packUrl), Response.json(index));
  } catch (error) {
    await cache.delete(packUrl);
    throw error;
  } finally {
    forgetReadPacks();
  }
  return held;
}

/** Headers that describe one file's bytes, not the server's rules for every page. */
const perFileHeaders = new Set([
  'accept-ranges',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'last-modified',
]);

/** `headers` without those that describe one file's bytes (length, type, encoding, validators). */
export function pageWideHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const [name, value] of headers) if (!perFileHeaders.has(name)) kept.set(name, value);
  return kept;
}

function packBody(cacheStorage: CacheStorage, packUrl: string): Promise<Blob> {
  let body = packBodies.get(packUrl);
  if (!body) {
    body = cacheStorage
      .open(packCacheName)
      .then((cache) => cache.match(packUrl))
      .then((stored) => {
        if (!stored) throw new Error(`Precache pack ${packUrl} is no longer stored.`);
        return stored.blob();
      });
    body.catch(() => packBodies.delete(packUrl));
    packBodies.set(packUrl, body);
  }
  return body;
}

/**
 * The precached file of `cacheKey` from the newest stored pack holding it (its bytes with its
 * type; pages with the server's page headers), or undefined when no stored pack holds it.
 */
export async function packedResponse(
  cacheStorage: CacheStorage,
  cacheKey: string,
): Promise<Response | undefined> {
  const file = (await packedFiles(cacheStorage)).get(cacheKey);
  if (!file) return undefined;
  const { packUrl, slice, pageHeaders } = file;
  let body: Blob;
  try {
    body = await packBody(cacheStorage, packUrl);
  } catch (error) {
    // Deleted under us (site data cleared): read the indexes afresh next time.
    forgetReadPacks();
    console.warn('Precache pack unreadable', error);
    return undefined;
  }
  const headers = new Headers(slice.contentType.startsWith('text/html') ? pageHeaders : []);
  headers.set('content-type', slice.contentType);
  headers.set('content-length', String(slice.length));
  return new Response(body.slice(slice.offset, slice.offset + slice.length), {
    status: 200,
    headers,
  });
}

/**
 * Deletes the stored packs that answer none of `listedCacheKeys` (the active version's) the
 * precache cache lacks (`cachedKeys`): the newest pack holding a key is the one kept for it.
 */
export async function prunePacks(
  cacheStorage: CacheStorage,
  listedCacheKeys: Iterable<string>,
  cachedKeys: ReadonlySet<string>,
): Promise<void> {
  const uncovered = new Set([...listedCacheKeys].filter((key) => !cachedKeys.has(key)));
  const cache = await cacheStorage.open(packCacheName);
  const kept = new Set<string>();
  for (const index of await readIndexes(cacheStorage)) {
    // Newest first: a key a newer pack answers no longer keeps an older one.
    let answersAny = false;
    for (const key of Object.keys(index.slices)) if (uncovered.delete(key)) answersAny = true;
    if (answersAny) kept.add(index.packUrl);
  }
  // Everything else goes, a pack whose index write never happened included.
  for (const request of await cache.keys()) {
    const packUrl = isIndexUrl(request.url)
      ? request.url.slice(0, -indexSuffix.length)
      : request.url;
    if (!kept.has(packUrl)) await cache.delete(request);
  }
  forgetReadPacks();
}
