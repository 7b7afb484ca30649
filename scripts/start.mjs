// `npm start`: builds the PWA when the build is missing or older than its sources, bundles the
// sync server the same way, then runs it (the app, the API and the seed data on
// http://localhost:8787) while the offline map archives are checked (and built when stale)
// beside it.
import { spawnSync, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { appBuildInputs, bundleServer, isStale, serverBundlePath } from './server-bundle.mjs';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist', 'index.html');

if (isStale(builtIndex, appBuildInputs)) {
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

await bundleServer();

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
await import(pathToFileURL(serverBundlePath).href);
