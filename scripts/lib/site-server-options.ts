/**
 * How the production-build server answers, shared by `npm start`, the e2e
 * stack and `npm run perf`, so all three behave like the static host: the
 * security headers of security-headers.ts (the same the build writes into
 * _headers and vercel.json), 404 for paths the app does not know (and, given
 * the published flags, for routes whose flag is off), the SPA shell for app
 * routes without prerendered HTML.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlagMap } from '../../src/lib/flags/defaults.ts';
import { decodePublishedFlags } from '../../src/lib/flags/published.ts';
import { resolvePublicEnv } from '../build-env.ts';
import { effectiveHeaders, parseHeadersFile } from './hosting-config.ts';
import { CACHE_REVALIDATE, headersForPath, type PolicyEnv } from './security-headers.ts';
import { redirectLookup, type SiteContent } from './publish/content.ts';
import { SHELL_FILE, statusForPath } from './site-routes.ts';
import type { StaticServerOptions } from './static-server.ts';

/**
 * The environment the build resolved, seen from a server whose local backend
 * listens at `backendUrl`: a build with no VITE_SUPABASE_URL talks to that
 * backend (and its HubSpot stand-in), as scripts/build-env.ts decides.
 */
export function serverPolicyEnv(backendUrl: string): PolicyEnv {
  const port = new URL(backendUrl).port;
  return resolvePublicEnv('production', process.cwd(), port ? { LOCAL_SUPABASE_PORT: port } : {});
}

/** The flags a prerendered page was rendered with (its root's `data-flags`), or null. */
export function flagsOfPage(html: string): FlagMap | null {
  const root = /<div id="root"[^>]*>/.exec(html)?.[0];
  return decodePublishedFlags(root && /\sdata-flags="([^"]*)"/.exec(root)?.[1]);
}

export function siteServerOptions(
  backendUrl: string,
  env: PolicyEnv = serverPolicyEnv(backendUrl),
  /** The flags the pages are published with now (the local publisher's): a route whose flag is off is a 404. */
  publishedFlags?: () => FlagMap,
  /** The news items and posts published now (the local publisher's): a post's former slug redirects. */
  publishedContent?: () => SiteContent | null,
): Pick<StaticServerOptions, 'headersFor' | 'statusFor' | 'shellFile' | 'redirectFor'> {
  return {
    shellFile: SHELL_FILE,
    ...(publishedContent ? { redirectFor: redirectLookup(publishedContent) } : {}),
    // A route is on or off by the flags of the 404 page that would answer it, else the publisher's:
    // a publish rewrites that page before it tells the server, so the page and the status agree
    // (a 404 page whose flags put the route on would hydrate as that route, over the 404 markup).
    statusFor: (pathname, notFoundPage) =>
      statusForPath(pathname, (notFoundPage && flagsOfPage(notFoundPage)) || publishedFlags?.()),
    headersFor: (pathname, status) => {
      const headers = headersForPath(pathname, env);
      // An error page is never cached, whatever its path looks like.
      return status === 200 ? headers : { ...headers, 'Cache-Control': CACHE_REVALIDATE };
    },
  };
}

/**
 * Warns when the build's _headers carry a different Content-Security-Policy
 * than this server sends (the build ran with another environment): the pages
 * would then be tested against a policy that is not the one deployed.
 */
export function warnOnPolicyDrift(root: string, options: Pick<StaticServerOptions, 'headersFor'>): void {
  const file = join(root, '_headers');
  if (!existsSync(file) || !options.headersFor) return;
  const built = effectiveHeaders(parseHeadersFile(readFileSync(file, 'utf8')), '/')['Content-Security-Policy'];
  const served = options.headersFor('/', 200)['Content-Security-Policy'];
  if (built && served && built !== served) {
    console.warn(
      `⚠ ${file} was built with a different Content-Security-Policy than this server sends; rebuild with the same environment.\n  built:  ${built}\n  served: ${served}`,
    );
  }
}
