/**
 * The PhotoStore on the server's disk, under DATA_DIR/photos: finished photos at
 * `<first two hex digits>/<hash>` (so no folder holds more than a few thousand files), unfinished
 * uploads at `uploads/<uploadKey>.part`. A finished photo appears by one rename, so a reader never
 * sees half a file and a crash mid-upload leaves only the `.part` to continue from.
 */
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UploadOffsetError, type PhotoStore } from './photo-store.ts';

/** Upload keys and hashes are made by the routes from checked hex and ids; refuse anything else. */
const safeName = /^[A-Za-z0-9_-]{1,200}$/;

function checkedName(name: string): string {
  if (!safeName.test(name)) throw new Error(`"${name}" is not a safe photo file name.`);
  return name;
}

/** Size of the file at `path` in bytes, or null when there is none. */
async function fileSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A PhotoStore in the folder `root` (created when missing). */
export function createDiskPhotoStore(root: string): PhotoStore {
  const uploadsFolder = join(root, 'uploads');
  const photoPath = (hash: string) => join(root, checkedName(hash).slice(0, 2), hash);
  const uploadPath = (uploadKey: string) => join(uploadsFolder, `${checkedName(uploadKey)}.part`);
  // Chunks of one upload are appended one after the other even if a client sends two at once.
  const queues = new Map<string, Promise<unknown>>();
  function serialised<T>(uploadKey: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(uploadKey) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    queues.set(uploadKey, settled);
    void settled.then(() => {
      if (queues.get(uploadKey) === settled) queues.delete(uploadKey);
    });
    return next;
  }

  return {
    async has(hash) {
      return (await fileSize(photoPath(hash))) !== null;
    },
    async open(hash) {
      const path = photoPath(hash);
      const bytes = await fileSize(path);
      return bytes === null ? null : { stream: createReadStream(path), bytes };
    },
    async delete(hash) {
      await rm(photoPath(hash), { force: true });
    },
    async receivedBytes(uploadKey) {
      return (await fileSize(uploadPath(uploadKey))) ?? 0;
    },
    appendChunk(uploadKey, offset, chunk) {
      return serialised(uploadKey, async () => {
        const path = uploadPath(uploadKey);
        const held = (await fileSize(path)) ?? 0;
        if (held !== offset) throw new UploadOffsetError(held);
        await mkdir(uploadsFolder, { recursive: true });
        await appendFile(path, chunk);
        return held + chunk.byteLength;
      });
    },
    async readUpload(uploadKey) {
      return new Uint8Array(await readFile(uploadPath(uploadKey)));
    },
    finish(uploadKey, hash) {
      return serialised(uploadKey, async () => {
        const target = photoPath(hash);
        await mkdir(join(target, '..'), { recursive: true });
        await rename(uploadPath(uploadKey), target);
      });
    },
    discardUpload(uploadKey) {
      return serialised(uploadKey, () => rm(uploadPath(uploadKey), { force: true }));
    },
    async discardUploadsIdleSince(time) {
      let names: string[];
      try {
        names = await readdir(uploadsFolder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let discarded = 0;
      for (const name of names) {
        if (!name.endsWith('.part')) continue;
        const uploadKey = name.slice(0, -'.part'.length);
        const idle = await serialised(uploadKey, async () => {
          const modified = (await stat(uploadPath(uploadKey)).catch(() => null))?.mtimeMs;
          if (modified === undefined || modified >= time) return false;
          await rm(uploadPath(uploadKey), { force: true });
          return true;
        });
        if (idle) discarded += 1;
      }
      return discarded;
    },
  };
}
