/**
 * The pre-render build step (docs/architecture.md#pre-rendered-first-screens): once the client
 * build is written, bundles the server entry `src/app/prerender/render-route.tsx` for Node,
 * renders each route a newcomer lands on and writes it as a page of its own into the build, with
 * the markup in `#root`, the stylesheets its first screen needs inline and the JSON its
 * hydration reads. The build's `index.html` becomes the pre-rendered home page; the empty shell
 * every other route loads is kept as `app-shell.html`. A route with a parameter is rendered once
 * for one value and written with the parameter's name in brackets (`map/[trailId].html`); the
 * server and the service worker answer every value with it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { chunksToPreload } from './preload-start-chunks.ts';

/** A route to pre-render (the app's list: src/app/prerender/prerendered-routes.ts). */
export interface PrerenderedRoute {
  /** The route's path; a parameter segment is written `$name` (`/map/$trailId`). */
  path: string;
  /** The concrete path rendered for a route with a parameter. */
  renderAt?: string;
  /** Source modules (from the project root) whose stylesheets the first screen needs inline. */
  pageModules?: string[];
}

/** The catalogue the pages are rendered with (the entry's `PrerenderCatalogue`). */
export interface PrerenderCatalogue {
  trails: readonly unknown[];
  wmas: readonly unknown[];
}

/** Options of `prerenderPages`. */
export interface PrerenderOptions {
  /** The server entry, from the project root. */
  entry: string;
  routes: readonly PrerenderedRoute[];
  /** Reads the catalogue the build ships (called once per build). */
  loadCatalogue: () => PrerenderCatalogue;
  /** Plugins the server bundle needs (JSX). */
  plugins: () => PluginOption[];
  /**
   * Source modules (from the project root) every first screen needs besides the entry's own
   * chunk: the app's shell, which the entry imports dynamically.
   */
  shellModules?: string[];
}

/** The name of the empty app shell the routes without a page of their own load. */
export const appShellFile = 'app-shell.html';

/** The build file of route `path`: `/` → index.html, `/map/$trailId` → map/[trailId].html. */
export function prerenderedFileOf(path: string): string {
  if (path === '/') return 'index.html';
  return `${path
    .slice(1)
    .split('/')
    .map((segment) => (segment.startsWith('$') ? `[${segment.slice(1)}]` : segment))
    .join('/')}.html`;
}

type RenderRoute = (
  path: string,
  catalogue: PrerenderCatalogue,
  renderedAt: number,
) => Promise<{ html: string; data: string }>;

