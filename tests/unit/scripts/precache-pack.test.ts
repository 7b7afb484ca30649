import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPrecachePack } from '../../../scripts/precache-pack-build.ts';
import { readPrecachePack, writePrecachePack } from '../../../workers/precache-pack.ts';

let folder: string | null = null;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = null;
});

const glob = {
  globPatterns: ['**/*.{js,css,html,png}'],
  globIgnores: ['**/*maplibre*'],
  maximumFileSizeToCacheInBytes: 1024 * 1024,
};

function packOf(bytes: Buffer): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(bytes);
}

describe('precache pack (the service worker install in one download)', () => {
  it('holds every file the service worker precaches, byte for byte, with its type', async () => {
    folder = mkdtempSync(join(tmpdir(), 'nst-pack-'));
    mkdirSync(join(folder, 'assets'));
    const script = 'export const trailheads = ["Mill Creek", "Wolf Pen Gap"];';
    const icon = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    writeFileSync(join(folder, 'assets', 'home-page-GDzA5VvD.js'), script);
    writeFileSync(join(folder, 'assets', 'home-page-lDiBcKcd.css'), '.home{color:red}');
    writeFileSync(join(folder, 'assets', 'marker-Ab12Cd34.png'), icon);
    // Revisioned pages go in too (the pack is of one build); ignored files are not precached.
    const page = '<!doctype html><title>Natural State Trails</title>';
    writeFileSync(join(folder, 'index.html'), page);
    writeFileSync(join(folder, 'assets', 'maplibre-gl-Xy12Zw34.js'), 'export default 1;');

    const built = await buildPrecachePack(folder, glob);

    expect(built.fileName).toMatch(/^assets\/precache-pack-[0-9a-f]{10}\.bin$/);
    expect(built.files).toBe(4);
    const files = readPrecachePack(packOf(readFileSync(join(folder, built.fileName))));
    expect([...files.keys()]).toEqual([
      '/assets/home-page-GDzA5VvD.js',
      '/assets/home-page-lDiBcKcd.css',
      '/assets/marker-Ab12Cd34.png',
      '/index.html',
    ]);
    expect(new TextDecoder().decode(files.get('/index.html')!.bytes)).toBe(page);
    expect(files.get('/index.html')!.contentType).toMatch(/^text\/html/);
    expect(new TextDecoder().decode(files.get('/assets/home-page-GDzA5VvD.js')!.bytes)).toBe(
      script,
    );
    // A module script served with any other type would not run offline.
    expect(files.get('/assets/home-page-GDzA5VvD.js')!.contentType).toMatch(/^text\/javascript/);
    expect(files.get('/assets/home-page-lDiBcKcd.css')!.contentType).toMatch(/^text\/css/);
    expect([...files.get('/assets/marker-Ab12Cd34.png')!.bytes]).toEqual([...icon]);
  });

  it('names the pack by its content, so a changed build never reuses a stale pack', async () => {
    folder = mkdtempSync(join(tmpdir(), 'nst-pack-'));
    mkdirSync(join(folder, 'assets'));
    writeFileSync(join(folder, 'assets', 'a-11111111.js'), 'export const a = 1;');
    const first = await buildPrecachePack(folder, glob);
    rmSync(join(folder, first.fileName));
    writeFileSync(join(folder, 'assets', 'a-11111111.js'), 'export const a = 2;');
    const second = await buildPrecachePack(folder, glob);
    expect(second.fileName).not.toBe(first.fileName);
  });

  it('refuses a truncated or foreign file with a clear error instead of caching garbage', () => {
    const pack = writePrecachePack([
      { path: '/assets/a-11111111.js', bytes: new TextEncoder().encode('export const a = 1;') },
    ]);
    expect(readPrecachePack(pack).size).toBe(1);
    expect(() => readPrecachePack(pack.slice(0, pack.byteLength - 3))).toThrow(
      'Precache pack is truncated at /assets/a-11111111.js.',
    );
    expect(() => readPrecachePack(pack.slice(0, 10))).toThrow('Precache pack index is truncated.');
    expect(() => readPrecachePack(new Uint8Array([0, 0, 0, 2, 123, 125]))).toThrow(
      'Not a precache pack of a known version.',
    );
  });
});
