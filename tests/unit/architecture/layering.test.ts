// The layer order of docs/architecture.md "Layers", checked against the project's real ESLint
// config: for every pair of layers in eslint/layers.js (the table eslint.config.js builds its
// zones from), an import from one into the other must lint clean when the table allows it and
// fail with import-x/no-restricted-paths when it does not. The files imported are the one-line
// modules under tests/fixtures/layering/, a copy of the repository's folder layout, so the rules
// are checked without touching real code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, layers, mayImport } from '../../../eslint/layers.js';

const fixtureRoot = fileURLToPath(new URL('../../fixtures/layering/', import.meta.url));
const srcRoot = fileURLToPath(new URL('../../../src/', import.meta.url));
const dbRoot = fileURLToPath(new URL('../../../src/db/', import.meta.url));
const configFile = fileURLToPath(new URL('../../../eslint.config.js', import.meta.url));

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
  layers.filter((to) => to !== from).map((to) => ({ from, to, ok: mayImport(from, to) })),
);

describe('layering (docs/architecture.md "Layers")', () => {
  it('lists every folder of src/ as a layer, with a fixture module for each', () => {
    const folders = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    const clientLayers = layers.filter((layer) => layer.startsWith('src/'));
    expect(clientLayers.map((layer) => layer.slice('src/'.length)).sort()).toEqual(
      folders(srcRoot),
    );
    for (const layer of layers) expect(existsSync(`${fixtureRoot}${layer}/module.ts`)).toBe(true);
  });

  it('keeps areas apart and below the shell', () => {
    for (const area of areas) {
      expect(mayImport(`src/${area}`, 'src/app')).toBe(false);
      for (const other of areas.filter((name) => name !== area)) {
        expect(mayImport(`src/${area}`, `src/${other}`)).toBe(false);
      }
    }
  });

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

  it('keeps React out of the repository: its bindings live in src/db-react', async () => {
    const lintImport = async (from: string, pkg: string) => {
      const code = `import * as library from '${pkg}';\n\nexport const used = library;\n`;
      const [result] = await eslint.lintText(code, {
        filePath: `${fixtureRoot}${from}/importer.ts`,
      });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
    };
    for (const pkg of ['react', 'react-dom/client', '@xstate/react', 'react-aria-components']) {
      const errors = await lintImport('src/db', pkg);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.message).toContain('src/db-react');
    }
    expect(await lintImport('src/db-react', 'react')).toEqual([]);
    expect(await lintImport('src/db', 'rxjs')).toEqual([]);
  });

  it('has no file under src/db that imports React', () => {
    const files = readdirSync(dbRoot, { recursive: true, withFileTypes: true }).filter((entry) =>
      /\.tsx?$/.test(entry.name),
    );
    expect(files.length).toBeGreaterThan(0);
    const importsReact = files
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) =>
        /from\s+'(react|react-dom|react-[^']+|@[^'/]+\/react)(\/[^']*)?'/.test(
          readFileSync(file, 'utf8'),
        ),
      );
    expect(importsReact).toEqual([]);
  });
});
