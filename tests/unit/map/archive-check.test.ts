import { describe, expect, it } from 'vitest';
import { PMTiles } from 'pmtiles';
import { checkArchive } from '../../../src/map/archive-check.ts';
import { BlobSource } from '../../../src/map/blob-source.ts';
import { fixtureArchive, fixtureTiles } from './archive-fixtures.ts';

const archive = fixtureArchive();
const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);
const expected = { bytes: archive.bytes.length, sha256: archive.sha256 };

describe('checkArchive on good and deliberately broken archives', () => {
  it('accepts the archive the catalog describes', async () => {
    const result = await checkArchive(blob(archive.bytes), expected);
    expect(result.ok).toBe(true);
  });

  it('reports a truncated archive as truncated', async () => {
    const result = await checkArchive(
      blob(archive.bytes.slice(0, archive.bytes.length - 500)),
      expected,
    );
    expect(result).toEqual({ ok: false, message: expect.stringContaining('truncated') });
    // Even without the catalog's size, a header pointing past the end is caught.
    const cut = await checkArchive(blob(archive.bytes.slice(0, 300)));
    expect(cut.ok).toBe(false);
  });

  it('reports a file that is not PMTiles (wrong magic)', async () => {
    const bytes = archive.bytes.slice();
    bytes.set(new TextEncoder().encode('GIF89a!'), 0);
    expect(await checkArchive(blob(bytes), expected)).toEqual({
      ok: false,
      message: 'The file is not a PMTiles map archive (wrong magic bytes).',
    });
    expect((await checkArchive(blob(new TextEncoder().encode('<!doctype html>')))).ok).toBe(false);
  });

  it('reports an unsupported spec version', async () => {
    const bytes = archive.bytes.slice();
    bytes[7] = 2;
    expect(await checkArchive(blob(bytes), expected)).toEqual({
      ok: false,
      message: 'Unsupported PMTiles version 2 (needs version 3).',
    });
  });

  it('reports a corrupt root directory', async () => {
    const bytes = archive.bytes.slice();
    // The root directory starts right after the 127-byte header; garble its gzip stream.
    for (let i = 140; i < 160; i++) bytes[i] = 0xff;
    const result = await checkArchive(blob(bytes));
    expect(result).toEqual({ ok: false, message: expect.stringContaining('corrupt') });
  });

  it('reports corrupt tile data through the content hash', async () => {
    const bytes = archive.bytes.slice();
    bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
    expect(await checkArchive(blob(bytes), expected)).toEqual({
      ok: false,
      message: 'The archive is corrupt: its content does not match the catalog version.',
    });
  });
});

describe('BlobSource (pmtiles Source over a stored Blob)', () => {
  it('serves every tile of the archive to the pmtiles reader', async () => {
    const reader = new PMTiles(new BlobSource(blob(archive.bytes), 'device:fixture'));
    expect(reader.source.getKey()).toBe('device:fixture');
    for (const tile of fixtureTiles()) {
      const read = await reader.getZxy(tile.z, tile.x, tile.y);
      expect(new Uint8Array(read!.data)).toEqual(tile.data);
    }
    expect(await reader.getZxy(14, 0, 0)).toBeUndefined();
  });

  it('rejects a range beyond the end of a truncated blob instead of returning short data', async () => {
    const source = new BlobSource(blob(archive.bytes.slice(0, 1000)), 'cut');
    await expect(source.getBytes(900, 500)).rejects.toThrow('truncated');
    // The first request may ask for more than a small archive holds.
    expect((await source.getBytes(0, 16384)).data.byteLength).toBe(1000);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      new BlobSource(blob(archive.bytes), 'x').getBytes(0, 10, controller.signal),
    ).rejects.toThrow();
  });
});
