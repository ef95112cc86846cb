import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = [
  'site',
  'insights',
  'catalogue',
  'auth',
  'client-portal',
  'admin-portal',
  'simple-admin',
  'lead-forms',
];

// The layering of docs/decisions/019-layers-and-import-rules.md, enforced: features never import each other
// or the app; shared layers never import features or the app; content imports
// nothing; nothing in src imports tests or the local backend.
const zones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: ['./src/features', './src/app'],
    except: [`./${name}`],
    message: 'A feature imports only itself and the shared layers (docs/decisions/019-layers-and-import-rules.md).',
  })),
  ...['lib', 'integrations', 'i18n', 'components', 'config'].map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/features', './src/app'],
    message: 'Shared layers never import features or the app.',
  })),
  {
    target: './src/content',
    from: [
      './src/app',
      './src/features',
      './src/lib',
      './src/integrations',
      './src/i18n',
      './src/components',
      './src/config',
    ],
    message: 'Content is plain typed data.',
  },
];
const supabaseOnlyInItsClient = {
  name: '@supabase/supabase-js',
  message: 'Import the client from @/lib/supabase/client (docs/decisions/019-layers-and-import-rules.md).',
};
const testFiles = ['src/**/*.test.{ts,tsx}'];
const appZones = [
  ...zones,
  {
    target: './src',
    from: ['./tests', './e2e', './supabase', './scripts', './stand-ins'],
    message: 'The app never imports tooling.',
  },
];
// A test beside its code may also use the shared helpers in tests/support.
const testZones = [
  ...zones,
  {
    target: './src',
    from: './tests',
    except: ['./support'],
    message: 'Tests in src use only the shared helpers in tests/support.',
  },
  {
    target: './src',
    from: ['./e2e', './supabase', './scripts', './stand-ins'],
    message: 'The app never imports tooling.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      '.local',
      'coverage',
      'test-results',
      'playwright-report',
      '.perf',
      '.build',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' }), createNodeResolver()],
      // Without these the plugin reads only .js files when it follows imports,
      // and no-cycle silently finds nothing in a TypeScript tree.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [supabaseOnlyInItsClient],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on a component (RequireRole role="admin") is a prop, not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      'import-x/no-restricted-paths': ['error', { zones: appZones, basePath: import.meta.dirname }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // No import circles anywhere in the code that ships or runs the product,
    // dynamic import() included: a circle makes the order modules load in
    // depend on who is imported first. Packages are not followed: a circle
    // through node_modules is not ours to break, and following them took
    // most of the rule's time.
    files: [
      'src/**/*.{ts,tsx}',
      'scripts/**/*.ts',
      'supabase/local/**/*.ts',
      'supabase/functions/**/*.ts',
      'stand-ins/**/*.ts',
    ],
    rules: { 'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false, ignoreExternal: true }] },
  },
  {
    // The local Supabase imitates Supabase only: its services reach the
    // stand-ins for outside services (stand-ins/) through interfaces of their
    // own, which the composition root (server.ts, main.ts) fills in.
    files: ['supabase/local/**/*.ts'],
    ignores: ['supabase/local/server.ts', 'supabase/local/main.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './supabase/local',
              from: './stand-ins',
              message: 'Only the composition root (supabase/local/server.ts, main.ts) imports a stand-in.',
            },
          ],
          basePath: import.meta.dirname,
        },
      ],
    },
  },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: testZones, basePath: import.meta.dirname }] },
  },
  {
    // Only the one client module (and tooling) may import supabase-js.
    files: ['src/lib/supabase/**', 'tests/**', 'e2e/**', 'supabase/local/**', 'stand-ins/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
