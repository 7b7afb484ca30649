/**
 * A Vite build plugin running one step on the finished output folder (`build.outDir`): the
 * precache pack once the app's files are written, the compressed copies once everything,
 * the service worker included, is (vite.config.ts).
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Runs `step(outputFolder)` in `hook`, after the other plugins' handlers of that hook:
 * `writeBundle` (the app's files are on disk; vite-plugin-pwa has not listed them yet) or
 * `closeBundle` (vite-plugin-pwa has written the service worker).
 */
export function buildOutputStep(
  name: string,
  hook: 'writeBundle' | 'closeBundle',
  step: (outputFolder: string) => unknown,
): Plugin {
  let outputFolder = 'dist';
  return {
    name: `natural-state-trails:${name}`,
    apply: 'build',
    configResolved(config) {
      outputFolder = resolve(config.root, config.build.outDir);
    },
    [hook]: {
      order: 'post',
      sequential: true,
      async handler() {
        await step(outputFolder);
      },
    },
  };
}
