-- Local development data (run by `supabase db reset` and by the local backend;
-- never by `supabase db push`). Production accounts are created through
-- Supabase Auth and given a role by an admin or by SQL.
--
-- Seeded local accounts (passwords are local-only and documented in README):
--   admin@example.com  / LocalAdmin#2025   role admin
--   client@example.com / LocalClient#2025  role client
--   member@example.com / LocalMember#2025  no role

-- Rows shaped as GoTrue (the Supabase CLI's `supabase start` / `db reset`
-- stack) reads them: it looks users up with `instance_id` = the zero UUID and
-- scans the token and change columns into non-null strings, so those are ''
-- rather than null; each account also has its `email` identity.
insert into auth.users
  (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
   confirmation_token, recovery_token, email_change_token_current, email_change_token_new, email_change,
   phone_change, phone_change_token, reauthentication_token,
   raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-4000-8000-00000000a001', 'authenticated', 'authenticated',
   'admin@example.com', extensions.crypt('LocalAdmin#2025', extensions.gen_salt('bf', 8)), now(),
   '', '', '', '', '', '', '', '',
   '{"provider":"email","providers":["email"]}', '{"first_name":"Ada","last_name":"Admin"}', now(), now()),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-4000-8000-00000000c001', 'authenticated', 'authenticated',
   'client@example.com', extensions.crypt('LocalClient#2025', extensions.gen_salt('bf', 8)), now(),
   '', '', '', '', '', '', '', '',
   '{"provider":"email","providers":["email"]}', '{"first_name":"Chloe","last_name":"Client"}', now(), now()),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-4000-8000-00000000e001', 'authenticated', 'authenticated',
   'member@example.com', extensions.crypt('LocalMember#2025', extensions.gen_salt('bf', 8)), now(),
   '', '', '', '', '', '', '', '',
   '{"provider":"email","providers":["email"]}', '{"first_name":"Milo","last_name":"Member"}', now(), now())
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id, 'email',
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       now(), now(), now()
from auth.users u
where u.id in ('00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000c001',
               '00000000-0000-4000-8000-00000000e001')
on conflict (provider_id, provider) do nothing;

insert into public.user_roles (user_id, role) values
  ('00000000-0000-4000-8000-00000000a001', 'admin'),
  ('00000000-0000-4000-8000-00000000c001', 'client')
on conflict (user_id) do nothing;

-- The seeded admin signs in with a second factor, like every admin account
-- (docs/decisions/072-staff-second-factor.md). Its TOTP secret is local only
-- and printed by `npm start` / `npm run backend` beside the password:
--   GNBUKCBEZKMWNAWNVYXDYDBBWSWM464Y   (issuer "Olea Mediterranean", account admin@example.com)
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
values
  ('00000000-0000-4000-8000-00000000fa01', '00000000-0000-4000-8000-00000000a001', 'Local authenticator',
   'totp', 'verified', 'GNBUKCBEZKMWNAWNVYXDYDBBWSWM464Y', now(), now())
on conflict (id) do nothing;
