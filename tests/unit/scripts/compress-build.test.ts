import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressBuild } from '../../../scripts/compress-build.ts';

let folder: string | null = null;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = null;
});

describe('compressBuild (what the server sends to a browser accepting br or gzip)', () => {
  it('writes Brotli and gzip copies of text files that decode to the original', () => {
    folder = mkdtempSync(join(tmpdir(), 'nst-compress-'));
    mkdirSync(join(folder, 'assets'));
    const script = `export const trails = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `trail-${i}`))};`;
    writeFileSync(join(folder, 'assets', 'app-abc123.js'), script);
    writeFileSync(
      join(folder, 'index.html'),
      `<!doctype html>${'<p>Natural State Trails</p>'.repeat(60)}`,
    );
    writeFileSync(join(folder, 'assets', 'app-abc123.js.map'), 'x'.repeat(5000));
    writeFileSync(join(folder, 'icon.png'), Buffer.alloc(5000));
    writeFileSync(join(folder, 'tiny.css'), 'p{}');

    expect(compressBuild(folder)).toBe(2);
    const asset = join(folder, 'assets', 'app-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${asset}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${asset}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${asset}.br`).length).toBeLessThan(script.length / 2);
    expect(existsSync(join(folder, 'index.html.br'))).toBe(true);
    // Source maps, images and files too small to gain are served as they are.
    expect(existsSync(join(folder, 'assets', 'app-abc123.js.map.br'))).toBe(false);
    expect(existsSync(join(folder, 'icon.png.gz'))).toBe(false);
    expect(existsSync(join(folder, 'tiny.css.br'))).toBe(false);
  });
});
