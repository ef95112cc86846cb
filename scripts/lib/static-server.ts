/**
 * Serves the production build: hashed assets cached for a year, HTML never
 * cached, prerendered pages where they exist, the SPA shell otherwise.
 */
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Text worth compressing, as every static host does (Lighthouse measures transfer sizes). */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

type Encoded = { mtimeMs: number; source: Buffer; br: Buffer; gzip: Buffer };
const encodedCache = new Map<string, Encoded>();

/**
 * The bundles under assets/ carry a content hash and never change: they are
 * compressed once, at Brotli's best (about 9% smaller than quality 5 for the
 * application, which a phone fetches before it can hydrate), as hosts that
 * precompress static files do. Pages change on every publish and get quality
 * 5, as CDNs compress on the fly: close to the best ratio at a fraction of the time.
 */
function brotliQuality(file: string): number {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.(js|css)$/.test(file) ? 11 : 5;
}

/** The size of `content` (the file at `file`) as this server sends it to a browser that accepts Brotli. */
export function servedSize(file: string, content: Buffer): number {
  return brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality(file) } }).length;
}

function remember(file: string, source: Buffer, mtimeMs: number): Encoded {
  const entry = {
    mtimeMs,
    source,
    br: brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality(file) } }),
    gzip: gzipSync(source, { level: 9 }),
  };
  encodedCache.set(file, entry);
  return entry;
}

/** The file compressed: `read` when the caller has already read it (and decided on those bytes), else as on disk. */
function encoded(file: string, read?: Buffer): Encoded {
  const cached = encodedCache.get(file);
  if (read) return cached?.source.equals(read) ? cached : remember(file, read, Number.NaN);
  const { mtimeMs } = statSync(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached;
  return remember(file, readFileSync(file), mtimeMs);
}

/** Compresses every text file up front, so no first request pays for it (and skews a measurement). */
function warmEncodings(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) warmEncodings(path);
    else if (COMPRESSIBLE.test(TYPES[extname(entry.name)] ?? '')) encoded(path);
  }
}

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

export type StaticServerOptions = {
  root: string;
  port: number;
  host?: string;
  /** Extra headers on every response (security headers). */
  headers?: Record<string, string>;
  /** Headers for one response, by request path and status (wins over `headers` and the default caching). */
  headersFor?: (pathname: string, status: number) => Record<string, string>;
  /** The SPA shell, relative to root, for app routes without a file of their own (default index.html). */
  shellFile?: string;
  /** Where a former URL now lives (a permanent redirect, 301), or null. */
  redirectFor?: (pathname: string) => string | null;
  /**
   * Decides the status of a path that has no file: 200 for app routes (the
   * shell), 404 otherwise (the 404 page). Given the 404 page this response
   * would carry, as read for it, so the status and the page come from the
   * same publish.
   */
  statusFor?: (pathname: string, notFoundPage: string | null) => number;
  /** No line per request on the console. */
  quiet?: boolean;
};

function fileFor(root: string, pathname: string): string | null {
  const decoded = decodeURIComponent(pathname);
  const candidate = normalize(join(root, decoded));
  // A bare prefix check would let "/..%2Fdist-other/x" out into a sibling folder.
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  const index = join(candidate, 'index.html');
  if (existsSync(index) && statSync(index).isFile()) return index;
  return null;
}

function readIfPresent(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

export function startStaticServer(options: StaticServerOptions): Promise<Server> {
  const root = resolve(options.root);
  const preferredShell = options.shellFile ? join(root, options.shellFile) : null;
  const shell = preferredShell && existsSync(preferredShell) ? preferredShell : join(root, 'index.html');
  if (!existsSync(shell)) throw new Error(`${shell} is missing: run "npm run build" first.`);
  warmEncodings(root);
  const server = createServer((req, res) => {
    const started = Date.now();
    let pathname = '/';
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      res.writeHead(400, { ...options.headers }).end('Bad request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', ...options.headers, ...options.headersFor?.(pathname, 405) }).end();
      return;
    }
    const moved = options.redirectFor?.(pathname);
    if (moved) {
      res.writeHead(301, { Location: moved, 'Cache-Control': 'no-cache', ...options.headers }).end();
      if (!options.quiet) console.info(`[site] ${req.method} ${pathname} 301 → ${moved}`);
      return;
    }
    let file: string | null = null;
    try {
      file = fileFor(root, pathname);
    } catch {
      file = null;
    }
    let status = 200;
    // The 404 page as read once for this response: its bytes decide the status and are what is sent.
    let read: Buffer | undefined;
    if (!file) {
      const notFoundPage = join(root, pathname.startsWith('/fr/') ? 'fr/404.html' : '404.html');
      const notFoundHtml = readIfPresent(notFoundPage);
      status = options.statusFor ? options.statusFor(pathname, notFoundHtml?.toString('utf8') ?? null) : 200;
      if (status === 404 && notFoundHtml) {
        file = notFoundPage;
        read = notFoundHtml;
      } else {
        file = shell;
      }
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${join(root, 'assets')}`);
    const compressible = COMPRESSIBLE.test(type);
    const encoding = compressible ? preferredEncoding(req.headers['accept-encoding']) : null;
    const body = encoding ? encoded(file, read)[encoding] : null;
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding && body ? { 'Content-Encoding': encoding, 'Content-Length': String(body.length) } : {}),
      ...options.headers,
      ...options.headersFor?.(pathname, status),
    });
    if (req.method === 'HEAD') {
      res.end();
    } else if (body) {
      res.end(body);
    } else if (type.startsWith('text/html')) {
      res.end(read ?? readFileSync(file));
    } else {
      createReadStream(file).pipe(res);
    }
    if (!options.quiet) console.info(`[site] ${req.method} ${pathname} ${status} ${Date.now() - started}ms`);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolvePromise(server));
  });
}
