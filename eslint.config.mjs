// ESLint (flat config), run by `npm test` with no warning allowed (`npm run lint`).
// - typescript-eslint's type-checked rules on every TypeScript file (promises included: a floating
//   or misused promise is an error);
// - react-hooks' rules of hooks and exhaustive dependencies on the app;
// - import-x's no-cycle everywhere: an import circle is an error.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'test-artifacts/**', 'server/data/**', 'server/media/**', '.swc/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // An async function without await is the contract of a Fastify plugin or handler and of a fake
      // of an async API; what can go wrong with promises is caught by the two rules above.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests pass jest mocks' methods to expect(...) unbound: that is how a call is asserted.
    files: ['test/**'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // package.json has no "type": .js files are CommonJS (jest, babel and the component project's
    // config), where require() is the module system, not a style choice.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.commonjs },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
