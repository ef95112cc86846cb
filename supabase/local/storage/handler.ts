/**
 * `/storage/v1`: the parts of the Supabase Storage API that supabase-js's
 * storage client calls for private documents: upload, update, download,
 * list, signed URLs, remove, and bucket reads.
 *
 * As on the Storage server, the caller is whoever the `Authorization` JWT
 * says (the anon key, a user's access token, the service-role key), and every
 * statement on storage.objects runs in a transaction switched to that role
 * with the request's claims, so the RLS policies the migrations put on
 * storage.objects decide what each caller may read, write and delete. Only
 * bucket settings (limits, public) are read as the superuser, as the Storage
 * server does. Object contents live in files (files.ts), one per version.
 */
import { createHash, randomUUID } from 'node:crypto';
import { isDatabaseError, TEXT_PARAMS, type LocalDatabase, type Tx } from '../db.ts';
import { headerValue, jsonProblem, jsonResponse, PayloadTooLargeError, type LocalRequest, type LocalResponse } from '../http.ts';
import { signJwt, verifyJwtReason } from '../jwt.ts';
import type { ApiRole } from '../rest/errors.ts';
import { fromDatabaseError, StorageError, storageErrors } from './errors.ts';
import type { FileStore } from './files.ts';
import { multipartBoundary, MultipartError, parseMultipart } from './multipart.ts';

export interface StorageContext {
  db: LocalDatabase;
  files: FileStore;
  /** The project-wide upload limit in bytes (config.toml `[storage] file_size_limit`). */
  fileSizeLimit: number;
  /** Unexpected failures (bugs): always printed, on stderr. */
  logError: (line: string) => void;
}

interface Identity {
  role: ApiRole;
  claims: Record<string, unknown>;
  /** False when a route that allows it was called without a valid JWT (then the caller is anon). */
  authenticated: boolean;
}

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
}

