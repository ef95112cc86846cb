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
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
          },
        },
        {
          extends: true,
          test: {
            name: 'backend',
            environment: 'node',
            include: ['tests/backend/**/*.test.ts', 'tests/node/**/*.test.ts'],
            setupFiles: ['tests/setup/node.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  };
});
