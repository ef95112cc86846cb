-- Local development data (run by `supabase db reset` and by the local backend;
-- never by `supabase db push`). Production accounts are created through
-- Supabase Auth and given a role by an admin or by SQL.
--
-- Seeded local accounts (passwords are local-only and documented in README):
--   admin@example.com  / LocalAdmin#2025   role admin
--   client@example.com / LocalClient#2025  role client
--   member@example.com / LocalMember#2025  no role

insert into auth.users
  (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values
  ('00000000-0000-4000-8000-00000000a001', 'authenticated', 'authenticated', 'admin@example.com',
   extensions.crypt('LocalAdmin#2025', extensions.gen_salt('bf', 8)), now(),
   '{"provider":"email","providers":["email"]}', '{"first_name":"Ada","last_name":"Admin"}', now(), now()),
  ('00000000-0000-4000-8000-00000000c001', 'authenticated', 'authenticated', 'client@example.com',
   extensions.crypt('LocalClient#2025', extensions.gen_salt('bf', 8)), now(),
   '{"provider":"email","providers":["email"]}', '{"first_name":"Chloe","last_name":"Client"}', now(), now()),
  ('00000000-0000-4000-8000-00000000e001', 'authenticated', 'authenticated', 'member@example.com',
   extensions.crypt('LocalMember#2025', extensions.gen_salt('bf', 8)), now(),
   '{"provider":"email","providers":["email"]}', '{"first_name":"Milo","last_name":"Member"}', now(), now())
on conflict (id) do nothing;

insert into public.user_roles (user_id, role) values
  ('00000000-0000-4000-8000-00000000a001', 'admin'),
  ('00000000-0000-4000-8000-00000000c001', 'client')
on conflict (user_id) do nothing;
