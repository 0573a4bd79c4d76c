// @ts-check
import { readdirSync } from 'node:fs';
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

/**
 * The storefront's zones (docs/design.md "Frontend"): app/ may import anything; a feature imports
 * shared code (components/, lib/), itself and no other feature; components/ and lib/ import no
 * feature. Imports leaving their folder go by `@/...`, so the patterns below see them.
 */
// Every folder of features/, so a new feature is zoned from its first file.
const FEATURES = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const OUT_OF_FOLDER = {
  group: ['../../*'],
  message: 'Import what lies outside this folder by `@/...` (docs/design.md "Frontend").',
};
// A file's last no-restricted-imports wins: the zones repeat the frontend's package boundary.
const FRONTEND_PACKAGES = boundary(['command-service', 'query-service', 'projections', 'infra', 'test'])[
  'no-restricted-imports'
][1].patterns;
const frontendZones = [
  {
    files: ['frontend/src/components/**', 'frontend/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features', '@/features/**', '**/features/**'],
              message: 'Shared code imports no feature (docs/design.md "Frontend").',
            },
            OUT_OF_FOLDER,
            ...FRONTEND_PACKAGES,
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`frontend/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/*',
                '@/features/*/**',
                `!@/features/${feature}`,
                `!@/features/${feature}/**`,
              ],
              message: `A feature imports no other feature: move what ${feature} shares into components/ or lib/ (docs/design.md "Frontend").`,
            },
            OUT_OF_FOLDER,
            ...FRONTEND_PACKAGES,
          ],
        },
      ],
    },
  })),
];

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
  ...frontendZones,
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
