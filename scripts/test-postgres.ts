/**
 * A private, throw-away PostgreSQL server for the integration tests (docs/architecture.md#testing: the
 * Postgres suite runs against a real local server). The vitest global setup of the integration
 * project starts one per test run; nothing is shared with any other PostgreSQL on the machine.
 *
 * It needs PostgreSQL's server binaries (Debian's `postgresql-15`, which
 * scripts/setup-test-env.sh installs). The cluster lives in a temporary folder, listens only on
 * 127.0.0.1 on a free port, runs without fsync (its data is discarded), and has a role
 * `nst_test` that may create databases, signing in with a random password over TCP (the same
 * SCRAM authentication a production server uses). `initdb` refuses to run as root, so as root
 * the cluster belongs to the `postgres` system user and its commands run through `runuser`.
 *
 * Run directly (`npx tsx scripts/test-postgres.ts`) it starts a server, prints its URL and stops
 * it on Ctrl-C: handy for `TEST_DATABASE_URL=<url> npx vitest run --project integration`.
 */
import { spawn as spawnAsync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/** A running test server; `url` signs in as `nst_test`, which may CREATE DATABASE. */
export interface TestPostgres {
  /** postgres://nst_test:<password>@127.0.0.1:<port>/nst_test */
  url: string;
  /** Stops the server at once and deletes its files. Safe to call twice. */
  stop(): void;
  /**
   * Restarts the server as an operator would (`pg_ctl restart -m fast`: open sessions are
   * terminated, transactions in flight roll back) on the same port and data; resolves once it
   * accepts connections again. Does not block the event loop meanwhile.
   */
  restart(): Promise<void>;
  /** Stops the server (fast mode) and keeps its data, so `startAgain` can bring it back. */
  stopForNow(): Promise<void>;
  /** Starts the server `stopForNow` stopped, on the same port; resolves once it accepts connections. */
  startAgain(): Promise<void>;
}

const testRole = 'nst_test';

/**
 * The folder holding `initdb`, `pg_ctl` and `postgres`: $POSTGRES_BIN_DIR, else the newest
 * Debian `/usr/lib/postgresql/<version>/bin`, else the folder of `initdb` on the PATH.
 * Throws with installation advice when there is none.
 */
export function findPostgresBinDir(): string {
  const configured = process.env.POSTGRES_BIN_DIR;
  if (configured) return configured;
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((version) => existsSync(join(debianRoot, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debianRoot, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const initdb = which.stdout.trim();
  if (which.status === 0 && initdb) return join(initdb, '..');
  throw new Error(
    'PostgreSQL server binaries (initdb, pg_ctl) were not found. Run `bash scripts/setup-test-env.sh` ' +
      "as root (it installs Debian's postgresql-15), set POSTGRES_BIN_DIR, or set " +
      'TEST_DATABASE_URL to a server where the user may create databases.',
  );
}

/** uid and gid of the `postgres` system user; throws when it does not exist. */
function postgresSystemUser(): { uid: number; gid: number } {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      'Running as root, but there is no `postgres` user to own the test cluster (initdb refuses ' +
        "root). Install Debian's postgresql-15 (bash scripts/setup-test-env.sh), which creates it.",
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Where to create the cluster folder: the system temporary folder, or (as root, when the
 * `postgres` user cannot reach it, e.g. TMPDIR under /root) /tmp or /var/tmp.
 */
function clusterParentDir(asPostgresUser: boolean): string {
  const candidates = [tmpdir(), '/tmp', '/var/tmp'];
  if (!asPostgresUser) return candidates[0]!;
  const reachable = candidates.find(
    (candidate) =>
      existsSync(candidate) &&
      spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', candidate], { cwd: '/' })
        .status === 0,
  );
  if (!reachable) throw new Error('No temporary folder the postgres user can reach.');
  return reachable;
}

const clusterDirPrefix = 'nst-test-postgres-';
const ownerPidFile = 'owner-pid';

/** True when a process with this id is running. */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops and deletes test clusters in `parentDir` whose test run died without stopping them
 * (killed with SIGKILL, a crashed machine), so they do not pile up on a developer machine.
 * Never touches a cluster whose run is still alive; ignores what it cannot remove.
 */
function removeAbandonedClusters(parentDir: string, binDir: string, asPostgresUser: boolean) {
  for (const entry of readdirSync(parentDir)) {
    if (!entry.startsWith(clusterDirPrefix)) continue;
    const dir = join(parentDir, entry);
    let ownerPid: number;
    try {
      ownerPid = Number(readFileSync(join(dir, ownerPidFile), 'utf8'));
    } catch {
      continue;
    }
    if (!Number.isInteger(ownerPid) || ownerPid <= 0 || processIsAlive(ownerPid)) continue;
    const stopArgs = ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w'];
    if (existsSync(join(dir, 'data', 'postmaster.pid'))) {
      if (asPostgresUser) {
        spawnSync('runuser', ['-u', 'postgres', '--', join(binDir, 'pg_ctl'), ...stopArgs], {
          cwd: '/',
        });
      } else {
        spawnSync(join(binDir, 'pg_ctl'), stopArgs, { cwd: '/' });
      }
    }
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // Another user's cluster, or still being written: leave it.
    }
  }
}

/** The PostgreSQL programs of one cluster, run as its owner from the cluster's folder. */
interface ClusterRunner {
  /** Runs `program` and answers how it went. */
  spawn(program: string, args: string[]): SpawnSyncReturns<string>;
  /** Runs `program`; throws with its output and the server log's tail on failure. */
  run(program: string, args: string[]): void;
  /** `run` without blocking the event loop. */
  runAsync(program: string, args: string[]): Promise<void>;
}

function clusterRunner(
  binDir: string,
  owner: { uid: number; gid: number } | null,
  root: string,
  logFile: string,
): ClusterRunner {
  const spawn = (program: string, args: string[]) => {
    const command = join(binDir, program);
    // Run from the cluster folder: the postgres user may not be allowed into our own folder.
    return owner
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], {
          encoding: 'utf8',
          cwd: root,
        })
      : spawnSync(command, args, { encoding: 'utf8', cwd: root });
  };
  const failure = (program: string, args: string[], outcome: string, output: string) => {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    return new Error(`${program} ${args.join(' ')} failed (${outcome}):\n${output}${log}`);
  };
  return {
    spawn,
    run(program, args) {
      const result = spawn(program, args);
      if (result.status !== 0) {
        const outcome = result.error?.message ?? `exit ${result.status}`;
        throw failure(program, args, outcome, `${result.stdout}${result.stderr}`);
      }
    },
    runAsync(program, args) {
      const command = join(binDir, program);
      const child = owner
        ? spawnAsync('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: root })
        : spawnAsync(command, args, { cwd: root });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return new Promise((resolve, reject) => {
        child.on('error', (error) => reject(failure(program, args, error.message, output)));
        child.on('close', (code) =>
          code === 0 ? resolve() : reject(failure(program, args, `exit ${code}`, output)),
        );
      });
    },
  };
}

/** initdb, then the settings of a private, loopback-only, non-durable test cluster. */
function initialiseCluster(
  runner: ClusterRunner,
  root: string,
  dataDir: string,
  passwordFile: string,
  owner: { uid: number; gid: number } | null,
): void {
  runner.run('initdb', [
    '-D',
    dataDir,
    '--username=postgres',
    `--pwfile=${passwordFile}`,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
    '--no-instructions',
  ]);
  mkdirSync(join(root, 'socket'), { recursive: true });
  if (owner) chownSync(join(root, 'socket'), owner.uid, owner.gid);
  appendFileSync(
    join(dataDir, 'postgresql.conf'),
    [
      '',
      '# nst test cluster: private, loopback only, durability off (data is thrown away)',
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${join(root, 'socket')}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      // Every test app holds a pool of up to 10 plus a listening connection.
      'max_connections = 400',
      'shared_buffers = 32MB',
      '',
    ].join('\n'),
  );
}

/** Starts the server on a free port (three tries: the port may be taken meanwhile); its port. */
async function startOnFreePort(
  runner: ClusterRunner,
  dataDir: string,
  logFile: string,
): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      runner.run('pg_ctl', [
        'start',
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port}`,
      ]);
      return port;
    } catch (error) {
      // Another process may have taken the port between the probe and the start.
      if (attempt >= 3) throw error;
    }
  }
}

/** Creates the test role and its database through the superuser. */
async function createTestRole(
  port: number,
  superuserPassword: string,
  rolePassword: string,
): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: superuserPassword,
    database: 'postgres',
  });
  await client.connect();
  try {
    await client.query(`create role ${testRole} login createdb password '${rolePassword}'`);
    await client.query(`create database ${testRole} owner ${testRole}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a private PostgreSQL server as described at the top of this file; resolves once it
 * accepts connections and the `nst_test` role and database exist (about 2 s). Throws with the
 * server's log when it cannot be started.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const binDir = findPostgresBinDir();
  const owner = process.getuid?.() === 0 ? postgresSystemUser() : null;
  const parentDir = clusterParentDir(owner !== null);
  removeAbandonedClusters(parentDir, binDir, owner !== null);
  const root = mkdtempSync(join(parentDir, clusterDirPrefix));
  // Lets a later run recognise this cluster as abandoned if this process dies without stopping it.
  writeFileSync(join(root, ownerPidFile), String(process.pid));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'postgres.log');
  const superuserPassword = randomBytes(18).toString('hex');
  const rolePassword = randomBytes(18).toString('hex');
  const passwordFile = join(root, 'superuser-password');
  writeFileSync(passwordFile, `${superuserPassword}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(root, owner.uid, owner.gid);
    chownSync(passwordFile, owner.uid, owner.gid);
  }
  const runner = clusterRunner(binDir, owner, root, logFile);

  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      // Immediate: the data is thrown away, so there is nothing to shut down cleanly.
      runner.spawn('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    }
    rmSync(root, { recursive: true, force: true });
  };
  // A test run that dies without its teardown still leaves no server running.
  process.once('exit', stop);

  try {
    initialiseCluster(runner, root, dataDir, passwordFile, owner);
    const port = await startOnFreePort(runner, dataDir, logFile);
    started = true;
    await createTestRole(port, superuserPassword, rolePassword);
    return {
      url: `postgres://${testRole}:${rolePassword}@127.0.0.1:${port}/${testRole}`,
      stop: () => {
        process.off('exit', stop);
        stop();
      },
      // pg_ctl restart starts the server with the options it last ran with (the port among them).
      restart: () =>
        runner.runAsync('pg_ctl', [
          'restart',
          '-D',
          dataDir,
          '-l',
          logFile,
          '-m',
          'fast',
          '-w',
          '-t',
          '60',
        ]),
      stopForNow: () =>
        runner.runAsync('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']),
      startAgain: () =>
        runner.runAsync('pg_ctl', [
          'start',
          '-D',
          dataDir,
          '-l',
          logFile,
          '-w',
          '-t',
          '60',
          '-o',
          `-p ${port}`,
        ]),
    };
  } catch (error) {
    process.off('exit', stop);
    stop();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startTestPostgres();
  console.log(server.url);
  console.log('PostgreSQL test server running; Ctrl-C stops it and deletes its files.');
  // Nothing else keeps the process (and with it the server) alive until a signal comes.
  const keepAlive = setInterval(() => {}, 60_000);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      clearInterval(keepAlive);
      server.stop();
      process.exit(0);
    });
  }
}
