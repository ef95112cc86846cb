import { launchLocalBackend } from './supabase/local/server.ts';
import { LOCAL_ANON_KEY } from './supabase/local/keys.ts';
const b = await launchLocalBackend({ port: 0, quiet: true });
const bad: string[] = [];
const tok = await (await fetch(`${b.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { apikey: LOCAL_ANON_KEY }, body: JSON.stringify({ email: 'member@example.com', password: 'LocalMember#2025' }) })).json() as { access_token: string };
const bodies = ['', '{}', '[]', 'null', '"x"', '{"email":1}', '{"email":"a@b.co","password":1}', '{"email":"a@b.co","password":"' + 'x'.repeat(100) + '"}', '{"email":"' + 'a'.repeat(300) + '@b.co","password":"Abcdefgh#1"}', '{"email":"x@y.zz","password":"Abcdefgh#1","data":[1]}', '{"email":"x@y.zz","password":"Abcdefgh#1","data":"s"}', '{"refresh_token":1}', '{"refresh_token":"' + 'r'.repeat(5000) + '"}', '{"data":{"a":{"b":' + '['.repeat(100) + ']'.repeat(100) + '}}}', '{"email":"\u0000@x.yy","password":"Abcdefgh#1"}', '{"password":"\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000x"}', '{"phone":"+123"}', '{"email":null,"password":null}'];
const paths = ['signup', 'token?grant_type=password', 'token?grant_type=refresh_token', 'token', 'recover', 'recover?redirect_to=javascript:alert(1)', 'logout?scope=x', 'logout', 'user', 'verify?token=x&type=recovery&redirect_to=http://evil.com', 'settings', 'health'];
for (const body of bodies) for (const path of paths) for (const method of ['POST', 'PUT', 'GET']) for (const auth of [undefined, `Bearer ${tok.access_token}`]) {
  const headers: Record<string, string> = { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' };
  if (auth) headers.authorization = auth;
  const r = await fetch(`${b.url}/auth/v1/${path}`, { method, headers, body: method === 'GET' ? undefined : body, redirect: 'manual' });
  if (r.status >= 500) bad.push(`${method} ${path} ${body.slice(0, 40)} ${r.status} ${(await r.text()).slice(0, 200)}`);
  if (path.startsWith('verify') && r.status === 303 && (r.headers.get('location') ?? '').startsWith('http://evil')) bad.push('open redirect');
}
for (const body of ['', '{}', '{"fields":[{"name":"email","value":"\u0000"}]}', '{"fields":[{"name":"\u0000","value":"x"}]}', '{"fields":[{"name":"a","value":"b"}],"context":{"x":' + '['.repeat(200) + ']'.repeat(200) + '}}']) {
  const r = await fetch(`${b.url}/hubspot/forms/submissions/v3/integration/submit/p/f`, { method: 'POST', body });
  if (r.status >= 500) bad.push(`hubspot ${body.slice(0, 50)} ${r.status} ${await r.text()}`);
}
console.log('BAD', bad.length); for (const x of bad.slice(0, 30)) console.log(x);
await b.stop(); process.exit(0);
