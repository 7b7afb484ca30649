/**
 * Browser entry: applies the stored theme before the first paint (requirements §core-4, from the
 * localStorage mirror), then starts the app (`src/app/start-app.tsx`).
 *
 * The entry is small on purpose. Evaluating the app's code is the longest piece of main-thread
 * work of a first visit, so it runs in three tasks with the browser free between them (a tap on
 * the pre-rendered page, a frame): React, then the app's first-screen code, then the router's
 * start. The build asks for both chunks with the page (modulepreload links, vite.config.ts), so
 * splitting them costs no round trip; the page's own chunks are asked for once it has painted
 * (src/app/prerender/page-scripts.ts).
 */
import { preloadPageScripts } from './app/prerender/page-scripts.ts';
import { applyInitialTheme } from './app/theme/theme-storage.ts';
import { yieldToMain } from './lib/scheduling/yield-to-main.ts';
import './ui/theme.css';

applyInitialTheme();

// After the pre-rendered page has painted (the frame, then a task), never before it: the page's
// own scripts then download beside React and the first-screen code instead of after them.
requestAnimationFrame(() => setTimeout(() => preloadPageScripts(document), 0));

void yieldToMain()
  .then(() => import('react-dom/client'))
  .then(yieldToMain)
  .then(() => import('./app/start-app.tsx'))
  .then(async ({ startApp }) => {
    await yieldToMain();
    startApp();
  });
