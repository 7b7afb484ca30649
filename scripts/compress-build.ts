/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the built app, so
 * the server sends compressed bytes without compressing on each request (a rider on
 * one bar of signal downloads the first screen's ~170 KiB, not the ~500 KiB it is uncompressed).
 * The server picks the copy the browser accepts (@fastify/static `preCompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Files worth compressing: text formats of the build and the precache pack (mostly scripts);
 * images and wasm are already dense.
 */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|bin)$/;

/** Below this size (bytes) the headers outweigh what compression saves. */
const minimumBytes = 1024;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Compresses the text files of `buildFolder` (the Vite output) in place, beside the originals.
 * Source maps are left alone: only developers fetch them. Returns how many files it compressed.
 */
export function compressBuild(buildFolder: string): number {
  let compressed = 0;
  for (const path of filesUnder(buildFolder)) {
    if (!compressible.test(path) || statSync(path).size < minimumBytes) continue;
    const content = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 10,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    compressed += 1;
  }
  return compressed;
}
