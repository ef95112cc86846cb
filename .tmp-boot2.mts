import { launchLocalBackend } from './supabase/local/server.ts';
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const b = await launchLocalBackend({ port: 0, quiet: false });
  console.log('boot', (performance.now() - t).toFixed(0));
  console.log(await b.db.query(`select count(*) from auth.users`), await b.db.query(`select count(*) from public.feature_flags`));
  await b.stop();
}
process.exit(0);
