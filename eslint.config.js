// Lint rules double as architecture rules (docs/architecture.md "Layers"): every folder may
// import only the layers eslint/layers.js lists for it, areas never import each other, RxDB
// is reachable only through src/db, and src/db imports no React (its bindings are src/db-react). tests/unit/architecture/layering.test.ts reads the same
// table and checks each direction.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { restrictedPathZones } from './eslint/layers.js';

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
      'import-x/no-restricted-paths': ['error', { zones: restrictedPathZones() }],
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
    // A function that needs more than 80 lines is doing more than one job; split it by
    // responsibility (sub-components, hooks, named helpers). Tests and benchmarks are exempt.
    files: ['{src,sync-server,scripts,datasets,map-archives,schemas}/**/*.{ts,tsx,js,mjs}'],
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
  {
    // The repository knows nothing of React: hooks, contexts and components that read the
    // database are its React bindings in src/db-react (docs/architecture.md#layers).
    files: ['src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-*', '@*/react'],
              message:
                'src/db is the repository and imports no React; put hooks, contexts and components in src/db-react.',
            },
          ],
        },
      ],
    },
  },
);
