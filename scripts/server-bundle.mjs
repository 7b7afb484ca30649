// The sync server as one JavaScript file for `npm start` (cold start). Loading the
// TypeScript sources through tsx sent every import, each dependency's files too, through its
// loader hooks, which took seconds; Node reading hundreds of package files took most of the
// rest. The bundle holds our code and the pure-JavaScript packages; native ones load as usual.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;

/**
 * Where `npm start` keeps the bundle (a build output, never committed). Named after the checkout
 * too: git worktrees often share one node_modules, and a bundle judged fresh by its mtime must
 * never be another checkout's.
 */
export const serverBundlePath = join(
  root,
  'node_modules',
  '.cache',
  'natural-state-trails',
  `server-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.mjs`,
);

/** What the bundle is built from, relative to the repository: a change to any rebuilds it. */
const bundleInputs = [
  'sync-server',
  'schemas',
  'datasets',
  'map-archives',
  'workers',
  'package.json',
  'package-lock.json',
  'scripts/server-bundle.mjs',
];

/** Packages with native code (or an optional native part) that must load from node_modules. */
const nativePackages = ['better-sqlite3', '@node-rs/argon2', 'pg-native'];

/** Newest modification time (ms) of a file or, recursively, of a folder's files. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stats.mtimeMs,
  );
}

/**
 * What the app build (dist/) is made from, relative to the repo: `npm start` and the browser
 * journeys rebuild when any is newer than dist/index.html. The pre-rendered pages also show the
 * shipped catalogue (data/places, data/trails); the build steps in scripts/ write the pages and
 * the precache pack.
 */
export const appBuildInputs = [
  'src',
  'schemas',
  'workers',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/prerender-build.ts',
  'scripts/precache-pack-build.ts',
  'data/places',
  'data/trails',
];

/** True when `output` is missing or older than any of `inputs` (paths relative to the repo). */
export function isStale(output, inputs) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...inputs.map((input) => newestMtime(join(root, input))));
}

/**
 * Gives each bundled source file its own `import.meta.url`, so paths it resolves from its own
 * place in the repository (data/, package.json) stay right inside the bundle.
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

/**
 * Bundles sync-server/main.ts into `outfile` (with a source map) when it is missing or older
 * than its inputs, or always with `force`. Resolves to true when it built. Rejects with
 * esbuild's error when the sources do not compile.
 */
export async function bundleServer({ outfile = serverBundlePath, force = false } = {}) {
  if (!force && !isStale(outfile, bundleInputs)) return false;
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'sync-server', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: nativePackages,
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceUrls],
    // CommonJS packages inside an ES module bundle still call require (for Node's own modules).
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return true;
}
