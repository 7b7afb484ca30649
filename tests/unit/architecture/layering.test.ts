// The layer order of docs/architecture.md "Layers", checked against the project's real ESLint
// config: for every pair of layers, an import from one into the other must lint clean when the
// documented order allows it and fail with import-x/no-restricted-paths when it does not. The
// files imported are the one-line modules under tests/fixtures/layering/, a copy of the
// repository's folder layout, so the rules are checked without touching real code.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const fixtureRoot = fileURLToPath(new URL('../../fixtures/layering/', import.meta.url));
const configFile = fileURLToPath(new URL('../../../eslint.config.js', import.meta.url));

const areas = ['explore', 'ride', 'safety', 'me'] as const;
const sharedClient = ['sync', 'map', 'ui', 'features', 'machines', 'db', 'lib'] as const;
const client = ['app', ...areas, ...sharedClient].map((layer) => `src/${layer}`);
const topLevel = ['schemas', 'datasets', 'sync-server', 'scripts'];
const layers = [...client, ...topLevel];

/** What each layer may import besides itself, as docs/architecture.md "Layers" states it. */
const allowed: Record<string, readonly string[]> = {
  'src/app': [...client.filter((layer) => layer !== 'src/app'), 'schemas'],
  ...Object.fromEntries(
    areas.map((area) => [`src/${area}`, [...sharedClient.map((l) => `src/${l}`), 'schemas']]),
  ),
  'src/sync': ['src/ui', 'src/db', 'src/lib', 'schemas'],
  'src/map': ['src/ui', 'src/db', 'src/lib', 'schemas'],
  'src/ui': ['src/features', 'src/lib', 'schemas'],
  'src/features': ['src/lib', 'schemas'],
  'src/machines': ['src/lib', 'schemas'],
  'src/db': ['src/lib', 'schemas'],
  'src/lib': ['schemas'],
  schemas: [],
  datasets: ['schemas'],
  'sync-server': ['schemas', 'datasets'],
  scripts: ['schemas', 'datasets', 'src/map'],
};

let eslint: ESLint;
let projectDir: string;

beforeAll(() => {
  // The config's zones (./src/db, ./sync-server, …) resolve against the process's working
  // directory (import-x's default basePath), so the fixture tree stands in for the repository.
  projectDir = process.cwd();
  process.chdir(fixtureRoot);
  eslint = new ESLint({ cwd: fixtureRoot, overrideConfigFile: configFile });
});

afterAll(() => {
  process.chdir(projectDir);
});

/** Lints one import of `to`'s module from a file in `from`; returns the restricted-path errors. */
async function restrictedImports(from: string, to: string): Promise<string[]> {
  const depth = from.split('/').length;
  const specifier = `${'../'.repeat(depth)}${to}/module.ts`;
  const code = `import { layer } from '${specifier}';\n\nexport const imported = layer;\n`;
  const [result] = await eslint.lintText(code, { filePath: `${fixtureRoot}${from}/importer.ts` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

const pairs = layers.flatMap((from) =>
  layers.filter((to) => to !== from).map((to) => ({ from, to, ok: allowed[from]!.includes(to) })),
);

describe('layering (docs/architecture.md "Layers")', () => {
  it.each(pairs.filter((pair) => !pair.ok))(
    'lint rejects $from importing $to',
    async ({ from, to }) => {
      const errors = await restrictedImports(from, to);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('docs/architecture.md');
    },
    30_000,
  );

  it.each(pairs.filter((pair) => pair.ok))(
    'lint accepts $from importing $to',
    async ({ from, to }) => {
      expect(await restrictedImports(from, to)).toEqual([]);
    },
    30_000,
  );

  it('keeps RxDB and Dexie behind src/db', async () => {
    const lintImport = async (from: string, pkg: string) => {
      const code = `import * as library from '${pkg}';\n\nexport const used = library;\n`;
      const [result] = await eslint.lintText(code, {
        filePath: `${fixtureRoot}${from}/importer.ts`,
      });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
    };
    expect(await lintImport('src/ui', 'rxdb')).toHaveLength(1);
    expect(await lintImport('src/sync', 'dexie')).toHaveLength(1);
    expect(await lintImport('src/db', 'rxdb')).toEqual([]);
  });
});
