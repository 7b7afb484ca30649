// `npm start`: builds the PWA when the build is missing or older than its sources, then runs
// the sync server (which serves the app, the API and the seed data on http://localhost:8787).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist', 'index.html');
const buildInputs = ['src', 'schemas', 'workers', 'public', 'index.html', 'vite.config.ts'];

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

const buildTime = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourceTime = Math.max(...buildInputs.map((input) => newestMtime(join(root, input))));
if (buildTime < sourceTime) {
  console.log(
    buildTime ? 'Sources changed: rebuilding the app…' : 'Building the app (first start)…',
  );
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Offline map archives (data/tiles/, generated): built when missing or older than their inputs.
const tiles = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/tiles/build.ts', '--if-stale'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (tiles.status !== 0) process.exit(tiles.status ?? 1);

// One process (tsx as a loader, not via npx) so stop signals reach the server itself.
const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
