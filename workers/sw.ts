/**
 * The app's service worker (`/sw.js`, built by vite-plugin-pwa's injectManifest from this file;
 * docs/architecture.md#pwa). It precaches the app shell and every route chunk so any page
 * reloads offline after one online visit, answers navigations with the route's cached
 * pre-rendered page (or the app shell when it has none), and keeps
 * the heavy capabilities (maplibre, the Whisper runtime, model files) in runtime caches filled
 * only when the rider asks for them.
 *
 * The install differs from workbox's stock one (offline-ready sooner): the build's files arrive
 * in one precache pack (workers/precache-pack.ts) instead of ~320 requests, and the pack is
 * stored whole, its files answered from slices of it (workers/pack-backed-precache.ts) instead
 * of one cache write each; any file the pack lacks is fetched on its own as before. An update
 * whose pack would bring mostly files already stored skips the pack and fetches only what
 * changed (revisioned files past the HTTP cache) into the precache cache.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import type { RouteHandlerCallback } from 'workbox-core';
import {
  packedCacheKeys,
  packedResponse,
  pageWideHeaders,
  prunePacks,
  storePack,
} from './pack-backed-precache.ts';
import { speechModelCacheName } from './speech-model-cache.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

/** The pack's own entry in the injected manifest: downloaded at install, never cached. */
const packPattern = /(^|\/)assets\/precache-pack-[^/]+\.bin$/;

/** Below this many missing files an install fetches them one by one instead of the whole pack. */
const packWorthwhileFrom = 40;

/** Files fetched at once when not taken from the pack. */
const fetchConcurrency = 6;

/** The heavy capabilities: fetched when first used, then served from cache (vite.config.ts). */
const heavyChunk = /(maplibre|transformers|onnxruntime|(^|\/)ort[-.]|speech-worker)/i;

const entryUrl = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url);
const manifest = self.__WB_MANIFEST;
const packEntry = manifest.find((entry) => packPattern.test(entryUrl(entry)));
/**
 * Workbox's precache, with one difference: a file its cache lacks is answered from a stored
 * pack (workers/pack-backed-precache.ts) before the network is asked.
 */
const precache = new PrecacheController({
  plugins: [
    {
      cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
        cachedResponse ?? (await packedResponse(caches, request.url)) ?? null,
    },
  ],
});
precache.addToCacheList(manifest.filter((entry) => entry !== packEntry));

/** Cache keys of revisioned entries carry `__WB_REVISION__`; those always come from the server. */
function isRevisioned(cacheKey: string): boolean {
  return new URL(cacheKey).searchParams.has('__WB_REVISION__');
}

/**
 * Downloads this version's pack and stores it whole (workers/pack-backed-precache.ts); returns
 * the URLs of `missing` it does not hold. The pack is this worker's own (listed in its
 * manifest, named by its content), so its copies of revisioned files are the revisions this
 * worker lists.
 */
async function storeFromPack(missing: Map<string, string>): Promise<Set<string>> {
  const packUrl = new URL(entryUrl(packEntry!), self.location.href).href;
  const [response, pageHeaders] = await Promise.all([fetch(packUrl), serverPageHeaders()]);
  if (!response.ok) throw new Error(`Precache pack answered ${response.status}.`);
  const cacheKeysByPath = new Map<string, string[]>();
  for (const [url, cacheKey] of precache.getURLsToCacheKeys()) {
    const path = new URL(url).pathname;
    cacheKeysByPath.set(path, [...(cacheKeysByPath.get(path) ?? []), cacheKey]);
  }
  const held = await storePack(
    caches,
    packUrl,
    new Uint8Array(await response.arrayBuffer()),
    cacheKeysByPath,
    pageHeaders,
  );
  return new Set([...missing.keys()].filter((url) => !held.has(new URL(url).pathname)));
}

/**
 * The headers the server sends with every page (its content security policy and the other
 * security headers), read from the app shell fetched past the HTTP cache: a page the worker
 * answers from the pack must carry them as it would from the server.
 */
async function serverPageHeaders(): Promise<Headers> {
  const shell = await fetch(new URL('/app-shell.html', self.location.href).href, {
    cache: 'reload',
    credentials: 'same-origin',
  });
  if (!shell.ok) throw new Error(`The app shell answered ${shell.status}.`);
  return pageWideHeaders(shell.headers);
}

