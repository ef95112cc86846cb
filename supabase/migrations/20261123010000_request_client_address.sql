-- The caller's network address, for per-client throttles
-- (docs/decisions/060-client-address-from-cf-connecting-ip.md).
--
-- PostgREST exposes the request's headers to SQL as the JSON setting
-- `request.headers` (lower-cased names). On hosted Supabase every Data API
-- request passes Cloudflare, which sets `cf-connecting-ip` to the address of
-- the connection it accepted, replacing any value the client sent. The
-- `x-forwarded-for` header, by contrast, keeps what the client wrote and only
-- appends to it, so its first entry is whatever an attacker chooses.
--
-- Returns the address in canonical form (`host(inet)`), or NULL when the
-- header is missing or is not an address: plain SQL sessions, the SQL editor,
-- cron jobs and anything that did not come through the API gateway. Callers
-- decide what NULL means; the simple-admin throttle puts all such callers in
-- one shared bucket.
--
-- Not security definer: it only reads a setting of the caller's own
-- transaction. It lives in `private`, which the Data API does not expose.

create or replace function private.request_client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers text := nullif(current_setting('request.headers', true), '');
  raw text;
begin
  if headers is null then
    return null;
  end if;
  begin
    raw := nullif(btrim(headers::json ->> 'cf-connecting-ip'), '');
    return host(raw::inet);
  exception when others then
    -- Malformed JSON or a value that is not an address: treat as missing
    -- rather than failing the caller's request.
    return null;
  end;
end;
$$;

comment on function private.request_client_address() is
  'The caller''s address from the cf-connecting-ip header set by the API gateway; NULL outside API requests.';

revoke execute on function private.request_client_address() from public;
grant execute on function private.request_client_address() to anon, authenticated, service_role;