/** Room for the multipart envelope and its fields around the file itself. */
const MULTIPART_OVERHEAD = 2 * 1024 * 1024;
/** The Storage server's bound on list, sign and delete batches. */
const MAX_OBJECTS_PER_REQUEST = 1000;
/** Object keys the Storage server accepts (S3-safe characters). */
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export async function handleStorage(req: LocalRequest, ctx: StorageContext): Promise<LocalResponse> {
  try {
    return await route(req, ctx);
  } catch (error) {
    if (error instanceof StorageError) return error.toResponse();
    if (isDatabaseError(error)) return fromDatabaseError(error).toResponse();
    ctx.logError(`storage: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return storageErrors.internal().toResponse();
  }
}

async function route(req: LocalRequest, ctx: StorageContext): Promise<LocalResponse> {
  const rest = req.segments.slice(2);
  const [area, first, second] = rest;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const notFound = () => storageErrors.routeNotFound(req.method, `/${rest.join('/')}`);
  // The object's path after `skip` segments: the rest of the URL.
  const objectAt = (skip: number) => {
    const bucket = rest[skip];
    const name = rest.slice(skip + 1).join('/');
    if (!bucket || name === '') throw notFound();
    if (req.suspiciousPath) throw storageErrors.invalidKey(name);
    return { bucket, name };
  };

  if (area === 'bucket' && method === 'GET') {
    if (rest.length === 1) return listBuckets(req, ctx);
    if (rest.length === 2 && first) return getBucket(req, ctx, first);
    throw notFound();
  }
  if (area !== 'object' || !first) throw notFound();

  if (method === 'POST') {
    if (first === 'list' && second && rest.length === 3) return listObjects(req, ctx, second);
    if (first === 'sign' && second && rest.length === 3) return signUrls(req, ctx, second);
    if (first === 'sign') {
      const { bucket, name } = objectAt(2);
      return signUrl(req, ctx, bucket, name);
    }
    const { bucket, name } = objectAt(1);
    return upload(req, ctx, bucket, name, headerValue(req.headers, 'x-upsert') === 'true');
  }
  if (method === 'PUT') {
    const { bucket, name } = objectAt(1);
    return upload(req, ctx, bucket, name, true);
  }
  if (method === 'GET') {
    if (first === 'sign') {
      const { bucket, name } = objectAt(2);
      return signedDownload(req, ctx, bucket, name);
    }
    if (first === 'authenticated') {
      const { bucket, name } = objectAt(2);
      return download(req, ctx, bucket, name, await identify(req, false));
    }
    if (first === 'public') {
      const { bucket, name } = objectAt(2);
      return publicDownload(req, ctx, bucket, name);
    }
    const { bucket, name } = objectAt(1);
    return download(req, ctx, bucket, name, await identify(req, true));
  }
  if (method === 'DELETE') {
    if (rest.length === 2) return removeObjects(req, ctx, first);
    const { bucket, name } = objectAt(1);
    return removeObject(req, ctx, bucket, name);
  }
  throw notFound();
}

// --- who is calling ---------------------------------------------------------------

/**
 * The Storage server's JWT check: `Authorization: Bearer <jwt>` signed with
 * the project's secret. `allowAnonymous` routes treat a missing or invalid
 * token as an unauthenticated anon caller instead of refusing it.
 */
async function identify(req: LocalRequest, allowAnonymous: boolean): Promise<Identity> {
  const token = (headerValue(req.headers, 'authorization') ?? '').replace(/^Bearer\s+/i, '');
  const anonymous: Identity = { role: 'anon', claims: { role: 'anon' }, authenticated: false };
  if (!token && allowAnonymous) return anonymous;
  const verified = await verifyJwtReason(token);
  if (!verified.ok) {
    if (allowAnonymous) return anonymous;
    throw storageErrors.accessDenied(verified.message);
  }
  const role = verified.claims.role;
  if (typeof role !== 'string' || !API_ROLES.has(role)) {
    // Never switch to a role outside the three API roles (e.g. postgres).
    throw storageErrors.accessDenied('Access denied: Invalid role');
  }
  return { role: role as ApiRole, claims: verified.claims, authenticated: true };
}

const ROLE_SQL: Record<ApiRole, string> = {
  anon: 'set local role anon',
  authenticated: 'set local role authenticated',
  service_role: 'set local role service_role',
};

interface TransactionOptions {
  readOnly?: boolean;
  /** Lets the statement delete rows (storage.protect_delete refuses other deletes). */
  allowDelete?: boolean;
  /** Superuser work in the same transaction, before the switch to the caller's role. */
  beforeRole?: (tx: Tx) => Promise<void>;
}

/**
 * One transaction as the caller's role with the request's claims, method,
 * path and headers visible to SQL (auth.uid(), auth.jwt()), as the Storage
 * server sets them before its statements.
 */
function asCaller<T>(
  ctx: StorageContext,
  req: LocalRequest,
  identity: Identity,
  options: TransactionOptions,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    if (options.readOnly) await tx.query('set transaction read only');
    await options.beforeRole?.(tx);
    const claims = identity.claims;
    await tx.query(
      `select set_config('request.jwt.claims', $1, true),
              set_config('request.jwt.claim.sub', $2, true),
              set_config('request.jwt.claim.role', $3, true),
              set_config('request.method', $4, true),
              set_config('request.path', $5, true),
              set_config('request.headers', $6, true),
              set_config('storage.allow_delete_query', $7, true)`,
      [
        JSON.stringify(claims),
        typeof claims.sub === 'string' ? claims.sub : '',
        identity.role,
        req.method,
        `/${req.segments.slice(2).join('/')}`,
        JSON.stringify(flatHeaders(req)),
        options.allowDelete ? 'true' : 'false',
      ],
      { serializers: TEXT_PARAMS },
    );
    await tx.query(ROLE_SQL[identity.role]);
    return work(tx);
  });
}

function flatHeaders(req: LocalRequest): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

async function query<T>(tx: Tx, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await tx.query<T>(sql, params, { serializers: TEXT_PARAMS })).rows;
}

/** Bucket settings, read as the superuser (the Storage server does too). */
async function findBucket(ctx: StorageContext, id: string): Promise<Bucket | null> {
  const rows = await ctx.db.transaction((tx) =>
    query<Bucket>(
      tx,
      `select id, coalesce(public, false) as public, file_size_limit::float8 as file_size_limit, allowed_mime_types
         from storage.buckets where id = $1`,
      [id],
    ),
  );
  return rows[0] ?? null;
}

/** The object as the caller sees it (RLS), or Storage's "Object not found". */
async function findObjectAsCaller(
  ctx: StorageContext,
  req: LocalRequest,
  identity: Identity,
  bucket: string,
  name: string,
): Promise<ObjectRow> {
  const rows = await asCaller(ctx, req, identity, { readOnly: true }, (tx) =>
    query<ObjectRow>(
      tx,
      'select id, version, metadata from storage.objects where name = $1 and bucket_id = $2 limit 1',
      [name, bucket],
    ),
  );
  const row = rows[0];
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

async function findObjectAsSuperuser(ctx: StorageContext, bucket: string, name: string): Promise<ObjectRow> {
  const rows = await ctx.db.transaction((tx) =>
    query<ObjectRow>(
      tx,
      'select id, version, metadata from storage.objects where name = $1 and bucket_id = $2 limit 1',
      [name, bucket],
    ),
  );
  const row = rows[0];
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

// --- upload and update -----------------------------------------------------------

interface Upload {
  data: Buffer;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

/**
 * POST (create; replace too with `x-upsert: true`) and PUT (replace or
 * create). The bucket's limits are checked first; the file is staged, the
 * row written as the caller (an insert, or an upsert, as the Storage server
 * checks them), and only then is the file moved into place, in the row's
 * transaction. Any failure deletes the file; a replaced version's file is
 * deleted once the new row is committed.
 */
async function upload(
  req: LocalRequest,
  ctx: StorageContext,
  bucketId: string,
  name: string,
  upsert: boolean,
): Promise<LocalResponse> {
  const identity = await identify(req, false);
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket) throw storageErrors.noSuchBucket();
  const emptyFolder = name.endsWith('.emptyFolderPlaceholder');
  // A placeholder keeping an empty folder listed has no content.
  const maxSize = emptyFolder
    ? 0
    : Math.min(ctx.fileSizeLimit, typeof bucket.file_size_limit === 'number' ? bucket.file_size_limit : Infinity);
  const allowed = emptyFolder ? [] : (bucket.allowed_mime_types ?? []);
  const file = await readUpload(req, maxSize, allowed);
  if (!VALID_OBJECT_KEY.test(name)) throw storageErrors.invalidKey(name);

  const owner = typeof identity.claims.sub === 'string' ? identity.claims.sub : undefined;
  const lastModified = new Date();
  lastModified.setMilliseconds(0);
  const metadata = {
    eTag: `"${createHash('md5').update(file.data).digest('hex')}"`,
    size: file.data.length,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: lastModified.toISOString(),
    contentLength: file.data.length,
    httpStatusCode: 200,
  };

  const staged = await ctx.files.stage(file.data);
  const previous: { version: string | null } = { version: null };
  let id: string;
  try {
    id = await asCaller(
      ctx,
      req,
      identity,
      {
        beforeRole: upsert
          ? async (tx) => {
              const current = await query<{ version: string | null }>(
                tx,
                'select version from storage.objects where bucket_id = $1 and name = $2 for update',
                [bucketId, name],
              );
              previous.version = current[0]?.version ?? null;
            }
          : undefined,
      },
      async (tx) => {
        const columns: Record<string, unknown> = {
          bucket_id: bucketId,
          name,
          owner: owner && UUID.test(owner) ? owner : undefined,
          owner_id: owner,
          metadata: JSON.stringify(metadata),
          user_metadata: file.userMetadata === undefined ? undefined : JSON.stringify(file.userMetadata),
          version: staged.version,
        };
        const names = Object.keys(columns).filter((column) => columns[column] !== undefined);
        const values = names.map((column) => columns[column]);
        const placeholders = names.map((column, index) =>
          column === 'metadata' || column === 'user_metadata' ? `$${index + 1}::jsonb` : `$${index + 1}`,
        );
        let objectId: string;
        if (upsert) {
          // As the Storage server checks an upsert: insert, or update the existing row (UPDATE policies).
          const updates = names
            .filter((column) => !['bucket_id', 'name'].includes(column))
            .map((column) => `${column} = excluded.${column}`);
          const rows = await query<{ id: string }>(
            tx,
            `insert into storage.objects (${names.join(', ')}) values (${placeholders.join(', ')})
             on conflict (name, bucket_id) do update set ${updates.join(', ')}
             returning id`,
            values,
          );
          objectId = rows[0]?.id ?? '';
        } else {
          // A plain insert (INSERT policies only), its id chosen here so no SELECT is needed.
          objectId = randomUUID();
          try {
            await query(
              tx,
              `insert into storage.objects (id, ${names.join(', ')}) values ($${names.length + 1}, ${placeholders.join(', ')})`,
              [...values, objectId],
            );
          } catch (error) {
            if (isDatabaseError(error) && error.code === '23505') throw storageErrors.keyAlreadyExists();
            throw error;
          }
        }
        await staged.commit();
        return objectId;
      },
    );
  } catch (error) {
    await staged.discard().catch(() => undefined);
    throw error;
  }
  if (previous.version && previous.version !== staged.version) await ctx.files.remove([previous.version]);
  return jsonResponse(200, { Id: id, Key: `${bucketId}/${name}` });
}

/** The file, its type and cache setting, from a multipart form or a raw body, within the bucket's limits. */
async function readUpload(req: LocalRequest, maxSize: number, allowedMimeTypes: string[]): Promise<Upload> {
  const contentType = headerValue(req.headers, 'content-type');
  if (contentType?.startsWith('multipart/form-data')) {
    const boundary = multipartBoundary(contentType);
    if (!boundary) throw storageErrors.noContent('Multipart: Boundary not found');
    const body = await readLimited(req, maxSize + MULTIPART_OVERHEAD);
    let form;
    try {
      form = parseMultipart(body, boundary);
    } catch (error) {
      if (error instanceof MultipartError) throw storageErrors.noContent(error.message);
      throw error;
    }
    if (!form.file) throw storageErrors.noContent();
    const mimetype = form.fields.contentType || form.file.contentType;
    if (allowedMimeTypes.length > 0) validateMimeType(mimetype, allowedMimeTypes);
    if (form.file.data.length > maxSize) throw storageErrors.entityTooLarge();
    const customMetadata = form.fields.metadata ?? form.fields.userMetadata;
    if (customMetadata !== undefined && Buffer.byteLength(customMetadata) > 1024 * 1024) {
      throw storageErrors.entityTooLarge('user_metadata');
    }
    return {
      data: form.file.data,
      mimetype,
      cacheControl: form.fields.cacheControl ? `max-age=${form.fields.cacheControl}` : 'no-cache',
      userMetadata: customMetadata === undefined ? undefined : parseJsonObject(customMetadata),
    };
  }
  const mimetype = contentType || 'application/octet-stream';
  if (allowedMimeTypes.length > 0) validateMimeType(mimetype, allowedMimeTypes);
  const declared = Number(headerValue(req.headers, 'content-length'));
  if (Number.isFinite(declared) && declared > maxSize) throw storageErrors.entityTooLarge();
  const xMetadata = headerValue(req.headers, 'x-metadata');
  const data = await readLimited(req, maxSize);
  return {
    data,
    mimetype,
    cacheControl: headerValue(req.headers, 'cache-control') ?? 'no-cache',
    userMetadata:
      xMetadata === undefined ? undefined : parseJsonObject(Buffer.from(xMetadata, 'base64').toString('utf8')),
  };
}

async function readLimited(req: LocalRequest, maxBytes: number): Promise<Buffer> {
  try {
    return await req.readBody(maxBytes);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw storageErrors.entityTooLarge();
    throw error;
  }
}

/** User metadata is kept when it is a JSON object Postgres can store; anything else is dropped, as the server does. */
function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || jsonProblem(value)) return undefined;
    return value as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** `type/subtype` against the bucket's list, where `type/*` allows every subtype. */
function validateMimeType(mimeType: string, allowed: string[]): void {
  const [type, subtype, ...more] = mimeType.split('/');
  if (type !== undefined && subtype !== undefined && more.length === 0) {
    for (const entry of allowed) {
      const [allowedType, allowedSubtype] = entry.split('/');
      if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
    }
  }
  throw storageErrors.invalidMimeType(mimeType);
}

// --- download -------------------------------------------------------------------------

/**
 * GET /object/{bucket}/{path} and /object/authenticated/{bucket}/{path}. A
 * caller without a valid JWT only reaches public buckets; in a private
 * bucket the row must be visible to the caller's role.
 */
async function download(
  req: LocalRequest,
  ctx: StorageContext,
  bucketId: string,
  name: string,
  identity: Identity,
): Promise<LocalResponse> {
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket || (!identity.authenticated && !bucket.public)) throw storageErrors.noSuchBucket();
  const row = bucket.public
    ? await findObjectAsSuperuser(ctx, bucketId, name)
    : await findObjectAsCaller(ctx, req, identity, bucketId, name);
  return render(ctx, row, { download: req.query.get('download') });
}

async function publicDownload(
  req: LocalRequest,
  ctx: StorageContext,
  bucketId: string,
  name: string,
): Promise<LocalResponse> {
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket?.public) throw storageErrors.noSuchBucket();
  const row = await findObjectAsSuperuser(ctx, bucketId, name);
  return render(ctx, row, { download: req.query.get('download') });
}

async function render(
  ctx: StorageContext,
  row: ObjectRow,
  options: { download: string | null; expires?: string },
): Promise<LocalResponse> {
  const data = await ctx.files.read(row.version);
  if (!data) throw storageErrors.fileNotFound();
  const metadata = row.metadata ?? {};
  const text = (key: string) => (typeof metadata[key] === 'string' ? (metadata[key] as string) : undefined);
  const mimetype = text('mimetype') ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    // Never served as a page from the API's origin.
    'Content-Type': mimetype.includes('text/html') ? 'text/plain' : mimetype,
    'X-Robots-Tag': 'none',
  };
  const eTag = text('eTag');
  if (eTag) headers.ETag = eTag;
  const lastModified = text('lastModified');
  if (lastModified && !Number.isNaN(Date.parse(lastModified))) {
    headers['Last-Modified'] = new Date(lastModified).toUTCString();
  }
  if (options.expires) headers.Expires = options.expires;
  else if (text('cacheControl')) headers['Cache-Control'] = text('cacheControl') ?? '';
  if (options.download !== null) {
    const encoded = encodeURIComponent(options.download);
    headers['Content-Disposition'] =
      options.download === '' ? 'attachment;' : `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
  }
  return { status: 200, headers, body: data };
}

// --- signed URLs -------------------------------------------------------------------

/** Signed-URL tokens are for downloading; they carry the object they open and expire. */
const DOWNLOAD_SCOPE = 'download';

async function signedToken(url: string, expiresIn: number): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ url, scope: DOWNLOAD_SCOPE, iat, exp: iat + expiresIn });
}

/** `expiresIn`: whole seconds, at least 1 (the server's body schema). */
function readExpiresIn(body: Record<string, unknown>): number {
  const expiresIn = body.expiresIn;
  if (expiresIn === undefined) throw storageErrors.validation("body must have required property 'expiresIn'");
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn)) {
    throw storageErrors.validation('body/expiresIn must be integer');
  }
  if (expiresIn < 1) throw storageErrors.validation('body/expiresIn must be >= 1');
  // Beyond what a JWT's exp can say sensibly.
  if (!Number.isSafeInteger(Math.floor(Date.now() / 1000) + expiresIn)) {
    throw storageErrors.invalidParameter('expiresIn');
  }
  return expiresIn;
}

/** POST /object/sign/{bucket}/{path}: `{ signedURL }` for an object the caller can read. */
async function signUrl(req: LocalRequest, ctx: StorageContext, bucketId: string, name: string): Promise<LocalResponse> {
  const identity = await identify(req, false);
  const body = await readJsonObject(req);
  const expiresIn = readExpiresIn(body);
  await findObjectAsCaller(ctx, req, identity, bucketId, name);
  const url = `${bucketId}/${name}`;
  return jsonResponse(200, { signedURL: `/object/sign/${url}?token=${await signedToken(url, expiresIn)}` });
}

/** POST /object/sign/{bucket} with `{ expiresIn, paths }`: one entry per path, an error for those the caller cannot read. */
async function signUrls(req: LocalRequest, ctx: StorageContext, bucketId: string): Promise<LocalResponse> {
  const identity = await identify(req, false);
  const body = await readJsonObject(req);
  const expiresIn = readExpiresIn(body);
  const paths = readStringList(body, 'paths');
  const visible = await asCaller(ctx, req, identity, { readOnly: true }, (tx) =>
    query<{ name: string }>(
      tx,
      'select name from storage.objects where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb))',
      [bucketId, JSON.stringify(paths)],
    ),
  );
  const names = new Set(visible.map((row) => row.name));
  const results = [];
  for (const path of paths) {
    const url = `${bucketId}/${path}`;
    results.push(
      names.has(path)
        ? { error: null, path, signedURL: `/object/sign/${url}?token=${await signedToken(url, expiresIn)}` }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    );
  }
  return jsonResponse(200, results);
}

/**
 * GET /object/sign/{bucket}/{path}?token=...: the token alone grants access
 * (no apikey, no Authorization), as long as it is ours, unexpired, scoped for
 * download and names this very object.
 */
async function signedDownload(
  req: LocalRequest,
  ctx: StorageContext,
  bucketId: string,
  name: string,
): Promise<LocalResponse> {
  const token = req.query.get('token');
  if (token === null) throw storageErrors.validation("querystring must have required property 'token'");
  const verified = await verifyJwtReason(token);
  if (!verified.ok) throw storageErrors.invalidJwt(verified.message);
  const { claims } = verified;
  const scoped = claims.scope === DOWNLOAD_SCOPE || (claims.scope === undefined && !('upsert' in claims));
  if (!scoped) throw storageErrors.invalidSignature(`Token is not scoped for ${DOWNLOAD_SCOPE}`);
  if (claims.url !== `${bucketId}/${name}`) throw storageErrors.invalidSignature();
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw storageErrors.expiredSignature();
  const row = await findObjectAsSuperuser(ctx, bucketId, name);
  return render(ctx, row, {
    download: req.query.get('download'),
    expires: new Date(claims.exp * 1000).toUTCString(),
  });
}

// --- list -------------------------------------------------------------------------------

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

/**
 * POST /object/list/{bucket} `{ prefix, limit, offset, sortBy, search }`:
 * one level under the prefix, as the Storage server's search answers it:
 * a folder is an entry with its name and nulls, a file has its row's id,
 * dates and metadata. Only rows the caller's role can see are listed.
 */
async function listObjects(req: LocalRequest, ctx: StorageContext, bucketId: string): Promise<LocalResponse> {
  const identity = await identify(req, false);
  const body = await readJsonObject(req);
  if (typeof body.prefix !== 'string') {
    throw storageErrors.validation(
      body.prefix === undefined ? "body must have required property 'prefix'" : 'body/prefix must be string',
    );
  }
  const limit = optionalInteger(body, 'limit', 1) ?? 100;
  const offset = optionalInteger(body, 'offset', 0) ?? 0;
  const search = body.search === undefined ? '' : body.search;
  if (typeof search !== 'string') throw storageErrors.validation('body/search must be string');
  let column = 'name';
  let ascending = true;
  if (body.sortBy !== undefined) {
    const sortBy = body.sortBy as Record<string, unknown>;
    if (typeof sortBy !== 'object' || sortBy === null || Array.isArray(sortBy)) {
      throw storageErrors.validation('body/sortBy must be object');
    }
    if (typeof sortBy.column !== 'string' || !SORT_COLUMNS.has(sortBy.column)) {
      throw storageErrors.validation('body/sortBy/column must be equal to one of the allowed values');
    }
    if (sortBy.order !== undefined && sortBy.order !== 'asc' && sortBy.order !== 'desc') {
      throw storageErrors.validation('body/sortBy/order must be equal to one of the allowed values');
    }
    column = sortBy.column;
    ascending = sortBy.order !== 'desc';
  }
  // The prefix is a folder.
  const prefix = body.prefix.length > 0 && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
  const direction = ascending ? 'asc' : 'desc';
  // Name order interleaves folders and files as their full names sort
  // (a folder as "name/"); any other order puts folders (by name) first.
  const order =
    column === 'name'
      ? `lower(case when folder then name || '/' else name end) collate "C" ${direction}`
      : `folder desc, case when folder then lower(name) end collate "C" ${direction}, ${column} ${direction}, name collate "C"`;
  const rows = await asCaller(ctx, req, identity, { readOnly: true }, (tx) =>
    query<Record<string, unknown>>(
      tx,
      `with matching as (
         select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
                substr(o.name, char_length($2) + 1) as rest
           from storage.objects o
          where o.bucket_id = $1 and starts_with(lower(o.name), lower($2 || $3))
       ), entries as (
         select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
                true as folder
           from matching where strpos(rest, '/') > 0
          group by split_part(rest, '/', 1)
         union all
         select rest, id, updated_at, created_at, last_accessed_at, metadata, false
           from matching where strpos(rest, '/') = 0
       )
       select name, id, updated_at, created_at, last_accessed_at, metadata
         from entries order by ${order} limit $4 offset $5`,
      [bucketId, prefix, search, Math.min(limit, 1500), offset],
    ),
  );
  return jsonResponse(200, rows);
}

function optionalInteger(body: Record<string, unknown>, key: string, minimum: number): number | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw storageErrors.validation(`body/${key} must be integer`);
  if (value < minimum) throw storageErrors.validation(`body/${key} must be >= ${minimum}`);
  return value;
}

// --- remove -------------------------------------------------------------------------------

/** The columns of a removed object the server answers with. */
const OBJECT_COLUMNS =
  'name, bucket_id, owner, owner_id, version, id, updated_at, created_at, last_accessed_at, metadata, user_metadata';

/**
 * DELETE /object/{bucket} `{ prefixes }`: deletes, as the caller, the named
 * objects its DELETE policies allow (the others are silently kept), answers
 * with the deleted rows, then deletes their files.
 */
async function removeObjects(req: LocalRequest, ctx: StorageContext, bucketId: string): Promise<LocalResponse> {
  const identity = await identify(req, false);
  const body = await readJsonObject(req);
  const prefixes = readStringList(body, 'prefixes');
  const deleted = await asCaller(ctx, req, identity, { allowDelete: true }, (tx) =>
    query<Record<string, unknown>>(
      tx,
      `delete from storage.objects
        where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb))
        returning ${OBJECT_COLUMNS}`,
      [bucketId, JSON.stringify(prefixes)],
    ),
  );
  await ctx.files.remove(deleted.map((row) => (typeof row.version === 'string' ? row.version : null)));
  return jsonResponse(200, deleted);
}

/** DELETE /object/{bucket}/{path}: one object; a row the caller may not delete is "Access denied". */
async function removeObject(
  req: LocalRequest,
  ctx: StorageContext,
  bucketId: string,
  name: string,
): Promise<LocalResponse> {
  const identity = await identify(req, false);
  await findObjectAsSuperuser(ctx, bucketId, name);
  const deleted = await asCaller(ctx, req, identity, { allowDelete: true }, (tx) =>
    query<{ version: string | null }>(
      tx,
      'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
      [bucketId, name],
    ),
  );
  if (deleted.length === 0) throw storageErrors.accessDenied('Access denied');
  await ctx.files.remove(deleted.map((row) => row.version));
  return jsonResponse(200, { message: 'Successfully deleted' });
}

// --- buckets ------------------------------------------------------------------------------

const BUCKET_COLUMNS = `id, name, owner, owner_id, coalesce(public, false) as public, 'STANDARD' as type,
  file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at`;
const BUCKET_SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

/** GET /bucket: the buckets the caller's role can see (RLS is on storage.buckets; the service role sees all). */
async function listBuckets(req: LocalRequest, ctx: StorageContext): Promise<LocalResponse> {
  const identity = await identify(req, false);
  const params: unknown[] = [];
  let where = '';
  const search = req.query.get('search');
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    where = `where name ilike $${params.length}`;
  }
  const sortColumn = req.query.get('sortColumn');
  if (sortColumn !== null && !BUCKET_SORT_COLUMNS.has(sortColumn)) {
    throw storageErrors.validation('querystring/sortColumn must be equal to one of the allowed values');
  }
  const sortOrder = req.query.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const orderBy = sortColumn ? `order by ${sortColumn} ${sortOrder}` : '';
  let pagination = '';
  for (const key of ['limit', 'offset'] as const) {
    const raw = req.query.get(key);
    if (raw === null) continue;
    if (!/^\d+$/.test(raw)) throw storageErrors.validation(`querystring/${key} must be integer`);
    params.push(raw);
    pagination += ` ${key} $${params.length}`;
  }
  const rows = await asCaller(ctx, req, identity, { readOnly: true }, (tx) =>
    query<Record<string, unknown>>(tx, `select ${BUCKET_COLUMNS} from storage.buckets ${where} ${orderBy}${pagination}`, params),
  );
  return jsonResponse(200, rows);
}

async function getBucket(req: LocalRequest, ctx: StorageContext, id: string): Promise<LocalResponse> {
  const identity = await identify(req, false);
  const rows = await asCaller(ctx, req, identity, { readOnly: true }, (tx) =>
    query<Record<string, unknown>>(tx, `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]),
  );
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return jsonResponse(200, rows[0]);
}

