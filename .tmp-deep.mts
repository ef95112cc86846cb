import { launchLocalBackend } from './supabase/local/server.ts';
import { LOCAL_SERVICE_ROLE_KEY } from './supabase/local/keys.ts';
const b = await launchLocalBackend({ port: 0, quiet: true });
for (const depth of [100, 1000, 5000]) {
  const body = '{"description":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
  const r = await fetch(`${b.url}/rest/v1/analytics_events`, { method: 'POST', headers: { apikey: LOCAL_SERVICE_ROLE_KEY, 'content-type': 'application/json' }, body: '{"name":"app_initialized","pathname":"/","user_agent":' + '['.repeat(depth) + ']'.repeat(depth) + '}' });
  console.log(depth, r.status, (await r.text()).slice(0, 200));
}
console.log(await b.db.query('select count(*) from analytics_events'));
await b.stop(); process.exit(0);
