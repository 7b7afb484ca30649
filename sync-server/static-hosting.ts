/**
 * Serves the built PWA (vite build output, `dist/`) with caching that suits a service-worker
 * app: hashed files under /assets/ are immutable for a year; the entry points the browser must
 * re-check (index.html, the service worker with its bundled Workbox code, the manifest) are
 * `no-cache`; everything else gets a short max-age. Text files go out in the build's Brotli or
 * gzip copy when the browser accepts one. Any other GET outside /api/ answers index.html so
 * client-side routes (e.g. /map/some-trail) load the app.
 */
import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

export const immutableCacheControl = 'public, max-age=31536000, immutable';
export const noCacheControl = 'no-cache';
export const shortCacheControl = 'public, max-age=3600';

const alwaysRevalidated = /^(index\.html|sw\.js|manifest\.webmanifest)$/;

/**
 * The Cache-Control header for a file of the build, given its path relative to the build root.
 * A compressed copy (`index.html.br`, `assets/x.js.gz`) is cached like the file it encodes.
 */
export function cacheControlFor(relativePath: string): string {
  const normalized = relativePath
    .split(sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (normalized.startsWith('assets/')) return immutableCacheControl;
  if (alwaysRevalidated.test(basename(normalized))) return noCacheControl;
  return shortCacheControl;
}

/** True for paths the SPA must never answer: the API namespace. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Registers static hosting of `staticDir` (when it exists) and the not-found handler: unknown
 * /api/* routes (any method) get a JSON 404; other GET/HEAD requests get index.html (200,
 * no-cache), or a JSON 503 when the app has not been built; other methods get a JSON 404.
 */
export async function registerStaticHosting(
  app: FastifyInstance,
  staticDir: string | null,
): Promise<void> {
  const hasStaticDir = staticDir !== null && existsSync(staticDir);
  if (hasStaticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      // The build writes .br and .gz copies of its text files (scripts/compress-build.ts): a
      // browser that accepts one gets it, with Vary: Accept-Encoding.
      preCompressed: true,
      // Hidden files of the build folder are never part of the app.
      dotfiles: 'ignore',
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(relative(staticDir, path)));
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) {
      return sendError(reply, 404, `No API route ${request.method} ${request.url.split('?')[0]}.`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}.`);
    }
    if (!hasStaticDir || !existsSync(join(staticDir, 'index.html'))) {
      return sendError(
        reply,
        503,
        'The app is not built yet: run `npm run build` (or `npm start`, which builds it) and reload.',
      );
    }
    reply.header('cache-control', noCacheControl);
    return reply.code(200).type('text/html; charset=utf-8').sendFile('index.html');
  });
}
