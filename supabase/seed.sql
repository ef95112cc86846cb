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

-- The seeded client's company, managed by the seeded admin, and three
-- documents (docs/decisions/111-companies-and-documents.md): an English
-- certificate and a French spec sheet for that company, and a price list for
-- every client. Their files are in supabase/seed-files/documents/, laid out
-- as the bucket's object names ({document_id}/{version_id}/{file name}): the
-- local backend's seeding step uploads that folder to Storage bucket
-- `documents` (sizes below are the files' sizes in bytes).
insert into public.staff_profiles (user_id, display_name, email, phone)
values ('00000000-0000-4000-8000-00000000a001', 'Ada Admin', 'admin@example.com', '+1 613 555 0100')
on conflict (user_id) do nothing;

insert into public.companies (id, legal_name, country, region, customer_type, preferred_language, account_manager_id)
values ('00000000-0000-4000-8000-0000000c0a01', 'Épicerie Chloé Inc.', 'CA', 'QC', 'retail', 'fr',
        '00000000-0000-4000-8000-00000000a001')
on conflict (id) do nothing;

insert into public.company_clients (user_id, company_id)
values ('00000000-0000-4000-8000-00000000c001', '00000000-0000-4000-8000-0000000c0a01')
on conflict (user_id) do nothing;

insert into public.documents (id, title_en, title_fr, category, file_language, product, expires_on, audience, company_id)
values
  ('00000000-0000-4000-8000-0000000d0c01', 'Organic certificate 2026', 'Certificat biologique 2026', 'certificate',
   'en', 'olive-oils', date '2030-12-31', 'company', '00000000-0000-4000-8000-0000000c0a01'),
  ('00000000-0000-4000-8000-0000000d0c02', 'Extra virgin olive oil spec sheet',
   'Fiche technique : huile d’olive extra vierge', 'spec_sheet', 'fr', 'olive-oils', null, 'company',
   '00000000-0000-4000-8000-0000000c0a01'),
  ('00000000-0000-4000-8000-0000000d0c03', 'Price list 2026', 'Liste de prix 2026', 'price_list', 'en', null, null,
   'all_clients', null)
on conflict (id) do nothing;

insert into public.document_versions (id, document_id, storage_path, size_bytes, mime_type, original_file_name, uploaded_by)
values
  ('00000000-0000-4000-8000-0000000e0c01', '00000000-0000-4000-8000-0000000d0c01',
   '00000000-0000-4000-8000-0000000d0c01/00000000-0000-4000-8000-0000000e0c01/organic-certificate-2026.pdf',
   629, 'application/pdf', 'Organic certificate 2026.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c02', '00000000-0000-4000-8000-0000000d0c02',
   '00000000-0000-4000-8000-0000000d0c02/00000000-0000-4000-8000-0000000e0c02/fiche-technique-huile-olive.pdf',
   632, 'application/pdf', 'Fiche technique huile d’olive.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c03', '00000000-0000-4000-8000-0000000d0c03',
   '00000000-0000-4000-8000-0000000d0c03/00000000-0000-4000-8000-0000000e0c03/price-list-2026.pdf',
   617, 'application/pdf', 'Price list 2026.pdf', '00000000-0000-4000-8000-00000000a001')
on conflict (id) do nothing;

update public.documents d
   set current_version_id = v.id
  from public.document_versions v
 where v.document_id = d.id
   and d.id in ('00000000-0000-4000-8000-0000000d0c01', '00000000-0000-4000-8000-0000000d0c02',
                '00000000-0000-4000-8000-0000000d0c03')
   and d.current_version_id is null;

-- A conversation between the seeded client and its account manager, with one
-- staff reply the client has not read yet
-- (docs/decisions/114-account-manager-conversations.md). Written as SQL, so
-- no mail is queued for it.
insert into public.conversations (id, company_id, subject, status, awaiting, created_by, created_at, last_message_at)
values ('00000000-0000-4000-8000-0000000f0c01', '00000000-0000-4000-8000-0000000c0a01',
        'Commande de décembre : huile d’olive en bidons de 5 L', 'open', 'client',
        '00000000-0000-4000-8000-00000000c001', now() - interval '2 days', now() - interval '1 day')
on conflict (id) do nothing;

insert into public.conversation_messages (id, conversation_id, author_id, author_name, from_staff, body, created_at)
values
  ('00000000-0000-4000-8000-0000000f0d01', '00000000-0000-4000-8000-0000000f0c01',
   '00000000-0000-4000-8000-00000000c001', 'Chloe Client', false,
   'Bonjour, pourriez-vous confirmer le prix de l’huile d’olive extra vierge en bidons de 5 L pour une commande de 40 bidons en décembre ?',
   now() - interval '2 days'),
  ('00000000-0000-4000-8000-0000000f0d02', '00000000-0000-4000-8000-0000000f0c01',
   '00000000-0000-4000-8000-00000000a001', 'Ada Admin', true,
   'Bonjour Chloe, oui : le prix de la liste 2026 s’applique, livraison comprise à partir de 30 bidons. Je vous envoie la confirmation dès réception de votre bon de commande.',
   now() - interval '1 day')
on conflict (id) do nothing;

insert into public.conversation_reads (conversation_id, user_id, read_at)
values
  ('00000000-0000-4000-8000-0000000f0c01', '00000000-0000-4000-8000-00000000c001', now() - interval '2 days'),
  ('00000000-0000-4000-8000-0000000f0c01', '00000000-0000-4000-8000-00000000a001', now() - interval '1 day')
on conflict (conversation_id, user_id) do nothing;
