/**
 * A pmtiles `Source` over a file on the server's disk, so the `pmtiles` library reads an
 * operator's basemap and our own region archives by byte range without loading them whole
 * (a Protomaps extract of Arkansas can be hundreds of MB).
 */
import { openAsBlob } from 'node:fs';
import type { RangeResponse, Source } from 'pmtiles';

/**
 * Opens `path` as a pmtiles Source. The file is read lazily through a file-backed Blob; a read
 * past its end, or of a file that changed on disk since it was opened, rejects with an Error
 * naming the file (the pmtiles reader would otherwise misparse short data). Rejects when the
 * file cannot be opened.
 */
export async function openFileSource(path: string): Promise<Source> {
  const blob = await openAsBlob(path);
  return {
    getKey: () => path,
    async getBytes(offset: number, length: number): Promise<RangeResponse> {
      // The reader's first request asks for 16 KiB, more than a small archive holds: allowed.
      if (offset > 0 && offset + length > blob.size) {
        throw new Error(`${path} is truncated: byte ${offset + length} of ${blob.size} requested`);
      }
      return { data: await blob.slice(offset, offset + length).arrayBuffer() };
    },
  };
}
