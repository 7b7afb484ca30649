// Types of scripts/server-bundle.mjs, a plain JavaScript build script that `npm start` runs
// before TypeScript tooling is loaded.

/** Where `npm start` keeps the bundle (a build output, never committed). */
export const serverBundlePath: string;

/** Newest modification time (ms) of a file or, recursively, of a folder's files. */
export function newestMtime(path: string): number;

/** Whether `output` is missing or older than any of `inputs` (paths relative to the repository). */
export function isStale(output: string, inputs: readonly string[]): boolean;

/**
 * Bundles the server into `outfile` (default `serverBundlePath`) when stale, or when `force`;
 * resolves whether it bundled.
 */
export function bundleServer(options?: { outfile?: string; force?: boolean }): Promise<boolean>;
/** What the app build (dist/) is made from, relative to the repo. */
export const appBuildInputs: readonly string[];
