import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { compressBuild } from './scripts/compress-build.ts';

/**
 * Build of the PWA. The service worker (`/sw.js`) precaches the app shell and every route chunk
 * so any page reloads offline after one online visit; the heavy capabilities (maplibre, the
 * Whisper runtime and its ~27 MB wasm, map archives, model files) get their own runtime caches
 * and are fetched only when the rider asks for them (docs/architecture.md#pwa).
 */
const heavyChunk = /(maplibre|transformers|onnxruntime|(^|\/)ort[-.]|speech-worker)/i;

/**
 * Writes .br and .gz copies of the build's text files once everything (the service worker
 * included) is written; the server sends them to browsers that accept them.
 */
function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'natural-state-trails:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        compressBuild(outDir);
      },
    },
  };
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
      filename: 'sw.js',
      strategies: 'generateSW',
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
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // The speech worker bundles transformers.js (~550 kB): fetched with the model, not precached.
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
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/tiles\//, /^\/models\//],
        cleanupOutdatedCaches: true,
        // Control the very first page so it works offline without a second visit; updates still
        // wait for the rider to accept them (no skipWaiting).
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && heavyChunk.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'heavy-capabilities',
              expiration: { maxEntries: 20 },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/models/'),
            handler: 'CacheFirst',
            options: { cacheName: 'speech-models', expiration: { maxEntries: 30 } },
          },
        ],
      },
    }),
    precompressBuild(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  worker: { format: 'es' },
  server: {
    proxy: { '/api': 'http://localhost:8787' },
  },
});
