/**
 * Serves the built PWA (vite build output, `dist/`) with caching that suits a service-worker
 * app: hashed files under /assets/ are immutable for a year; the entry points the browser must
 * re-check (the HTML pages, the service worker with its bundled Workbox code, the manifest) are
 * `no-cache`; everything else gets a short max-age. Text files go out in the build's Brotli or
 * gzip copy when the browser accepts one. A GET of a route the build pre-rendered answers its page
 * (`/safety` → safety.html, `/map/some-trail` → map/[trailId].html); any other GET outside /api/
 * answers the empty app shell (app-shell.html) so client-side routes load the app.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

export const immutableCacheControl = 'public, max-age=31536000, immutable';
export const noCacheControl = 'no-cache';
export const shortCacheControl = 'public, max-age=3600';

/** A file name the build writes under assets/ (`home-page-GDzA5VvD.js`, `maplibre-gl~x.js.map`). */
const assetFileName = /^[\w~-][\w.~-]*$/;

const alwaysRevalidated = /^(.*\.html|sw\.js|manifest\.webmanifest)$/;

/** The build's empty shell, for routes without a pre-rendered page (scripts/prerender-build.ts). */
export const appShellFile = 'app-shell.html';

/** A pre-rendered page of the build: its file and its path's segments (`[name]`: any value). */
interface PrerenderedPage {
  file: string;
  segments: string[];
}

/** Every pre-rendered page under `staticDir` (its .html files but the shell), exact ones first. */
export function listPrerenderedPages(staticDir: string): PrerenderedPage[] {
  const pages: PrerenderedPage[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(join(staticDir, folder), { withFileTypes: true })) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory() && path !== 'assets') visit(path);
      else if (entry.isFile() && path.endsWith('.html') && path !== appShellFile) {
        const route = path.slice(0, -'.html'.length);
        pages.push({ file: path, segments: route === 'index' ? [] : route.split('/') });
      }
    }
  };
  visit('');
  const parameters = (page: PrerenderedPage) =>
    page.segments.filter((segment) => segment.startsWith('[')).length;
  return pages.sort((a, b) => parameters(a) - parameters(b));
}

/** The pre-rendered page answering URL path `pathname`, or null. */
export function prerenderedPageFor(pages: PrerenderedPage[], pathname: string): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const page = pages.find(
    (candidate) =>
      candidate.segments.length === segments.length &&
      candidate.segments.every(
        (segment, index) => segment.startsWith('[') || segment === segments[index],
      ),
  );
  return page?.file ?? null;
}

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
 * /api/* routes (any method) get a JSON 404; other GET/HEAD requests get the route's pre-rendered
 * page or the app shell (200,
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
    // The build's hashed files, a first visit's ~140 requests: served without the plugin's
    // per-request check of the path's spelling, which lists the folder of ~1,000 files for every
    // request (half a millisecond each on two cores, while the browser waits six at a time).
    // Their names are the build's own, one segment of plain characters; anything else takes the
    // general route. Logged at warning level only: a line per script says nothing an operator
    // needs and cost a quarter of a millisecond each.
    app.get<{ Params: { file: string } }>(
      '/assets/:file',
      { logLevel: 'warn' },
      (request, reply) => {
        const { file } = request.params;
        if (!assetFileName.test(file)) return reply.callNotFound();
        return reply.sendFile(`assets/${file}`);
      },
    );
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) {
      return sendError(reply, 404, `No API route ${request.method} ${request.url.split('?')[0]}.`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}.`);
    }
    if (!hasStaticDir || !existsSync(join(staticDir, appShellFile))) {
      return sendError(
        reply,
        503,
        'The app is not built yet: run `npm run build` (or `npm start`, which builds it) and reload.',
      );
    }
    reply.header('cache-control', noCacheControl);
    let pathname = request.url.split('?')[0]!;
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      // A malformed escape matches no page: the shell answers.
    }
    // Listed per request (a few folders, the assets skipped): a new build takes effect at once.
    const page = prerenderedPageFor(listPrerenderedPages(staticDir), pathname) ?? appShellFile;
    return reply.code(200).type('text/html; charset=utf-8').sendFile(page);
  });
}
