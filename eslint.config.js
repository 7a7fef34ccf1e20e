import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tsbuild/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Rules that need the types: a promise nobody awaits or catches, a promise where a callback's
    // answer is ignored (an event handler, a forEach), a switch that forgets a case of a union.
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.server.json', './tsconfig.client.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['public/**/*.js', 'src/server/domains/courses/scorm-export/assets/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The client never imports server code.' }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**', '**/client/**', 'node:*'], message: 'shared/ is pure: no server, client or Node imports.' }],
        },
      ],
    },
  },
  {
    // Axe runs through settledAxe, which waits for a toast's fade to end first.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/axe.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@axe-core/playwright', message: 'Use settledAxe from tests/e2e/axe.ts.' }] }],
    },
  },
);
