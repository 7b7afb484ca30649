// Lint rules double as architecture rules: one-way dependencies (app → areas → ui/db/lib),
// no imports between areas, and RxDB reachable only through src/db (DESIGN.md "Layout").
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

const crossAreaZones = areas.map((area) => ({
  target: `./src/${area}`,
  from: areas.filter((other) => other !== area).map((other) => `./src/${other}`),
  message: 'Areas must not import each other; move shared code to src/ui, src/lib or src/db.',
}));

const layerZones = [
  {
    target: ['./src/db', './src/lib', './src/ui', './src/features', './src/machines', './src/sync'],
    from: ['./src/app', ...areas.map((area) => `./src/${area}`)],
    message: 'Lower layers must not import the app shell or feature areas.',
  },
  {
    target: areas.map((area) => `./src/${area}`),
    from: './src/app',
    message: 'Areas must not import the app shell; the shell imports areas.',
  },
  {
    target: './src',
    from: './sync-server',
    message: 'The client must not import server code; share contracts through schemas/.',
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
      'import-x/no-restricted-paths': ['error', { zones: [...crossAreaZones, ...layerZones] }],
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
    // The database layer, its tests and benchmarks are the only places that touch RxDB directly.
    files: ['src/db/**', 'tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