/** Fetches `urls` a few at a time into `cache` under their cache keys; throws on any failure. */
async function storeFromNetwork(cache: Cache, urls: string[], cacheKeys: Map<string, string>) {
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const cacheKey = cacheKeys.get(url)!;
      const request = new Request(url, {
        cache: isRevisioned(cacheKey) ? 'reload' : 'default',
        credentials: 'same-origin',
      });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`Precaching ${url} failed: ${response.status}.`);
      await cache.put(cacheKey, response);
    }
  };
  await Promise.all(Array.from({ length: fetchConcurrency }, worker));
}

/** Fills the precache with every file of this version not already in it. */
async function installPrecache(): Promise<void> {
  const cache = await caches.open(precache.strategy.cacheName);
  const present = new Set((await cache.keys()).map((request) => request.url));
  for (const packed of await packedCacheKeys(caches)) present.add(packed);
  const cacheKeys = precache.getURLsToCacheKeys();
  const missing = new Map([...cacheKeys].filter(([, cacheKey]) => !present.has(cacheKey)));
  let remaining = new Set(missing.keys());
  if (packEntry && missing.size >= packWorthwhileFrom) {
    try {
      remaining = await storeFromPack(missing);
    } catch (error) {
      // Whatever the pack could not give comes file by file below.
      console.warn('Precache pack unavailable, fetching files one by one', error);
    }
  }
  await storeFromNetwork(cache, [...remaining], cacheKeys);
}

/** Deletes cached files and stored packs this version no longer needs. */
async function activatePrecache(event: ExtendableEvent): Promise<void> {
  await precache.activate(event);
  const cache = await caches.open(precache.strategy.cacheName);
  const cached = new Set((await cache.keys()).map((request) => request.url));
  await prunePacks(caches, precache.getURLsToCacheKeys().values(), cached);
}

self.addEventListener('install', (event) => event.waitUntil(installPrecache()));
self.addEventListener('activate', (event) => event.waitUntil(activatePrecache(event)));
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  // The update prompt (workbox-window's messageSkipWaiting) activates a waiting version.
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // A page that loaded while this worker was activating (its navigation was in flight when
  // clientsClaim ran) or by a hard reload is not controlled; it asks to be claimed so its
  // requests reach the caches (src/app/pwa/service-worker-registration.ts).
  if (type === 'CLAIM_CLIENTS') {
    event.waitUntil(
      self.clients
        .claim()
        .catch((error: unknown) => console.warn('Claiming clients failed', error)),
    );
  }
});

cleanupOutdatedCaches();
// Control the very first page so it works offline without a second visit; updates still wait
// for the rider to accept them (no skipWaiting on install).
clientsClaim();

/**
 * The pre-rendered pages of this version (scripts/prerender-build.ts): each precached .html file
 * but the shell, by its path's segments (`[name]`: any value), exact paths first.
 */
const prerenderedPages = manifest
  .map((entry) => new URL(entryUrl(entry), self.location.href).pathname)
  .filter((path) => path.endsWith('.html') && path !== '/app-shell.html')
  .map((path) => {
    const route = path.slice(1, -'.html'.length);
    return { url: path, segments: route === 'index' ? [] : route.split('/') };
  })
  .sort(
    (a, b) =>
      a.segments.filter((segment) => segment.startsWith('[')).length -
      b.segments.filter((segment) => segment.startsWith('[')).length,
  );

/** The precached page answering a navigation to `pathname`: its pre-rendered page or the shell. */
function pageFor(pathname: string): string {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const page = prerenderedPages.find(
    (candidate) =>
      candidate.segments.length === segments.length &&
      candidate.segments.every(
        (segment, index) => segment.startsWith('[') || segment === segments[index],
      ),
  );
  return page?.url ?? '/app-shell.html';
}

const pageHandlers = new Map<string, ReturnType<PrecacheController['createHandlerBoundToURL']>>();
/** Answers a navigation from the precache, with the page of its route (the same as the server). */
const navigationHandler: RouteHandlerCallback = (options) => {
  let pathname = options.url.pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape matches no page: the shell answers.
  }
  const page = pageFor(pathname);
  let handler = pageHandlers.get(page);
  if (!handler) {
    handler = precache.createHandlerBoundToURL(page);
    pageHandlers.set(page, handler);
  }
  return handler(options);
};

registerRoute(
  new NavigationRoute(navigationHandler, {
    denylist: [/^\/api\//, /^\/tiles\//, /^\/models\//],
  }),
);
registerRoute(new PrecacheRoute(precache));
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && heavyChunk.test(url.pathname),
  new CacheFirst({
    cacheName: 'heavy-capabilities',
    plugins: [new ExpirationPlugin({ maxEntries: 20 })],
  }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/models/'),
  new CacheFirst({
    cacheName: speechModelCacheName,
    plugins: [new ExpirationPlugin({ maxEntries: 30 })],
  }),
);
