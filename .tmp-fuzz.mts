import { launchLocalBackend } from './supabase/local/server.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './supabase/local/keys.ts';
const b = await launchLocalBackend({ port: 0, quiet: true });
const qs = ['select=', 'select="a', 'select=*,*', 'select=a:', 'select=:a', 'select=name,', 'order=', 'order=.', 'order=name..desc', 'limit=', 'offset=', 'name=in.()', 'name=not.', 'name=not.in.()', 'or=()', 'or=(', 'or=(name.eq.a', 'and=(or())', 'name=eq.%00', 'name=like.%E0%A4%A', 'name=in.("a\\",b)', 'not.or=(name.eq.teams)', 'name=isdistinct.null', 'enabled=is.TRUE', 'id=in.(1,2)', 'created_at=gt.not-a-date', 'name=eq.' + 'x'.repeat(8000), 'select=' + 'name,'.repeat(500) + 'name', 'name=like.' + '%'.repeat(3000) + 'x', 'description=ilike.*%5C*', 'apikey=x', 'columns=a', 'on_conflict=x'];
const bad: string[] = [];
for (const q of qs) for (const key of [LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY]) {
  for (const method of ['GET', 'DELETE', 'PATCH', 'HEAD']) {
    const r = await fetch(`${b.url}/rest/v1/feature_flags?${q}`, { method, headers: { apikey: key, 'content-type': 'application/json', Prefer: 'return=representation' }, body: method === 'PATCH' ? '{"description":"x"}' : undefined });
    if (r.status >= 500) bad.push(`${method} ${q} ${r.status} ${await r.text()}`);
  }
}
const bodies = ['{}', '[]', '[{}]', '[{},{}]', '{"name":"a\\u0000b"}', '{"name":{"x":1}}', '{"enabled":1e400}', '[1,2]', 'null', '"x"', '{"name":"x","__proto__":{"a":1}}', '\xff\xfe', '{"description":' + '['.repeat(5000) + ']'.repeat(5000) + '}'];
for (const body of bodies) for (const prefer of ['', 'return=representation', 'missing=default', 'resolution=merge-duplicates', 'resolution=ignore-duplicates,return=representation', 'missing=default,return=representation']) {
  for (const path of ['feature_flags', 'analytics_events', 'feature_flags?columns=name,enabled', 'feature_flags?on_conflict=nope', 'rpc/simple_admin_unlock', 'rpc/simple_admin_set_flag']) {
    const r = await fetch(`${b.url}/rest/v1/${path}`, { method: 'POST', headers: { apikey: LOCAL_SERVICE_ROLE_KEY, 'content-type': 'application/json', Prefer: prefer }, body });
    if (r.status >= 500) bad.push(`POST ${path} ${prefer} ${body.slice(0, 40)} ${r.status} ${await r.text()}`);
  }
}
for (const accept of ['application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.array+json;nulls=stripped', '*/*;q=0.1', ',,,', 'application/vnd.pgrst.plan+text']) {
  const r = await fetch(`${b.url}/rest/v1/feature_flags?limit=1`, { headers: { apikey: LOCAL_ANON_KEY, accept } });
  if (r.status >= 500) bad.push(`accept ${accept} ${r.status}`); else console.log(accept, r.status, (await r.text()).slice(0, 100));
}
for (const p of ['rpc/simple_admin_unlock?password=x', 'rpc/simple_admin_unlock', 'rpc/', 'rpc']) {
  for (const method of ['GET', 'HEAD']) {
    const r = await fetch(`${b.url}/rest/v1/${p}`, { method, headers: { apikey: LOCAL_ANON_KEY } });
    console.log(method, p, r.status, method === 'GET' ? (await r.text()).slice(0, 150) : '');
    if (r.status >= 500) bad.push(`${method} ${p} ${r.status}`);
  }
}
console.log('BAD', bad.length); for (const x of bad.slice(0, 30)) console.log(x.slice(0, 300));
const flags = await b.db.query(`select count(*) from public.feature_flags`); console.log(flags);
await b.stop(); process.exit(0);
