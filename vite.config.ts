import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { compressBuild } from './scripts/compress-build.ts';
import { buildOutputStep } from './scripts/build-output-step.ts';
import { buildPrecachePack, type PrecacheGlobOptions } from './scripts/precache-pack-build.ts';
import { prerenderPages } from './scripts/prerender-build.ts';
import { preloadStartChunks } from './scripts/preload-start-chunks.ts';
import { prerenderedRoutes } from './src/app/prerender/prerendered-routes.ts';
import { loadSeedDocuments } from './sync-server/seed/seed-cache.ts';
import { seedContentHash } from './sync-server/seed/seed-documents.ts';

/**
 * Build of the PWA. The service worker (`/sw.js`) precaches the app shell and every route chunk
 * so any page reloads offline after one online visit; the heavy capabilities (maplibre, the
 * Whisper runtime and its ~27 MB wasm, map archives, model files) get their own runtime caches
 * and are fetched only when the rider asks for them (docs/architecture.md#pwa).
 */
const precacheGlob: PrecacheGlobOptions = {
  globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
  // The heavy capabilities (workers/sw.ts caches them on first use). The speech worker bundles
  // transformers.js (~550 kB): fetched with the model, not precached.
  globIgnores: [
    '**/*maplibre*',
    '**/*transformers*',
    '**/*onnxruntime*',
    '**/ort*.wasm',
    '**/speech-worker*',
    // RxDB's dev mode and Ajv validation load in development builds only (src/db/database.ts).
    '**/dev-mode-*',
    '**/validate-ajv-*',
  ],
  maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
};

/**
 * The precache pack's entry, filled in by its build step before vite-plugin-pwa builds the
 * worker's list (an entry of its own, so the files' size limit never drops the pack).
 */
const precachePackEntries: Array<{ url: string; revision: null }> = [];

/**
 * The module the entry imports to start the app (src/main.tsx): its chunk, with everything it
 * imports statically, is the app's shell.
 */
const appShellModule = 'src/app/start-app.tsx';

/** The shipped catalogue, as the server seeds it: what pre-rendered pages show until the device answers. */
function shippedCatalogue() {
  const dataFolder = new URL('./data', import.meta.url).pathname;
  return loadSeedDocuments(dataFolder, seedContentHash(dataFolder), 0);
}

export default defineConfig({
  plugins: [
    react(),
    // The app's UI is US English (voice-navigation §5: "English (US)"); react-aria would
    // otherwise ship its built-in strings for every locale it supports.
    { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // Our own worker (workers/sw.ts): workbox's routing and precache bookkeeping, with an
      // install that downloads the precache pack instead of ~300 files one by one.
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Natural State Trails',
        short_name: 'NS Trails',
        description:
          'Offline trail maps, recording, navigation and safety for Arkansas riders, campers, hikers, cyclists, hunters and anglers.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0b1020',
        background_color: '#0b1020',
        categories: ['navigation', 'sports', 'travel'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: { ...precacheGlob, additionalManifestEntries: precachePackEntries },
    }),
    // The chunks the entry imports dynamically (src/main.tsx), asked for with the page.
    preloadStartChunks(['node_modules/react-dom/client.js', appShellModule]),
    // The pre-rendered pages go in before the pack and the worker's list, which then hold them.
    prerenderPages({
      entry: 'src/app/prerender/render-route.tsx',
      routes: prerenderedRoutes,
      loadCatalogue: shippedCatalogue,
      shellModules: [appShellModule],
      plugins: () => [react()],
    }),
    // The pack goes in before vite-plugin-pwa lists the files, so the worker's list names it.
    buildOutputStep('precache-pack', 'writeBundle', async (folder) => {
      const pack = await buildPrecachePack(folder, precacheGlob);
      precachePackEntries.splice(0, Infinity, { url: pack.fileName, revision: null });
    }),
    // Brotli and gzip copies of the text files for the server to send (the worker included).
    buildOutputStep('precompress', 'closeBundle', compressBuild),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small database reads every screen makes (the catalogues and their status,
              // local documents): one chunk rather than six of a few hundred bytes. Those the app
              // shell imports go into the shell's chunk below (its group has the higher
              // priority); this one holds the rest, loaded once the database opens. The trip
              // context is not one of them (pages read it once the database is open).
              name: 'database-reads',
              test: /src[\\/]db(-react)?[\\/](hooks|catalogue-reads|catalogue-status|local-document-write|use-observable|provider)\.tsx?$/,
            },
            // Every script a visit loads costs a request through the service worker (about
            // 4 ms of the browser's and the page's time together on a desktop), a modulepreload
            // link the main thread inserts (about 0.4 ms each on a desktop, four times that on
            // a phone) and gzip's per-file overhead, and the automatic split cut the app into
            // chunks of a few hundred bytes (a visit of the home page loaded 206 scripts, then
            // 141). So:
            // - the entry holds only what runs before the first render (the stored theme) and
            //   starts the rest in two chunks, each evaluated in a task of its own
            //   (src/main.tsx): React, then everything the app's first screen imports
            //   (`start-app.tsx` and its static imports), which the first screen needs anyway;
            // - icons, date functions, rxjs operators and the react-aria hooks and components
            //   the pages use after the first paint are one chunk per library;
            // - the database and the two migrations it imports while it opens are one chunk.
            // The services the shell starts after the first paint (watchers, the toaster, the
            // voice button, the sync engine) stay apart: they load at different moments, and one
            // chunk of them was one long task of evaluation on the emulated phone (throttled
            // traces: blocking time about a fifth higher). The home page's visit loads 88
            // scripts and 472 KiB instead of 141 and 483 KiB.
            { name: 'entry', tags: ['$initial'], priority: 3 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'shell',
              test: (id) => id === fileURLToPath(new URL(appShellModule, import.meta.url)),
              priority: 1,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: 'dates', test: /node_modules[\\/]date-fns[\\/]/ },
            { name: 'rxjs', test: /node_modules[\\/]rxjs[\\/]/ },
            {
              name: 'aria',
              test: /node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@internationalized)[\\/]/,
            },
            {
              name: 'storage',
              test: /src[\\/]db[\\/](database|legacy-migration|collection-moves)\.ts$/,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
  server: {
    proxy: { '/api': 'http://localhost:8787' },
  },
});
