import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  packCacheName,
  packedCacheKeys,
  packedResponse,
  pageWideHeaders,
  prunePacks,
  storePack,
} from '../../../workers/pack-backed-precache.ts';
import { writePrecachePack } from '../../../workers/precache-pack.ts';

/** The Cache API as the service worker uses it, in memory (Node has no CacheStorage). */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(request: RequestInfo | URL) {
    return this.entries.get(urlOf(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(urlOf(request), response);
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(urlOf(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

function urlOf(request: RequestInfo | URL): string {
  return typeof request === 'string'
    ? request
    : request instanceof URL
      ? request.href
      : request.url;
}

function memoryCacheStorage() {
  const caches = new Map<string, MemoryCache>();
  const storage = {
    async open(name: string) {
      let cache = caches.get(name);
      if (!cache) caches.set(name, (cache = new MemoryCache()));
      return cache;
    },
  };
  return { storage: storage as unknown as CacheStorage, caches };
}

const origin = 'https://trails.example';
const encode = (text: string) => new TextEncoder().encode(text);
const script = 'export const trailheads = ["Mill Creek", "Wolf Pen Gap"];';
const page = '<!doctype html><title>Natural State Trails</title><h1>Trails</h1>';

function packOf(files: Record<string, string>): Uint8Array<ArrayBuffer> {
  return writePrecachePack(
    Object.entries(files).map(([path, text]) => ({ path, bytes: encode(text) })),
  ) as Uint8Array<ArrayBuffer>;
}

const serverHeaders = new Headers({
  'content-security-policy': "default-src 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'content-type': 'text/html; charset=utf-8',
  'content-length': '1234',
  etag: '"abc"',
});

afterEach(() => {
  vi.useRealTimers();
});

describe('precache packs stored whole', () => {
  it('answers each packed file from its slice, pages with the server’s security headers', async () => {
    const { storage } = memoryCacheStorage();
    const pageKey = `${origin}/index.html?__WB_REVISION__=r1`;
    const scriptKey = `${origin}/assets/home-page-GDzA5VvD.js`;
    const held = await storePack(
      storage,
      `${origin}/assets/precache-pack-1.bin`,
      packOf({ '/assets/home-page-GDzA5VvD.js': script, '/index.html': page }),
      new Map([
        ['/assets/home-page-GDzA5VvD.js', [scriptKey]],
        ['/index.html', [pageKey]],
        ['/assets/not-in-the-pack-1.js', [`${origin}/assets/not-in-the-pack-1.js`]],
      ]),
      pageWideHeaders(serverHeaders),
    );

    expect([...held].sort()).toEqual(['/assets/home-page-GDzA5VvD.js', '/index.html']);
    expect([...(await packedCacheKeys(storage))].sort()).toEqual([pageKey, scriptKey].sort());
    const scriptAnswer = (await packedResponse(storage, scriptKey))!;
    expect(await scriptAnswer.text()).toBe(script);
    expect(scriptAnswer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(scriptAnswer.headers.get('content-security-policy')).toBeNull();
    const pageAnswer = (await packedResponse(storage, pageKey))!;
    expect(await pageAnswer.text()).toBe(page);
    expect(pageAnswer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(pageAnswer.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(pageAnswer.headers.get('etag')).toBeNull();
    expect(pageAnswer.headers.get('content-length')).toBe(String(encode(page).byteLength));
    // Another revision of the page is not this pack's to answer.
    expect(
      await packedResponse(storage, `${origin}/index.html?__WB_REVISION__=r2`),
    ).toBeUndefined();
  });

  it('answers a key from the newest pack and deletes the packs no listed file needs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { storage, caches } = memoryCacheStorage();
    const sharedKey = `${origin}/assets/shared-Aa11.js`;
    const oldPageKey = `${origin}/index.html?__WB_REVISION__=old`;
    const newPageKey = `${origin}/index.html?__WB_REVISION__=new`;
    await storePack(
      storage,
      `${origin}/assets/precache-pack-old.bin`,
      packOf({ '/assets/shared-Aa11.js': 'old copy', '/index.html': 'old page' }),
      new Map([
        ['/assets/shared-Aa11.js', [sharedKey]],
        ['/index.html', [oldPageKey]],
      ]),
      new Headers(),
    );
    // Stored a day later: the newest pack answers a key both hold.
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
    await storePack(
      storage,
      `${origin}/assets/precache-pack-new.bin`,
      packOf({ '/assets/shared-Aa11.js': 'new copy', '/index.html': 'new page' }),
      new Map([
        ['/assets/shared-Aa11.js', [sharedKey]],
        ['/index.html', [newPageKey]],
      ]),
      new Headers(),
    );
    expect(await (await packedResponse(storage, sharedKey))!.text()).toBe('new copy');
    expect(await (await packedResponse(storage, oldPageKey))!.text()).toBe('old page');

    await prunePacks(storage, [sharedKey, newPageKey], new Set());

    const stored = [...caches.get(packCacheName)!.entries.keys()].sort();
    expect(stored).toEqual([
      `${origin}/assets/precache-pack-new.bin`,
      `${origin}/assets/precache-pack-new.bin?pack-index`,
    ]);
    expect(await packedResponse(storage, oldPageKey)).toBeUndefined();
    expect(await (await packedResponse(storage, newPageKey))!.text()).toBe('new page');
  });

  it('keeps an older pack while it answers a listed file the newer one and the cache lack', async () => {
    const { storage, caches } = memoryCacheStorage();
    const keptKey = `${origin}/assets/kept-Bb22.js`;
    await storePack(
      storage,
      `${origin}/assets/precache-pack-first.bin`,
      packOf({ '/assets/kept-Bb22.js': 'kept' }),
      new Map([['/assets/kept-Bb22.js', [keptKey]]]),
      new Headers(),
    );
    await prunePacks(storage, [keptKey, `${origin}/sw-update-only.js`], new Set());
    expect(caches.get(packCacheName)!.entries.size).toBe(2);
    // Once the precache cache holds the file itself, the pack goes.
    await prunePacks(storage, [keptKey], new Set([keptKey]));
    expect(caches.get(packCacheName)!.entries.size).toBe(0);
  });

  it('stores nothing from a malformed pack or when the device refuses the write', async () => {
    const { storage, caches } = memoryCacheStorage();
    const keys = new Map([['/a.js', [`${origin}/a.js`]]]);
    await expect(
      storePack(
        storage,
        `${origin}/p.bin`,
        packOf({ '/a.js': 'a' }).slice(0, 9),
        keys,
        new Headers(),
      ),
    ).rejects.toThrow(/truncated/);
    expect(caches.get(packCacheName)?.entries.size ?? 0).toBe(0);

    const cache = (await storage.open(packCacheName)) as unknown as MemoryCache;
    const put = cache.put.bind(cache);
    // The pack is written, its index refused: the pack is taken back out.
    cache.put = async (request, response) => {
      if (urlOf(request).endsWith('?pack-index')) {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      }
      return put(request, response);
    };
    await expect(
      storePack(storage, `${origin}/p.bin`, packOf({ '/a.js': 'a' }), keys, new Headers()),
    ).rejects.toThrow('Quota exceeded');
    expect(cache.entries.size).toBe(0);
    expect(await packedResponse(storage, `${origin}/a.js`)).toBeUndefined();
  });
});