/** The stylesheets (build file names) of `chunk` and of every chunk it imports statically. */
function stylesheetsOf(chunk: OutputChunk, bundle: OutputBundle, into = new Set<string>()) {
  const seen = new Set<string>();
  const visit = (current: OutputChunk) => {
    if (seen.has(current.fileName)) return;
    seen.add(current.fileName);
    for (const stylesheet of current.viteMetadata?.importedCss ?? []) into.add(stylesheet);
    for (const imported of current.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(chunk);
  return into;
}

/**
 * The built `template` (index.html) as a pre-rendered page: the route's markup in `#root`, its
 * data (JSON text) beside it, the `stylesheets` (their public paths, e.g. `/assets/x.css`, and
 * text) inline in place of the stylesheet links, the resource hints React put first in the
 * markup moved to the head, and the page's own scripts (`pageScripts`, public paths, each after
 * those it imports) listed for the entry to ask for once the page has painted
 * (src/app/prerender/page-scripts.ts).
 *
 * Each inlined file also keeps a disabled link, which the browser neither fetches nor applies:
 * Vite's loader of lazily loaded chunks adds a chunk's stylesheets unless a link to them is
 * already in the page, and would otherwise fetch, parse and apply again, during hydration,
 * what the page already has inline (one long task on a mid-range phone).
 */
export function pageFromTemplate(
  template: string,
  rendered: { html: string; data: string },
  stylesheets: readonly { path: string; text: string }[],
  pageScripts: readonly string[] = [],
): string {
  const withoutStylesheetLinks = template.replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
  // React puts the resource hints it found (the logo's image preload) first; they belong in the
  // head, where the browser's own render would have put them.
  const hints = /^(?:<link [^>]*>)+/.exec(rendered.html)?.[0] ?? '';
  const inlined = stylesheets
    .map(({ path }) => `<link rel="stylesheet" href="${path}" disabled>`)
    .join('');
  const styles = stylesheets.map(({ text }) => text).join('\n');
  const scripts =
    pageScripts.length > 0
      ? `<script type="application/json" id="page-scripts">${JSON.stringify(pageScripts)}</script>`
      : '';
  return withoutStylesheetLinks
    .replace('</head>', `${hints}${inlined}<style>${styles}</style>${scripts}\n</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${rendered.html.slice(hints.length)}</div>\n    <script type="application/json" id="prerender-data">${rendered.data}</script>`,
    );
}

/**
 * A Vite plugin pre-rendering `options.routes` into the client build (see the file comment). It
 * writes the pages in `writeBundle`, so later steps (the precache pack, vite-plugin-pwa's file
 * list, compression) see them.
 */
export function prerenderPages(options: PrerenderOptions): Plugin {
  let root = process.cwd();
  let outputFolder = 'dist';
  let publicBase = '/';
  return {
    name: 'natural-state-trails:prerender',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      root = config.root;
      publicBase = config.base;
      outputFolder = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(_outputOptions, bundle) {
        const chunks = Object.values(bundle).filter(
          (file): file is OutputChunk => file.type === 'chunk',
        );
        const entryChunk = chunks.find((chunk) => chunk.isEntry);
        if (!entryChunk) throw new Error('Pre-render: the client build has no entry chunk.');
        const serverFolder = join(root, 'node_modules', '.cache', 'prerender-server');
        await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: options.plugins(),
          build: {
            ssr: options.entry,
            outDir: serverFolder,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'render-route.mjs' } },
          },
        });
        // Imported by its plain URL: the bundle's lazily loaded chunks import the entry back by
        // that URL and must share its module state (a query would load a second copy).
        const serverEntry = pathToFileURL(join(serverFolder, 'render-route.mjs'));
        const { renderRoute } = (await import(serverEntry.href)) as { renderRoute: RenderRoute };

        const template = readFileSync(join(outputFolder, 'index.html'), 'utf8');
        writeFileSync(join(outputFolder, appShellFile), template);
        const catalogue = options.loadCatalogue();
        const renderedAt = Date.now();
        const shellIds = (options.shellModules ?? []).map((module) => resolve(root, module));
        // What the page asks for with its entry (its links, scripts/preload-start-chunks.ts).
        const startScripts = new Set(
          chunksToPreload(bundle, [...entryChunk.moduleIds, ...shellIds], new Set()).map(
            (chunk) => chunk.fileName,
          ),
        );
        for (const route of options.routes) {
          const stylesheets = stylesheetsOf(entryChunk, bundle);
          for (const module of [...(options.shellModules ?? []), ...(route.pageModules ?? [])]) {
            const id = resolve(root, module);
            const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
            if (!chunk) throw new Error(`Pre-render: no chunk holds ${module}.`);
            stylesheetsOf(chunk, bundle, stylesheets);
          }
          const pageScripts = chunksToPreload(
            bundle,
            (route.pageModules ?? []).map((module) => resolve(root, module)),
            startScripts,
          ).map((chunk) => `${publicBase}${chunk.fileName}`);
          const inline = [...stylesheets].map((file) => ({
            path: `${publicBase}${file}`,
            text: readFileSync(join(outputFolder, file), 'utf8'),
          }));
          const rendered = await renderRoute(route.renderAt ?? route.path, catalogue, renderedAt);
          const file = join(outputFolder, prerenderedFileOf(route.path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, pageFromTemplate(template, rendered, inline, pageScripts));
        }
      },
    },
  };
}
