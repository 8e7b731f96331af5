import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every dialog opens in AppDialog, which makes Escape do what Cancel does.
const dialogImports = [
  {
    name: '@mui/material/Dialog',
    message: 'Use AppDialog from components/app-dialog (Escape closes it).',
  },
  {
    name: '@mui/material',
    importNames: ['Dialog'],
    message: 'Use AppDialog from components/app-dialog (Escape closes it).',
  },
];

// The web app's boundaries, after bulletproof-react's restricted-paths zones: a feature uses
// shared code (components/, lib/) and never another feature, and shared code never a feature;
// only app/ composes features. Code two features need moves to components/ or lib/.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: dialogImports,
        patterns: [
          {
            regex: `^(\\.\\./)+(features/)?(${webFeatures
              .filter((other) => other !== feature)
              .join('|')})(/|$)`,
            message:
              'A feature does not import another feature: move what both need to components/ or lib/, or compose them in app/.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'No float parsing near money: use the decimal helpers of @app/domain.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
      'no-restricted-imports': ['error', { paths: dialogImports }],
    },
  },
  ...featureBoundaries,
  {
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: dialogImports,
          patterns: [
            {
              regex: '^(\\.\\./)+features/',
              message: 'Shared code does not import a feature: only app/ composes features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/app-dialog.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // A module's tables are its own: another module reads and writes them through the
    // owning module's service, so the rules that guard them stay in one place.
    files: ['apps/api/src/modules/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository.js', '../../modules/*/*.repository.js'],
              message:
                "Another module's repository: call that module's service instead (see DESIGN.md, boundaries).",
            },
          ],
        },
      ],
    },
  },
);
