// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  // reports/: the mutation run's output; .stryker-tmp/: its copy of the repository while it runs.
  { ignores: ['**/dist/', 'data/', '**/node_modules/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Chai's assertions are property reads: `expect(x).to.exist`.
  { files: ['test/widget/**'], rules: { '@typescript-eslint/no-unused-expressions': 'off' } },
);
