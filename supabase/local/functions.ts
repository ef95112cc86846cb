/**
 * Edge Functions, served as hosted Supabase serves them: `/functions/v1/<name>`
 * runs the handler exported by `supabase/functions/<name>/handler.ts` (its
 * `index.ts` only hands that handler to `Deno.serve`). The method, headers and
 * body are forwarded as a web `Request`, and the `Response` comes back as it
 * is: like the hosted gateway with `verify_jwt = false`, no apikey is needed
 * and no CORS header is added (the function answers its own OPTIONS).
 *
 * The functions are written for Deno. Under Node, a small `globalThis.Deno`
 * gives them what they use: `Deno.env.get` (the variables Supabase injects,
 * plus the local stand-ins' settings, per backend: each request runs in an
 * AsyncLocalStorage holding its backend's environment) and
 * `Deno.readTextFile`, which, as in a deployed bundle, finds only the files
 * config.toml's `static_files` declares for the running function
 * (function-files.ts); any other path throws `Deno.errors.NotFound`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './db.ts';
import { NotFound, readFunctionFile, type FunctionStaticFiles } from './function-files.ts';
import { jsonResponse, type LocalRequest, type LocalResponse } from './http.ts';

export const FUNCTIONS_DIR = join(REPO_ROOT, 'supabase/functions');
const NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** Bodies larger than this are refused, as hosted functions' gateway does (its limit is higher). */
const MAX_FUNCTION_BODY = 1024 * 1024;

type Handler = (req: Request) => Promise<Response>;

/** The running function's environment and the files its bundle would hold. */
const environment = new AsyncLocalStorage<{ env: Record<string, string>; staticFiles: readonly string[] }>();
const loaded = new Map<string, Promise<Handler>>();

interface DenoShim {
  env: { get(name: string): string | undefined };
  readTextFile(path: string | URL): Promise<string>;
  errors: { NotFound: typeof NotFound };
}

function installDenoShim(): void {
  const scope = globalThis as unknown as { Deno?: DenoShim & { __localShim?: true } };
  if (scope.Deno) return;
  scope.Deno = {
    __localShim: true,
    env: { get: (name: string) => environment.getStore()?.env[name] ?? process.env[name] },
    // Outside a function's request nothing is declared, so nothing is found.
    readTextFile: (path: string | URL) => readFunctionFile(environment.getStore()?.staticFiles ?? [], path),
    errors: { NotFound },
  };
}

async function loadHandler(name: string): Promise<Handler | null> {
  const file = join(FUNCTIONS_DIR, name, 'handler.ts');
  if (!existsSync(file)) return null;
  let pending = loaded.get(name);
  if (!pending) {
    installDenoShim();
    pending = import(pathToFileURL(file).href).then((module: { handler?: unknown }) => {
      if (typeof module.handler !== 'function') throw new Error(`${file} exports no handler`);
      return module.handler as Handler;
    });
    loaded.set(name, pending);
    pending.catch(() => loaded.delete(name));
  }
  return pending;
}

export interface FunctionsContext {
  /** What Deno.env.get answers inside the functions of this backend. */
  env: Record<string, string>;
  /** config.toml's `static_files` per function: all that Deno.readTextFile finds. */
  staticFiles: FunctionStaticFiles;
  logError: (line: string) => void;
}

export async function handleFunctions(req: LocalRequest, ctx: FunctionsContext): Promise<LocalResponse> {
  const [, , name, ...rest] = req.segments;
  if (req.suspiciousPath || !name || !NAME.test(name)) return notFound();
  const handler = await loadHandler(name);
  if (!handler) return notFound();
  const query = req.query.toString();
  const url = `http://localhost/${[name, ...rest].map(encodeURIComponent).join('/')}${query ? `?${query}` : ''}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || ['host', 'connection', 'content-length', 'transfer-encoding'].includes(key)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.readBody(MAX_FUNCTION_BODY);
  const request = new Request(url, {
    method: req.method,
    headers,
    ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
  let response: Response;
  try {
    response = await environment.run({ env: ctx.env, staticFiles: ctx.staticFiles[name] ?? [] }, () =>
      handler(request),
    );
  } catch (error) {
    ctx.logError(`function ${name} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    // What the hosted runtime answers when a function throws.
    return jsonResponse(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
  }
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    responseHeaders[key] = value;
  });
  return { status: response.status, headers: responseHeaders, body: Buffer.from(await response.arrayBuffer()) };
}

function notFound(): LocalResponse {
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
}