// --- bodies ---------------------------------------------------------------------------------

async function readJsonObject(req: LocalRequest): Promise<Record<string, unknown>> {
  const raw = (await readLimitedJson(req)).toString('utf8');
  let value: unknown;
  try {
    value = raw.trim() === '' ? {} : (JSON.parse(raw) as unknown);
  } catch {
    throw storageErrors.validation('Body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw storageErrors.validation('body must be object');
  }
  const problem = jsonProblem(value);
  if (problem) throw storageErrors.validation(problem);
  return value as Record<string, unknown>;
}

async function readLimitedJson(req: LocalRequest): Promise<Buffer> {
  try {
    return await req.readBody();
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw storageErrors.entityTooLarge('request body');
    throw error;
  }
}

function readStringList(body: Record<string, unknown>, key: string): string[] {
  const value = body[key];
  if (value === undefined) throw storageErrors.validation(`body must have required property '${key}'`);
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw storageErrors.validation(`body/${key} must be array of strings`);
  }
  if (value.length < 1) throw storageErrors.validation(`body/${key} must NOT have fewer than 1 items`);
  if (value.length > MAX_OBJECTS_PER_REQUEST) {
    throw storageErrors.validation(`body/${key} must NOT have more than ${MAX_OBJECTS_PER_REQUEST} items`);
  }
  return value as string[];
}
