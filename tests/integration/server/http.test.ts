// The server over a real port (listen on port 0, plain fetch), as a browser and the PWA's
// service worker meet it: JSON errors, body limits, security headers, caching and SPA fallback.
import type { FastifyInstance } from 'fastify';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replicationBasePath } from '../../../schemas/sync-protocol.ts';
import type { Trail } from '../../../schemas/trails.ts';
import {
  buildTestApp,
  createWorkspace,
  fakeAsset,
  fakeAppShellHtml,
  fakeIndexHtml,
  fakePrerenderedPages,
  type TestWorkspace,
} from './test-server.ts';

let workspace: TestWorkspace;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  workspace = await createWorkspace();
  app = await buildTestApp(workspace);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app?.close();
  await workspace?.remove();
});

async function expectJsonError(response: Response, statusCode: number, error: string) {
  expect(response.status).toBe(statusCode);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toEqual({ statusCode, error, message: expect.any(String) });
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
}

describe('API over HTTP', () => {
  it('answers the trails array and health', async () => {
    const trails = (await (await fetch(`${baseUrl}/api/trails`)).json()) as Trail[];
    expect(trails).toHaveLength(246);

    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: 'ok',
      database: 'sqlite',
      counts: {
        trails: 246,
        wmas: 33,
        campgrounds: expect.any(Number),
        achievements: expect.any(Number),
      },
      seededAt: expect.any(Number),
    });
  });

  it('answers a JSON 404 for unknown API routes, whatever the method, never the app', async () => {
    await expectJsonError(await fetch(`${baseUrl}/api/x`), 404, 'Not Found');
    await expectJsonError(
      await fetch(`${baseUrl}/api/x`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      }),
      404,
      'Not Found',
    );
    await expectJsonError(await fetch(`${baseUrl}/api/trails/x/y`), 404, 'Not Found');
    await expectJsonError(await fetch(`${baseUrl}/api`), 404, 'Not Found');
  });

  it('rejects a malformed JSON body with a JSON 400', async () => {
    await expectJsonError(
      await fetch(`${baseUrl}/api/x`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name": "unterminated',
      }),
      400,
      'Bad Request',
    );
  });

  it('rejects a body over 1 MiB with a JSON 413', async () => {
    const body = JSON.stringify({ notes: 'x'.repeat(1024 * 1024) });
    await expectJsonError(
      await fetch(`${baseUrl}/api/x`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
      413,
      'Payload Too Large',
    );
  });

  it('compresses large JSON answers (catalogue pulls) for a client that accepts it', async () => {
    const pull = `${replicationBasePath('trails')}/pull?limit=500`;
    const plain = await app.inject({ url: pull });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);

    const brotli = await app.inject({ url: pull, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    // The trails with their USFS lines: well under a third of the bytes on the wire.
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.payload);

    const gzip = await app.inject({
      url: '/api/campgrounds',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const campgrounds = JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')) as unknown[];
    expect(campgrounds.length).toBeGreaterThan(10);

    // A browser's fetch decodes it: the app sees the same JSON.
    const fetched = await fetch(`${baseUrl}${pull}`, { headers: { 'accept-encoding': 'br' } });
    expect(fetched.headers.get('content-encoding')).toBe('br');
    expect(await fetched.text()).toBe(plain.payload);
  });

  it('leaves small JSON answers and errors uncompressed', async () => {
    const missing = await app.inject({
      url: '/api/trails/no-such-trail',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ statusCode: 404 });
  });

  it('sends a CSP that lets the PWA run over plain HTTP', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('static hosting of the PWA', () => {
  it('caches hashed assets for a year, immutably', async () => {
    const response = await fetch(`${baseUrl}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(fakeAsset);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('makes the browser revalidate index.html and the service worker', async () => {
    for (const path of ['/', '/index.html', '/sw.js']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it("sends the build's Brotli or gzip copy to a browser that accepts it, cached like the file", async () => {
    // What scripts/compress-build.ts writes beside each text file of a real build.
    const asset = join(workspace.staticDir, 'assets', 'app-abc123.js');
    writeFileSync(`${asset}.br`, brotliCompressSync(fakeAsset));
    writeFileSync(`${asset}.gz`, gzipSync(fakeAsset));
    writeFileSync(join(workspace.staticDir, 'index.html.br'), brotliCompressSync(fakeIndexHtml));
    writeFileSync(
      join(workspace.staticDir, 'app-shell.html.br'),
      brotliCompressSync(fakeAppShellHtml),
    );
    // undici's fetch decodes the body and keeps the content-encoding header.
    const brotli = await fetch(`${baseUrl}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toBe(fakeAsset);
    const gzip = await fetch(`${baseUrl}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(fakeAsset);
    for (const [path, html] of [
      ['/', fakeIndexHtml],
      ['/index.html', fakeIndexHtml],
      ['/garage', fakeAppShellHtml],
    ] as const) {
      const page = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(page.headers.get('content-encoding'), path).toBe('br');
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
      expect(await page.text(), path).toBe(html);
    }
  });

  it('gives other files a short max-age', async () => {
    const response = await fetch(`${baseUrl}/icon-192.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  });

  it("answers a pre-rendered route its page, any value of a route's parameter its page, other routes the app shell", async () => {
    for (const [path, html] of [
      ['/safety', fakePrerenderedPages['safety.html']],
      ['/map', fakePrerenderedPages['map.html']],
      ['/map/some-trail', fakePrerenderedPages['map/[trailId].html']],
      ['/map/some%20trail?zoom=12', fakePrerenderedPages['map/[trailId].html']],
      ['/ai-trails', fakeAppShellHtml],
      ['/map/some-trail/extra', fakeAppShellHtml],
      ['/safety/checklist', fakeAppShellHtml],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toBe(html);
    }
  });

  it('answers a JSON 404 to non-GET requests outside the API', async () => {
    await expectJsonError(
      await fetch(`${baseUrl}/ai-trails`, { method: 'DELETE' }),
      404,
      'Not Found',
    );
  });
});
