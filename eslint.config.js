// @ts-check
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Arrows point one way (DESIGN.md): infra -> services -> shared-events; services never import each other. */
const boundary = (/** @type {string[]} */ forbidden) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: forbidden.map((name) => ({
        group: [`@printshop/${name}/*`],
        message: `DESIGN.md: this package may not import ${name}`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test/bench/results/**',
      // The peer shop's own files, installed into a temporary folder by `npm run bench -- peer`.
      'test/bench/peer-medusa/**',
      'test/e2e/screenshots/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared-events/**'],
    rules: boundary(['command-service', 'query-service', 'projections', 'infra', 'frontend', 'test']),
  },
  {
    files: ['command-service/**'],
    rules: boundary(['query-service', 'projections', 'infra', 'frontend', 'test']),
  },
  {
    files: ['query-service/**'],
    rules: boundary(['command-service', 'projections', 'infra', 'frontend', 'test']),
  },
  {
    files: ['projections/**'],
    rules: boundary(['command-service', 'query-service', 'infra', 'frontend', 'test']),
  },
  {
    files: ['frontend/**'],
    rules: boundary(['command-service', 'query-service', 'projections', 'infra', 'test']),
  },
  {
    // The two classic rules of hooks (the plugin's compiler-oriented rules are not adopted).
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['infra/bin/**', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
