// Lint rules double as architecture rules (docs/architecture.md "Layers"): every folder may
// import only the layers listed for it below, areas never import each other, and RxDB is
// reachable only through src/db. tests/unit/architecture/layering.test.ts checks each direction.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const areas = [
  'explore',
  'ride',
  'safety',
  'learn',
  'hunting',
  'garage',
  'local',
  'me',
  'admin',
  'voice',
];

/** Client layers below the areas, each with the layers it may import (besides itself). */
const sharedClientLayers = {
  sync: ['ui', 'db', 'lib'],
  map: ['ui', 'db', 'lib'],
  ui: ['features', 'lib'],
  features: ['lib'],
  machines: ['lib'],
  db: ['lib'],
  lib: [],
};

/** Everything under src/ that is a layer: the shell, the areas and the shared layers. */
const clientLayers = ['app', ...areas, ...Object.keys(sharedClientLayers)];

/** Client layers a layer may import, besides itself (schemas/ and data/ are open to all). */
const clientAllowed = {
  app: clientLayers.filter((layer) => layer !== 'app'),
  ...Object.fromEntries(areas.map((area) => [area, Object.keys(sharedClientLayers)])),
  ...sharedClientLayers,
};

// The shell may import every client layer, so it gets no zone (an empty `from` is invalid).
const clientZones = clientLayers
  .filter((layer) => layer !== 'app')
  .map((layer) => ({
    target: `./src/${layer}`,
    from: clientLayers
      .filter((other) => other !== layer && !clientAllowed[layer].includes(other))
      .map((other) => `./src/${other}`),
    message: areas.includes(layer)
      ? `Areas may import only ${clientAllowed[layer].join(', ')} (never another area or the shell); see docs/architecture.md#layers.`
      : `src/${layer} may import only ${clientAllowed[layer].join(', ') || 'nothing else in src'}; see docs/architecture.md#layers.`,
  }));

/** Top-level folders: who may import whom outside src/. */
const repositoryZones = [
  {
    target: './src',
    from: ['./sync-server', './scripts', './datasets', './tests'],
    message:
      'The client imports only src/, schemas/ and data/; share contracts through schemas/ (docs/architecture.md#layers).',
  },
  {
    target: './schemas',
    from: ['./src', './sync-server', './scripts', './datasets', './tests'],
    message:
      'schemas/ is the bottom layer: it imports nothing of the project (docs/architecture.md#layers).',
  },
  {
    target: './datasets',
    from: ['./src', './sync-server', './scripts', './tests'],
    message: 'datasets/ imports only schemas/ (docs/architecture.md#layers).',
  },
  {
    target: './sync-server',
    from: ['./src', './scripts', './tests'],
    message:
      'The server imports only schemas/ and datasets/; move what the tile build or the client also needs there (docs/architecture.md#layers).',
  },
  {
    target: './scripts',
    from: ['./sync-server', './tests', './src'],
    except: ['./map'],
    message:
      'Scripts import schemas/, datasets/ and the archive readers of src/map, never server internals (docs/architecture.md#layers).',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'dev-dist/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...clientZones, ...repositoryZones] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['rxdb', 'rxdb/*', 'dexie', 'dexie/*'],
              message: 'Only src/db may import RxDB or Dexie; use its hooks and domain functions.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 12: a function that needs more than 80 lines is doing more than one job; split it by
    // responsibility (sub-components, hooks, named helpers). Tests and benchmarks are exempt.
    files: ['{src,sync-server,scripts,datasets,schemas}/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // The database layer, its tests and benchmarks are the only places that touch RxDB directly.
    files: ['src/db/**', 'tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
