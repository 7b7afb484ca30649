/**
 * Where the browser and integration suites keep their throwaway folders (Chromium profiles,
 * server data directories and SQLite files, a copy of the build): a memory-backed tmpfs
 * (/dev/shm) when the machine has one with room to spare, else the system's temporary folder.
 * Chromium's profile databases and SQLite flush every write to disk; on a disk the machine's
 * other work also uses, those flushes cost a browser journey up to a third of its time
 * (temp-ids.test.ts: 47 s, 31 s from tmpfs), and nothing here outlives the run.
 */
import { accessSync, constants, mkdtempSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const memoryBackedFolder = '/dev/shm';
/** statfs's f_type of a tmpfs (linux/magic.h). */
const tmpfsMagic = 0x01021994;
/**
 * Free space the suites may need at once: two browser journeys at a time, each with up to three
 * profiles (tens of MB each), a server data directory and, in one journey, a copy of dist/
 * (about 60 MB). A container's default 64 MB /dev/shm falls back to the disk.
 */
const minimumFreeBytes = 1024 ** 3;

function chooseScratchRoot(): string {
  try {
    const stats = statfsSync(memoryBackedFolder);
    accessSync(memoryBackedFolder, constants.W_OK);
    if (stats.type === tmpfsMagic && stats.bavail * stats.bsize >= minimumFreeBytes) {
      return memoryBackedFolder;
    }
  } catch {
    // No such folder (not Linux) or not writable: the disk it is.
  }
  return tmpdir();
}

/** The folder the throwaway folders are made in. */
export const scratchRoot = chooseScratchRoot();

/**
 * Makes a new empty folder `<scratchRoot>/<prefix>XXXXXX` and returns its path; the caller
 * removes it when done.
 */
export function makeScratchDir(prefix: string): string {
  return mkdtempSync(join(scratchRoot, prefix));
}
