// ESLint (flat config): correctness rules only; the layout is Prettier's (.prettierrc.json).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/', 'build/', 'node_modules/', 'tests/artifacts/', '**/*.ts'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      // `_name` marks an argument or binding that is unused on purpose.
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
      'no-extend-native': 'error',
      'no-self-compare': 'error',
    },
  },
  // The package runs in browsers, workers and Node alike: only the globals common to all.
  { files: ['js/**/*.js'], languageOptions: { globals: { ...globals['shared-node-browser'] } } },
  { files: ['web/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  // The worker entry's two halves: the page side may start a Worker, the thread side is one.
  { files: ['js/worker.js'], languageOptions: { globals: { Worker: 'readonly' } } },
  { files: ['js/worker-thread.js'], languageOptions: { globals: { ...globals.worker } } },
  // The command line's package (cli/) runs in Node only.
  {
    files: ['cli/**', 'scripts/**', 'examples/**', 'tests/**', '*.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['tests/js/**'], languageOptions: { globals: { ...globals.jest } } },
  // The page examples are browser code.
  {
    files: ['examples/web-page/**', 'examples/worker/**', 'examples/vite-app/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Browser tests run callbacks inside the page (page.evaluate), so the page's globals too.
  { files: ['tests/browser/**'], languageOptions: { globals: { ...globals.browser } } },
];
