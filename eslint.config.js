// Lint rules: ESLint's and typescript-eslint's recommended sets, without type information (fast enough to run in CI on every push).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'solvers/*/build/**', 'playground/dist/**', 'docs/gallery/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', performance: 'readonly' } },
    rules: {
      // Terminal escapes and control bytes are matched on purpose (colour codes, binary input).
      'no-control-regex': 'off',
      // `_name` marks a parameter kept for a signature's sake.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
