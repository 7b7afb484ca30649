/**
 * A pmtiles `Source` over a Blob: how MapLibre reads a downloaded region archive straight from
 * the device's storage (IndexedDB blob) with no network at all (docs/architecture.md#maps).
 * Also used by the tile build to read its own archives back, since Node has Blob.
 */
import type { RangeResponse, Source } from 'pmtiles';

/**
 * Reads byte ranges of `blob`. `key` is the name MapLibre style URLs use for this archive
 * (`pmtiles://<key>`); it must be unique per archive version. A range past the end of the blob
 * (a truncated archive) rejects with a clear error instead of returning short data, which the
 * pmtiles reader would otherwise misparse.
 */
export class BlobSource implements Source {
  readonly blob: Blob;
  readonly key: string;

  constructor(blob: Blob, key: string) {
    this.blob = blob;
    this.key = key;
  }

  getKey(): string {
    return this.key;
  }

  async getBytes(offset: number, length: number, signal?: AbortSignal): Promise<RangeResponse> {
    signal?.throwIfAborted();
    // The first request (offset 0) asks for 16 KiB, more than a small archive holds: allowed.
    // Any later range must lie inside the blob, or the archive was cut short.
    if (offset > 0 && offset + length > this.blob.size) {
      throw new Error(
        `Archive ${this.key} is truncated: byte ${offset} requested, only ${this.blob.size} stored`,
      );
    }
    const data = await this.blob.slice(offset, offset + length).arrayBuffer();
    signal?.throwIfAborted();
    return { data };
  }
}
