// `npm start`: builds the PWA when the build is missing or older than its sources, bundles the
// sync server the same way, then runs it (the app, the API and the seed data on
// http://localhost:8787) while the offline map archives are checked (and built when stale)
// beside it.
import { spawnSync, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist', 'index.html');
const buildInputs = ['src', 'schemas', 'workers', 'public', 'index.html', 'vite.config.ts'];

/**
 * The server as one JavaScript file (issue 18, cold start): loading the TypeScript sources
 * through tsx sends every import, the dependencies' too, through its loader hooks, which took
 * seconds; the bundle holds our code only and Node loads the packages itself.
 */
const serverBundle = join(root, 'node_modules', '.cache', 'natural-state-trails', 'server.mjs');
const serverInputs = [
  'sync-server',
  'schemas',
  'datasets',
  'workers',
  'package.json',
  'package-lock.json',
  'scripts/start.mjs',
];

/** Newest modification time (ms) of a file or, recursively, of a folder's files. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stats.mtimeMs,
  );
}

/** True when `output` is missing or older than any of `inputs` (paths relative to the repo). */
function isStale(output, inputs) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...inputs.map((input) => newestMtime(join(root, input))));
}

if (isStale(builtIndex, buildInputs)) {
  console.log(
    existsSync(builtIndex)
      ? 'Sources changed: rebuilding the app…'
      : 'Building the app (first start)…',
  );
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
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

if (isStale(serverBundle, serverInputs)) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'sync-server', 'main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
}

// The server re-reads the map catalog when it changes and the build publishes it last, so the
// archives can be checked (and built) while the server starts; until then /api/map-regions
// answers that the maps are not built. At the lowest CPU priority: the server starts first.
const tiles = spawn(process.execPath, ['--import', 'tsx', 'scripts/tiles/build.ts', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
try {
  setPriority(tiles.pid, 19);
} catch {
  // Not permitted here: the check then just shares the CPU.
}
tiles.on('exit', (code) => {
  if (code !== 0 && code !== null) {
    console.error('The offline map archives could not be built; run `npm run tiles` to retry.');
  }
});
process.on('exit', () => tiles.kill('SIGTERM'));

// The server runs in this process (main.ts handles SIGINT and SIGTERM), saving a second
// Node start; source maps make its stack traces name the TypeScript files.
process.setSourceMapsEnabled(true);
// Relative settings (DATA_DIR, STATIC_DIR) mean the repository, wherever this was started from.
process.chdir(root);
await import(pathToFileURL(serverBundle).href);
