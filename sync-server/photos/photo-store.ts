/**
 * Where photo bytes live, behind an interface small enough for an S3-compatible store to
 * implement (finished photos as objects named by their hash, unfinished uploads as multipart
 * uploads or staging objects). Finished photos are immutable: a hash names one content for ever.
 */
import type { Readable } from 'node:stream';

/** A chunk did not start where the unfinished upload stops: nothing was appended. */
export class UploadOffsetError extends Error {
  constructor(readonly received: number) {
    super(`The upload continues at byte ${received}.`);
    this.name = 'UploadOffsetError';
  }
}

export interface PhotoStore {
  /** Whether the finished photo `hash` is stored. */
  has(hash: string): Promise<boolean>;
  /** The finished photo's bytes as a stream and its size in bytes, or null when absent. */
  open(hash: string): Promise<{ stream: Readable; bytes: number } | null>;
  /** Deletes the finished photo (an absent one is no error). */
  delete(hash: string): Promise<void>;
  /**
   * Bytes held of the unfinished upload `uploadKey` (one rider's upload of one hash), 0 when none.
   */
  receivedBytes(uploadKey: string): Promise<number>;
  /**
   * Appends `chunk` to the unfinished upload at byte `offset`; returns the bytes now held.
   * Throws UploadOffsetError (appending nothing) when `offset` is not where it stops.
   */
  appendChunk(uploadKey: string, offset: number, chunk: Uint8Array): Promise<number>;
  /** Every byte of the unfinished upload, for the checks before it is kept (at most 10 MiB). */
  readUpload(uploadKey: string): Promise<Uint8Array>;
  /** Makes the unfinished upload the finished photo `hash` (atomically: all or nothing). */
  finish(uploadKey: string, hash: string): Promise<void>;
  /** Forgets the unfinished upload (an absent one is no error). */
  discardUpload(uploadKey: string): Promise<void>;
  /**
   * Forgets every unfinished upload not added to since `time` (epoch ms): abandoned uploads
   * (a photo removed before it was sent) must not fill the disk. Resolves to how many.
   */
  discardUploadsIdleSince(time: number): Promise<number>;
}
