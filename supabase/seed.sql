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

-- The catalogue (docs/decisions/190-catalogue-in-the-database.md): 29
-- products across the six categories (added by a migration, as production
-- needs them too), each with its English and French texts; all published but
-- the 20 L olive oil, a draft. Written as SQL by the service role, so the
-- audit names "service role / SQL"; created and last changed by the seeded
-- admin. Products go public only with both texts, so they are inserted as
-- drafts and published once their texts are in. Their documents (spec sheets
-- and certificates) are linked at the end.
insert into public.products
  (id, sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit, units_per_case,
   min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens, certifications, orderable_online,
   not_orderable_reason, internal_notes, created_by, updated_by)
values
  ('00000000-0000-4000-8000-0000000b0001', 'OO-0001', 'olive-oils', 'Ktima Daskalakis',
   'GR', 'Chania, Crete', 'La Canée, Crète', 500, 'mL', 12, 5, 10, 'ambient', 540, '{}', '{organic}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0002', 'OO-0002', 'olive-oils', 'Elaionas Stavrou',
   'GR', 'Messinia', 'Messénie', 5, 'L', 4, 5, 10, 'ambient', 540, '{}', '{pdo}',
   true, null, 'Landed cost up about 8 % with the 2026 harvest: confirm with the estate before the January price list.', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0003', 'OO-0003', 'olive-oils', 'Lesvos Olive Mills',
   'GR', 'Lesvos', 'Lesbos', 1, 'L', 6, 5, 10, 'ambient', 540, '{}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0004', 'OO-0004', 'olive-oils', 'Kritsa Cooperative',
   'GR', 'Lasithi, Crete', 'Lassithi, Crète', 5, 'L', 4, 5, 15, 'ambient', 540, '{}', '{organic}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0005', 'OO-0005', 'olive-oils', 'Elaionas Stavrou',
   'GR', 'Messinia', 'Messénie', 250, 'mL', 12, 3, 10, 'ambient', 365, '{}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0006', 'OO-0006', 'olive-oils', 'Ktima Daskalakis',
   'GR', 'Chania, Crete', 'La Canée, Crète', 20, 'L', 1, 10, 20, 'ambient', 365, '{}', '{organic}',
   false, 'quote_only', 'Waiting for the 2026 organic certificate before publishing; pallet price to be confirmed with the estate.', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0007', 'HO-0001', 'honeys', 'Sfakia Apiaries',
   'GR', 'Sfakia, Crete', 'Sfakia, Crète', 1, 'kg', 6, 2, 10, 'ambient', 1095, '{}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0008', 'HO-0002', 'honeys', 'Thassos Apiaries',
   'GR', 'Thassos', 'Thasos', 450, 'g', 12, 2, 10, 'ambient', 1095, '{}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0009', 'HO-0003', 'honeys', 'Zagori Bees',
   'GR', 'Epirus', 'Épire', 250, 'g', 12, 2, 10, 'ambient', 1095, '{}', '{organic}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0010', 'HO-0004', 'honeys', 'Mainalo Apiaries',
   'GR', 'Arcadia', 'Arcadie', 450, 'g', 12, 2, 15, 'ambient', 1095, '{}', '{pdo}',
   false, 'seasonal', 'The 2026 harvest is small: about 60 cases, allocated to clients who reserved by September.', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0011', 'OT-0001', 'olives-tapenades', 'Kalamata Groves Cooperative',
   'GR', 'Messinia', 'Messénie', 2, 'kg', 6, 2, 10, 'ambient', 730, '{}', '{pdo}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0012', 'OT-0002', 'olives-tapenades', 'Halkidiki Fields',
   'GR', 'Halkidiki', 'Chalcidique', 350, 'g', 12, 2, 10, 'ambient', 730, '{tree_nuts}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0013', 'OT-0003', 'olives-tapenades', 'Amfissa Olive Union',
   'GR', 'Phocis', 'Phocide', 5, 'kg', 2, 2, 15, 'ambient', 730, '{}', '{pdo}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0014', 'OT-0004', 'olives-tapenades', 'Kalimera Pantry',
   'GR', 'Messinia', 'Messénie', 180, 'g', 12, 2, 10, 'ambient', 540, '{}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0015', 'OT-0005', 'olives-tapenades', 'Kalimera Pantry',
   'GR', 'Halkidiki', 'Chalcidique', 180, 'g', 12, 2, 10, 'ambient', 540, '{tree_nuts}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0016', 'OT-0006', 'olives-tapenades', 'Frantoio del Ponente',
   'IT', 'Liguria', 'Ligurie', 280, 'g', 12, 2, 20, 'ambient', 540, '{}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0017', 'ST-0001', 'spices-teas', 'Taygetos Herbs',
   'GR', 'Laconia', 'Laconie', 50, 'g', 20, 1, 10, 'ambient', 730, '{}', '{organic}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0018', 'ST-0002', 'spices-teas', 'Taygetos Herbs',
   'GR', 'Laconia', 'Laconie', 50, 'g', 20, 1, 10, 'ambient', 730, '{}', '{organic}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0019', 'ST-0003', 'spices-teas', 'Kozani Saffron Cooperative',
   'GR', 'Kozani, Western Macedonia', 'Kozani, Macédoine-Occidentale', 1, 'g', 10, 1, 10, 'ambient', 1095, '{}', '{pdo}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0020', 'ST-0004', 'spices-teas', 'Votana Kritis',
   'GR', 'Crete', 'Crète', 30, 'g', 20, 1, 10, 'ambient', 730, '{}', '{organic}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0021', 'WV-0001', 'wines-vinegars', 'Kaldera Estate',
   'GR', 'Santorini', 'Santorin', 750, 'mL', 12, 1, 30, 'ambient', 1825, '{sulphites}', '{pdo}',
   false, 'liquor_board', 'SAQ and LCBO listings under review; until then, private orders only, through our agent.', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0022', 'WV-0002', 'wines-vinegars', 'Naoussa Hills Winery',
   'GR', 'Naoussa, Macedonia', 'Naoussa, Macédoine', 750, 'mL', 12, 1, 30, 'ambient', 3650, '{sulphites}', '{pdo}',
   false, 'liquor_board', '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0023', 'WV-0003', 'wines-vinegars', 'Acetaia Vecchia Modena',
   'IT', 'Emilia-Romagna', 'Émilie-Romagne', 250, 'mL', 12, 2, 20, 'ambient', 3650, '{sulphites}', '{pgi}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0024', 'WV-0004', 'wines-vinegars', 'Bodegas Arroyo',
   'ES', 'Andalusia', 'Andalousie', 500, 'mL', 12, 2, 20, 'ambient', 3650, '{sulphites}', '{pdo}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0025', 'CH-0001', 'cheeses', 'Tzoumerka Dairy',
   'GR', 'Epirus', 'Épire', 2, 'kg', 4, 2, 10, 'chilled', 365, '{milk}', '{pdo}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0026', 'CH-0002', 'cheeses', 'Psiloritis Dairy',
   'GR', 'Crete', 'Crète', 2, 'kg', 4, 1, 10, 'chilled', 180, '{milk}', '{pdo}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0027', 'CH-0003', 'cheeses', 'Tzoumerka Dairy',
   'GR', 'Epirus', 'Épire', 1, 'kg', 6, 1, 10, 'chilled', 240, '{milk}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0028', 'CH-0004', 'cheeses', 'Quesería La Mancha Alta',
   'ES', 'Castilla-La Mancha', 'Castille-La Manche', 3, 'kg', 2, 1, 20, 'chilled', 270, '{milk}', '{pdo}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000b0029', 'CH-0005', 'cheeses', 'Fournos Thessalonikis',
   'GR', 'Thessaloniki, Macedonia', 'Thessalonique, Macédoine', 1, 'kg', 6, 2, 15, 'frozen', 365, '{eggs,gluten,milk,wheat}', '{}',
   true, null, '', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a001')
on conflict (id) do nothing;

insert into public.product_translations (product_id, lang, name, slug, short_description, description_md)
values
  ('00000000-0000-4000-8000-0000000b0001', 'en', 'Early Harvest Koroneiki Extra Virgin Olive Oil, 500 mL', 'early-harvest-koroneiki-extra-virgin-olive-oil-500-ml',
   'A green, peppery early-harvest oil from Koroneiki olives picked in October in the hills above Chania.',
   E'Pressed within hours of picking from **Koroneiki** olives harvested green in October, this oil opens with fresh-cut grass and artichoke and finishes with a lively peppery bite. Its acidity stays below 0.3 %, and every lot is certified organic.\n\nBottled in dark glass to protect it from light, and shipped in cases of 12.'),
  ('00000000-0000-4000-8000-0000000b0001', 'fr', 'Huile d’olive extra vierge Koroneiki, récolte précoce, 500 mL', 'huile-d-olive-extra-vierge-koroneiki-recolte-precoce-500-ml',
   'Une huile verte et poivrée de récolte précoce, issue d’olives Koroneiki cueillies en octobre sur les collines de La Canée.',
   E'Pressée quelques heures après la cueillette à partir d’olives **Koroneiki** récoltées vertes en octobre, cette huile s’ouvre sur l’herbe fraîchement coupée et l’artichaut, et finit sur une vive pointe poivrée. Son acidité reste sous 0,3 %, et chaque lot est certifié biologique.\n\nEmbouteillée en verre foncé pour la protéger de la lumière, et expédiée en caisses de 12.'),
  ('00000000-0000-4000-8000-0000000b0002', 'en', 'Kalamata PDO Extra Virgin Olive Oil, 5 L tin', 'kalamata-pdo-extra-virgin-olive-oil-5-l',
   'A round, fruity estate oil from Messinia, in a 5 L tin for kitchens that cook with olive oil all day.',
   E'From a family grove of Koroneiki trees in the hills above Kalamata, this PDO oil is ripe and rounded, with notes of green apple and almond and a gentle finish. It stands up to sautéing and roasting yet is smooth enough to dress salads.\n\nThe lined tin keeps the light out; once opened, store it away from the stove and use it within three months.'),
  ('00000000-0000-4000-8000-0000000b0002', 'fr', 'Huile d’olive extra vierge Kalamata AOP, bidon de 5 L', 'huile-d-olive-extra-vierge-kalamata-aop-5-l',
   'Une huile de domaine ronde et fruitée de Messénie, en bidon de 5 L pour les cuisines qui travaillent l’huile d’olive toute la journée.',
   E'Issue d’une oliveraie familiale de Koroneiki sur les collines de Kalamata, cette huile AOP est mûre et ronde, avec des notes de pomme verte et d’amande et une finale douce. Elle supporte la poêle et le four tout en restant assez souple pour les salades.\n\nLe bidon vernissé la protège de la lumière ; une fois ouvert, conservez-le loin de la cuisinière et utilisez-le dans les trois mois.'),
  ('00000000-0000-4000-8000-0000000b0003', 'en', 'Lesvos Extra Virgin Olive Oil, 1 L', 'lesvos-extra-virgin-olive-oil-1-l',
   'A mild, buttery oil from the Kolovi and Adramytiani olives of Lesvos, for everyday cooking and baking.',
   E'Lesvos grows olives unlike the rest of Greece: the **Kolovi** and **Adramytiani** varieties give a soft, golden oil with hints of ripe banana and almond. Its gentle character suits baking, mayonnaise and fish, where a peppery oil would take over.\n\nCold-extracted at a cooperative mill in Plomari and bottled there.'),
  ('00000000-0000-4000-8000-0000000b0003', 'fr', 'Huile d’olive extra vierge de Lesbos, 1 L', 'huile-d-olive-extra-vierge-de-lesbos-1-l',
   'Une huile douce et beurrée, issue des olives Kolovi et Adramytiani de Lesbos, pour la cuisine et la pâtisserie de tous les jours.',
   E'Lesbos cultive des olives différentes du reste de la Grèce : les variétés **Kolovi** et **Adramytiani** donnent une huile dorée et souple, aux notes de banane mûre et d’amande. Son caractère doux convient à la pâtisserie, à la mayonnaise et au poisson, là où une huile poivrée dominerait.\n\nExtraite à froid dans un moulin coopératif de Plomari et embouteillée sur place.'),
  ('00000000-0000-4000-8000-0000000b0004', 'en', 'Organic Cretan Extra Virgin Olive Oil, 5 L tin', 'organic-cretan-extra-virgin-olive-oil-5-l',
   'Certified organic oil from the terraced groves around Kritsa, in a 5 L tin for restaurants and delis.',
   E'The members of the Kritsa cooperative farm old Koroneiki and Tsounati trees on stone terraces above Agios Nikolaos, without synthetic sprays or fertilisers. Their oil is balanced and herbaceous, with a light bitterness that softens after a few weeks in the tin.\n\nEach tin carries its lot number and harvest year, traceable to the mill’s records.'),
  ('00000000-0000-4000-8000-0000000b0004', 'fr', 'Huile d’olive extra vierge biologique de Crète, bidon de 5 L', 'huile-d-olive-extra-vierge-biologique-de-crete-5-l',
   'Une huile certifiée biologique des oliveraies en terrasses de Kritsa, en bidon de 5 L pour les restaurants et les épiceries fines.',
   E'Les membres de la coopérative de Kritsa cultivent de vieux Koroneiki et Tsounati sur des terrasses de pierre au-dessus d’Agios Nikolaos, sans pesticides ni engrais de synthèse. Leur huile est équilibrée et herbacée, avec une légère amertume qui s’adoucit après quelques semaines en bidon.\n\nChaque bidon porte son numéro de lot et l’année de récolte, traçables dans les registres du moulin.'),
  ('00000000-0000-4000-8000-0000000b0005', 'en', 'Lemon-Crushed Olive Oil, 250 mL', 'lemon-crushed-olive-oil-250-ml',
   'Olives and whole Messinian lemons crushed together at the mill, for fish, salads and grilled vegetables.',
   E'Fresh lemons are crushed with the olives at the mill rather than added as a flavouring afterwards, so the citrus is bright and natural, never candied. A few drops lift grilled fish, greens and roast potatoes.\n\nBecause lemon goes into the mill, it is sold as a flavoured olive oil rather than as extra virgin.'),
  ('00000000-0000-4000-8000-0000000b0005', 'fr', 'Huile d’olive broyée au citron, 250 mL', 'huile-d-olive-broyee-au-citron-250-ml',
   'Des olives et des citrons entiers de Messénie broyés ensemble au moulin, pour le poisson, les salades et les légumes grillés.',
   E'Les citrons frais sont broyés avec les olives au moulin plutôt qu’ajoutés ensuite comme arôme : l’agrume reste vif et naturel, jamais confit. Quelques gouttes relèvent le poisson grillé, les verdures et les pommes de terre rôties.\n\nComme le citron passe au moulin, elle est vendue comme huile d’olive aromatisée, et non comme extra vierge.'),
  ('00000000-0000-4000-8000-0000000b0006', 'en', 'Organic Koroneiki Extra Virgin Olive Oil, 20 L bag-in-box', 'organic-koroneiki-extra-virgin-olive-oil-20-l',
   'The estate’s organic Koroneiki oil in a 20 L bag-in-box, for kitchens and private-label bottlers.',
   'The same organic early-harvest oil as our 500 mL bottle, in a bag-in-box that keeps air out as it empties. Priced on request, by the pallet.'),
  ('00000000-0000-4000-8000-0000000b0006', 'fr', 'Huile d’olive extra vierge Koroneiki biologique, outre de 20 L', 'huile-d-olive-extra-vierge-koroneiki-biologique-20-l',
   'L’huile Koroneiki biologique du domaine en outre de 20 L, pour les cuisines et les embouteilleurs sous marque privée.',
   'La même huile biologique de récolte précoce que notre bouteille de 500 mL, dans une outre qui empêche l’air d’entrer à mesure qu’elle se vide. Prix sur demande, à la palette.'),
  ('00000000-0000-4000-8000-0000000b0007', 'en', 'Cretan Thyme Honey, 1 kg jar', 'cretan-thyme-honey-1-kg',
   'A floral, intensely aromatic honey from the wild thyme of the White Mountains of Crete.',
   E'In early summer the bees forage on flowering wild thyme in the gorges of Sfakia, giving a deep amber honey with a floral perfume and a long, slightly warming finish. It crystallises slowly and finely; a warm water bath makes it runny again.\n\nPacked in 1 kg glass jars for pastry kitchens, cheese counters and breakfast service.'),
  ('00000000-0000-4000-8000-0000000b0007', 'fr', 'Miel de thym de Crète, pot de 1 kg', 'miel-de-thym-de-crete-1-kg',
   'Un miel floral et très aromatique, tiré du thym sauvage des Montagnes Blanches de Crète.',
   E'Au début de l’été, les abeilles butinent le thym sauvage en fleur dans les gorges de Sfakia : le miel est ambré, au parfum floral, avec une finale longue et légèrement chaude. Il cristallise lentement et finement ; un bain-marie tiède lui rend sa fluidité.\n\nConditionné en pots de verre de 1 kg pour la pâtisserie, les comptoirs à fromages et les petits-déjeuners.'),
  ('00000000-0000-4000-8000-0000000b0008', 'en', 'Pine Honey from Thassos, 450 g', 'pine-honey-from-thassos-450-g',
   'A dark, malty honeydew honey, less sweet than blossom honeys and rich in minerals.',
   E'On Thassos, bees gather the honeydew that a small insect leaves on the island’s pine trees. The result is a dark, malty honey with notes of caramel and resin, less sweet than blossom honey and slow to crystallise.\n\nIt pairs well with yoghurt, figs and aged cheeses.'),
  ('00000000-0000-4000-8000-0000000b0008', 'fr', 'Miel de pin de Thasos, 450 g', 'miel-de-pin-de-thasos-450-g',
   'Un miel de miellat sombre et malté, moins sucré que les miels de fleurs et riche en minéraux.',
   E'À Thasos, les abeilles récoltent le miellat qu’un petit insecte laisse sur les pins de l’île. Le miel obtenu est sombre et malté, aux notes de caramel et de résine, moins sucré qu’un miel de fleurs et lent à cristalliser.\n\nIl s’accorde avec le yogourt, les figues et les fromages affinés.'),
  ('00000000-0000-4000-8000-0000000b0009', 'en', 'Organic Wildflower Honey from Epirus, 250 g', 'organic-wildflower-honey-from-epirus-250-g',
   'A light, floral spring honey from the mountain meadows of Zagori, certified organic.',
   E'The hives stay in the meadows of the Zagori villages from April to June, far from farmland, while clover, wild oregano and heather flower one after another. The honey is pale gold and delicate, with a soft floral sweetness that children and tea drinkers love.\n\nThe small 250 g jar suits gift baskets and hotel breakfasts.'),
  ('00000000-0000-4000-8000-0000000b0009', 'fr', 'Miel de fleurs sauvages biologique d’Épire, 250 g', 'miel-de-fleurs-sauvages-biologique-d-epire-250-g',
   'Un miel de printemps clair et floral des prairies de montagne du Zagori, certifié biologique.',
   E'Les ruches restent d’avril à juin dans les prairies des villages du Zagori, loin des cultures, pendant que trèfle, origan sauvage et bruyère fleurissent tour à tour. Le miel est d’un or pâle, délicat, d’une douceur florale qui plaît aux enfants comme aux amateurs de thé.\n\nLe petit pot de 250 g convient aux paniers-cadeaux et aux petits-déjeuners d’hôtel.'),
  ('00000000-0000-4000-8000-0000000b0010', 'en', 'Vanilla Fir Honey of Mainalo PDO, 450 g', 'vanilla-fir-honey-of-mainalo-pdo-450-g',
   'Greece’s first PDO honey, from the fir forests of Mount Mainalo, harvested only in good years.',
   E'This rare honeydew honey comes from the Greek fir forests of Mount Mainalo in Arcadia. It is pale amber with a pearly sheen, smells faintly of vanilla and hardly ever crystallises.\n\nThe forest yields it only in some summers, so each harvest is reserved in advance through your account manager rather than ordered online.'),
  ('00000000-0000-4000-8000-0000000b0010', 'fr', 'Miel de sapin « vanille » du Mainalo AOP, 450 g', 'miel-de-sapin-vanille-du-mainalo-aop-450-g',
   'Le premier miel AOP de Grèce, issu des forêts de sapins du mont Mainalo, récolté seulement les bonnes années.',
   E'Ce miel de miellat rare provient des forêts de sapins de Céphalonie du mont Mainalo, en Arcadie. Ambré clair aux reflets nacrés, il sent légèrement la vanille et ne cristallise presque jamais.\n\nLa forêt n’en donne que certains étés : chaque récolte se réserve à l’avance auprès de votre gestionnaire de compte plutôt qu’en ligne.'),
  ('00000000-0000-4000-8000-0000000b0011', 'en', 'Kalamata PDO Olives in Brine, 2 kg tin', 'kalamata-pdo-olives-in-brine-2-kg',
   'Whole, almond-shaped Kalamata olives, slit and cured in a red wine vinegar brine.',
   E'Picked by hand when fully ripe and cured slowly in brine with red wine vinegar, these **Kalamata** olives are meaty, fruity and pleasantly tart. They are slit, not pitted, so they keep their firm texture.\n\nThe 2 kg tin serves salad bars, mezze platters and catering; once opened, keep the olives covered in their brine and refrigerated.'),
  ('00000000-0000-4000-8000-0000000b0011', 'fr', 'Olives de Kalamata AOP en saumure, bidon de 2 kg', 'olives-de-kalamata-aop-en-saumure-2-kg',
   'Olives de Kalamata entières, en forme d’amande, incisées et affinées dans une saumure au vinaigre de vin rouge.',
   E'Cueillies à la main à pleine maturité et affinées lentement dans une saumure au vinaigre de vin rouge, ces olives de **Kalamata** sont charnues, fruitées et agréablement acidulées. Elles sont incisées, non dénoyautées, et gardent ainsi leur fermeté.\n\nLe bidon de 2 kg sert les comptoirs à salades, les plateaux de mezzés et le traiteur ; une fois ouvert, gardez les olives couvertes de saumure et au réfrigérateur.'),
  ('00000000-0000-4000-8000-0000000b0012', 'en', 'Halkidiki Green Olives Stuffed with Almonds, 350 g', 'halkidiki-green-olives-stuffed-with-almonds-350-g',
   'Large, crisp green olives from Halkidiki, each stuffed by hand with a blanched almond.',
   E'Halkidiki olives are among the largest in Greece, picked green for their crunch and mild bitterness. Each one is pitted and filled with a whole blanched almond, then packed in a light brine.\n\nServe them well chilled with ouzo or a dry white wine. Contains almonds.'),
  ('00000000-0000-4000-8000-0000000b0012', 'fr', 'Olives vertes de Halkidiki farcies aux amandes, 350 g', 'olives-vertes-de-halkidiki-farcies-aux-amandes-350-g',
   'De grosses olives vertes croquantes de Halkidiki, farcies à la main d’une amande blanchie.',
   E'Les olives de Halkidiki comptent parmi les plus grosses de Grèce ; on les cueille vertes pour leur croquant et leur légère amertume. Chacune est dénoyautée et garnie d’une amande blanchie entière, puis conditionnée dans une saumure légère.\n\nServez-les bien fraîches avec un ouzo ou un vin blanc sec. Contient des amandes.'),
  ('00000000-0000-4000-8000-0000000b0013', 'en', 'Amfissa PDO Black Olives, 5 kg tin', 'amfissa-pdo-black-olives-5-kg',
   'Soft, sweet black Konservolia olives from the sea of olive trees below Delphi, for foodservice.',
   E'The plain of Amfissa, below Delphi, is planted with more than a million olive trees of the **Konservolia** variety. Cured naturally in brine, without lye, these black olives are soft, sweet and only lightly bitter.\n\nThe 5 kg tin is made for busy kitchens: pizzas, braises, breads and mezze.'),
  ('00000000-0000-4000-8000-0000000b0013', 'fr', 'Olives noires d’Amfissa AOP, bidon de 5 kg', 'olives-noires-d-amfissa-aop-5-kg',
   'Olives noires Konservolia, tendres et douces, de la mer d’oliviers au pied de Delphes, pour la restauration.',
   E'La plaine d’Amfissa, au pied de Delphes, compte plus d’un million d’oliviers de la variété **Konservolia**. Affinées naturellement en saumure, sans soude, ces olives noires sont tendres, douces et à peine amères.\n\nLe bidon de 5 kg est pensé pour les cuisines actives : pizzas, plats mijotés, pains et mezzés.'),
  ('00000000-0000-4000-8000-0000000b0014', 'en', 'Kalamata Olive Tapenade, 180 g', 'kalamata-olive-tapenade-180-g',
   'A coarse spread of Kalamata olives, capers, oregano and extra virgin olive oil.',
   E'Made in small batches from Kalamata olives, capers, wild oregano and extra virgin olive oil, chopped coarsely so it keeps some bite. Spread it on toasted bread, stir it into pasta or serve it with grilled lamb.\n\nNo anchovies: it suits vegetarian menus.'),
  ('00000000-0000-4000-8000-0000000b0014', 'fr', 'Tapenade d’olives de Kalamata, 180 g', 'tapenade-d-olives-de-kalamata-180-g',
   'Une tartinade rustique d’olives de Kalamata, de câpres, d’origan et d’huile d’olive extra vierge.',
   E'Préparée en petits lots avec des olives de Kalamata, des câpres, de l’origan sauvage et de l’huile d’olive extra vierge, hachés grossièrement pour garder de la mâche. Tartinez-la sur du pain grillé, mêlez-la aux pâtes ou servez-la avec de l’agneau grillé.\n\nSans anchois : elle convient aux menus végétariens.'),
  ('00000000-0000-4000-8000-0000000b0015', 'en', 'Green Olive and Almond Tapenade, 180 g', 'green-olive-and-almond-tapenade-180-g',
   'Halkidiki green olives blended with toasted almonds, lemon zest and a little garlic.',
   E'Crisp Halkidiki olives are blended with toasted almonds, lemon zest, garlic and extra virgin olive oil into a bright, nutty spread. It is a natural partner for white fish, chicken and fresh cheeses.\n\nContains almonds.'),
  ('00000000-0000-4000-8000-0000000b0015', 'fr', 'Tapenade d’olives vertes et d’amandes, 180 g', 'tapenade-d-olives-vertes-et-d-amandes-180-g',
   'Des olives vertes de Halkidiki mixées avec des amandes grillées, du zeste de citron et un peu d’ail.',
   E'Les olives croquantes de Halkidiki sont mixées avec des amandes grillées, du zeste de citron, de l’ail et de l’huile d’olive extra vierge en une tartinade vive aux notes de fruits secs. Elle accompagne naturellement le poisson blanc, le poulet et les fromages frais.\n\nContient des amandes.'),
  ('00000000-0000-4000-8000-0000000b0016', 'en', 'Taggiasca Olives in Extra Virgin Olive Oil, 280 g', 'taggiasca-olives-in-extra-virgin-olive-oil-280-g',
   'Small, pitted Ligurian Taggiasca olives preserved in extra virgin olive oil.',
   E'From the terraces of western Liguria, **Taggiasca** olives are small, violet-brown and delicately fruity. Pitted and preserved in extra virgin olive oil with a sprig of thyme, they are ready for pasta, focaccia and fish.\n\nOnce the olives are gone, the oil in the jar is good to cook with.'),
  ('00000000-0000-4000-8000-0000000b0016', 'fr', 'Olives Taggiasche à l’huile d’olive extra vierge, 280 g', 'olives-taggiasche-a-l-huile-d-olive-extra-vierge-280-g',
   'Petites olives Taggiasche de Ligurie, dénoyautées et conservées dans l’huile d’olive extra vierge.',
   E'Venues des terrasses de la Ligurie occidentale, les olives **Taggiasche** sont petites, brun violacé et délicatement fruitées. Dénoyautées et conservées dans l’huile d’olive extra vierge avec un brin de thym, elles sont prêtes pour les pâtes, la focaccia et le poisson.\n\nUne fois les olives terminées, l’huile du bocal se réutilise en cuisine.'),
  ('00000000-0000-4000-8000-0000000b0017', 'en', 'Organic Greek Mountain Tea, 50 g', 'organic-greek-mountain-tea-50-g',
   'Whole stems of Sideritis, the Greek mountain tea, picked by hand in flower on Mount Taygetos.',
   E'*Sideritis* grows wild above 1,000 m on Taygetos; it is picked in flower in July and dried in the shade as whole stems. Steeped for five minutes, it makes a golden, lightly sweet infusion with notes of sage and citrus, traditionally drunk with honey against the winter cold.\n\nCaffeine-free and certified organic.'),
  ('00000000-0000-4000-8000-0000000b0017', 'fr', 'Thé des montagnes grec biologique, 50 g', 'the-des-montagnes-grec-biologique-50-g',
   'Des tiges entières de Sideritis, le thé des montagnes grec, cueillies en fleur à la main sur le mont Taygète.',
   E'La *Sideritis* pousse à l’état sauvage au-dessus de 1 000 m sur le Taygète ; on la cueille en fleur en juillet, puis on la sèche à l’ombre en tiges entières. Infusée cinq minutes, elle donne une tisane dorée, légèrement sucrée, aux notes de sauge et d’agrumes, que l’on boit traditionnellement avec du miel contre le froid de l’hiver.\n\nSans caféine et certifiée biologique.'),
  ('00000000-0000-4000-8000-0000000b0018', 'en', 'Organic Wild Oregano on the Branch, 50 g', 'organic-wild-oregano-on-the-branch-50-g',
   'Greek oregano dried in bunches on its stems, far more fragrant than the crumbled kind.',
   E'This is *rigani*, the oregano of Greek kitchens: picked wild on sunny slopes, tied in bunches and dried on the branch to keep its oils. Rub the flowers and leaves between your palms over feta, tomatoes, grilled meat or potatoes.\n\nOne 50 g bunch seasons dozens of dishes; certified organic.'),
  ('00000000-0000-4000-8000-0000000b0018', 'fr', 'Origan sauvage biologique en branches, 50 g', 'origan-sauvage-biologique-en-branches-50-g',
   'De l’origan grec séché en bouquets sur ses tiges, bien plus parfumé que l’origan émietté.',
   E'C’est le *rigani* des cuisines grecques : cueilli à l’état sauvage sur des pentes ensoleillées, lié en bouquets et séché sur la branche pour garder ses huiles. Frottez fleurs et feuilles entre vos paumes au-dessus de la feta, des tomates, des grillades ou des pommes de terre.\n\nUn bouquet de 50 g parfume des dizaines de plats ; certifié biologique.'),
  ('00000000-0000-4000-8000-0000000b0019', 'en', 'Krokos Kozanis PDO Saffron, 1 g', 'krokos-kozanis-pdo-saffron-1-g',
   'Whole red saffron threads from the cooperative of Kozani, Greece’s only saffron-growing region.',
   E'Around Kozani, in northern Greece, the saffron crocus has been grown since the 17th century, and every flower is still picked and separated by hand in late October. The threads are deep red, with a honeyed, slightly bitter aroma and strong colouring power.\n\nSteep a pinch in warm water for twenty minutes before adding it to rice, fish soups, bread or desserts.'),
  ('00000000-0000-4000-8000-0000000b0019', 'fr', 'Safran Krokos Kozanis AOP, 1 g', 'safran-krokos-kozanis-aop-1-g',
   'Des filaments entiers de safran rouge de la coopérative de Kozani, seule région safranière de Grèce.',
   E'Autour de Kozani, dans le nord de la Grèce, on cultive le crocus à safran depuis le XVIIe siècle, et chaque fleur est encore cueillie et émondée à la main à la fin d’octobre. Les filaments sont rouge profond, à l’arôme miellé et légèrement amer, avec un fort pouvoir colorant.\n\nFaites infuser une pincée vingt minutes dans de l’eau tiède avant de l’ajouter au riz, aux soupes de poisson, au pain ou aux desserts.'),
  ('00000000-0000-4000-8000-0000000b0020', 'en', 'Organic Wild Cretan Sage, 30 g', 'organic-wild-cretan-sage-30-g',
   'Whole leaves of Cretan sage for tea and cooking, gathered on the hills of Crete.',
   E'Cretan sage (*Salvia fruticosa*) has softer, rounder leaves than garden sage and a fresher, gentler scent. Steep a few leaves for a calming tea, or fry them in olive oil to finish pork, beans and pasta.\n\nGathered by hand, dried in the shade and certified organic.'),
  ('00000000-0000-4000-8000-0000000b0020', 'fr', 'Sauge sauvage de Crète biologique, 30 g', 'sauge-sauvage-de-crete-biologique-30-g',
   'Des feuilles entières de sauge de Crète pour l’infusion et la cuisine, cueillies sur les collines crétoises.',
   E'La sauge de Crète (*Salvia fruticosa*) a des feuilles plus souples et plus rondes que la sauge des jardins, et un parfum plus frais et plus doux. Infusez quelques feuilles pour une tisane apaisante, ou faites-les frire dans l’huile d’olive pour relever le porc, les haricots et les pâtes.\n\nCueillie à la main, séchée à l’ombre et certifiée biologique.'),
  ('00000000-0000-4000-8000-0000000b0021', 'en', 'Santorini PDO Assyrtiko, 750 mL', 'santorini-pdo-assyrtiko-750-ml',
   'A bone-dry, mineral white from old, ungrafted Assyrtiko vines on volcanic soil.',
   E'On Santorini, Assyrtiko vines are trained low into basket-shaped *kouloura* that shelter the grapes from the wind, rooted in volcanic ash that phylloxera never reached. The wine is taut and saline, with lemon and flint and a long, mouth-watering finish, and it keeps for a decade.\n\nWine is sold through the provincial liquor boards: your account manager arranges listings and private orders.'),
  ('00000000-0000-4000-8000-0000000b0021', 'fr', 'Assyrtiko Santorini AOP, 750 mL', 'assyrtiko-santorini-aop-750-ml',
   'Un blanc très sec et minéral, issu de vieilles vignes d’Assyrtiko franches de pied, sur sol volcanique.',
   E'À Santorin, la vigne d’Assyrtiko est taillée en corbeille basse, la *kouloura*, qui abrite les raisins du vent, et s’enracine dans une cendre volcanique que le phylloxéra n’a jamais atteinte. Le vin est tendu et salin, sur le citron et la pierre à fusil, avec une finale longue et désaltérante, et se garde une dizaine d’années.\n\nLe vin se vend par l’entremise des sociétés des alcools provinciales : votre gestionnaire de compte s’occupe des inscriptions et des importations privées.'),
  ('00000000-0000-4000-8000-0000000b0022', 'en', 'Naoussa PDO Xinomavro, 750 mL', 'naoussa-pdo-xinomavro-750-ml',
   'Greece’s answer to Barolo: a red with firm tannins, sour cherry and sun-dried tomato.',
   E'Xinomavro, the “sour black” grape of northern Greece, makes pale but powerful reds on the slopes of Mount Vermio. Aged 12 months in oak, this Naoussa shows sour cherry, sun-dried tomato and spice over firm tannins that soften after a few years in bottle.\n\nWine is sold through the provincial liquor boards: your account manager arranges listings and private orders.'),
  ('00000000-0000-4000-8000-0000000b0022', 'fr', 'Xinomavro Naoussa AOP, 750 mL', 'xinomavro-naoussa-aop-750-ml',
   'La réponse grecque au barolo : un rouge aux tanins fermes, sur la griotte et la tomate séchée.',
   E'Le xinomavro, le « noir acide » du nord de la Grèce, donne sur les pentes du mont Vermio des rouges pâles mais puissants. Élevé 12 mois en fût de chêne, ce Naoussa offre griotte, tomate séchée et épices sur des tanins fermes qui s’assouplissent après quelques années en bouteille.\n\nLe vin se vend par l’entremise des sociétés des alcools provinciales : votre gestionnaire de compte s’occupe des inscriptions et des importations privées.'),
  ('00000000-0000-4000-8000-0000000b0023', 'en', 'Balsamic Vinegar of Modena PGI, 250 mL', 'balsamic-vinegar-of-modena-pgi-250-ml',
   'A dense, sweet-and-sour balsamic aged in oak and chestnut barrels, for dressings and glazes.',
   E'Cooked must of Trebbiano and Lambrusco grapes is blended with wine vinegar and aged in a row of oak and chestnut barrels at a family *acetaia* near Modena. The vinegar is glossy and dense, balancing ripe fruit and acidity, with no added caramel colour.\n\nDrizzle it over strawberries, Parmigiano or grilled vegetables, or reduce it to a glaze.'),
  ('00000000-0000-4000-8000-0000000b0023', 'fr', 'Vinaigre balsamique de Modène IGP, 250 mL', 'vinaigre-balsamique-de-modene-igp-250-ml',
   'Un balsamique dense et aigre-doux, vieilli en fûts de chêne et de châtaignier, pour les vinaigrettes et les glaçages.',
   E'Du moût cuit de raisins trebbiano et lambrusco est assemblé à du vinaigre de vin, puis vieilli dans une batterie de fûts de chêne et de châtaignier, dans une *acetaia* familiale près de Modène. Le vinaigre est brillant et dense, entre fruit mûr et acidité, sans caramel colorant ajouté.\n\nVersez-en quelques gouttes sur des fraises, du parmigiano ou des légumes grillés, ou réduisez-le en glaçage.'),
  ('00000000-0000-4000-8000-0000000b0024', 'en', 'Sherry Vinegar Reserva PDO, 500 mL', 'sherry-vinegar-reserva-pdo-500-ml',
   'Aged at least two years in the solera of a Jerez bodega: nutty, woody and vibrant.',
   E'Made from sherry wine and aged in American oak butts through the traditional *solera* system, this Reserva vinegar shows walnut, raisin and wood behind a clean, sharp acidity. A spoonful finishes gazpacho, lentils, mushrooms and pan sauces.\n\nVinagre de Jerez has its own PDO, which guarantees that every step happens in the sherry triangle of Andalusia.'),
  ('00000000-0000-4000-8000-0000000b0024', 'fr', 'Vinaigre de Xérès Reserva AOP, 500 mL', 'vinaigre-de-xeres-reserva-aop-500-ml',
   'Vieilli au moins deux ans en solera dans une bodega de Jerez : notes de noix, boisé et vif.',
   E'Élaboré à partir de vin de xérès et vieilli en fûts de chêne américain selon le système traditionnel de la *solera*, ce vinaigre Reserva offre des notes de noix, de raisin sec et de bois derrière une acidité nette et franche. Une cuillerée termine le gaspacho, les lentilles, les champignons et les sauces déglacées.\n\nLe vinaigre de Xérès a sa propre AOP, qui garantit que chaque étape se déroule dans le triangle du xérès, en Andalousie.'),
  ('00000000-0000-4000-8000-0000000b0025', 'en', 'PDO Feta in Brine, 2 kg tin', 'pdo-feta-in-brine-2-kg',
   'Sheep’s and goat’s milk feta, matured in brine for at least two months.',
   E'Made from the milk of sheep and goats grazing the Epirus mountains (at most 30 % goat’s milk, as the PDO requires), this feta matures for at least two months in brine. It is creamy yet firm enough to slice, with a clean, tangy, lightly peppery finish.\n\nShipped chilled, between 2 and 4 °C, in an unbroken cold chain; once opened, keep it covered in its brine.'),
  ('00000000-0000-4000-8000-0000000b0025', 'fr', 'Feta AOP en saumure, bidon de 2 kg', 'feta-aop-en-saumure-2-kg',
   'Une feta au lait de brebis et de chèvre, affinée au moins deux mois en saumure.',
   E'Préparée avec le lait des brebis et des chèvres qui pâturent les montagnes d’Épire (au plus 30 % de lait de chèvre, comme l’exige l’AOP), cette feta s’affine au moins deux mois en saumure. Crémeuse mais assez ferme pour se trancher, elle finit sur une note nette, acidulée et légèrement poivrée.\n\nExpédiée réfrigérée, entre 2 et 4 °C, sous chaîne du froid ininterrompue ; une fois ouverte, gardez-la couverte de sa saumure.'),
  ('00000000-0000-4000-8000-0000000b0026', 'en', 'Graviera of Crete PDO, 2 kg piece', 'graviera-of-crete-pdo-2-kg',
   'A sweet, nutty hard cheese of sheep’s milk from the Psiloritis mountains, aged five months.',
   E'Graviera is Crete’s favourite table cheese: made mostly from sheep’s milk in large wheels, then aged for at least five months until it turns sweet, nutty and slightly caramelised. Serve it in slices with honey, grate it over pasta or fry it as *saganaki*.\n\nCut into vacuum-packed 2 kg pieces and shipped chilled.'),
  ('00000000-0000-4000-8000-0000000b0026', 'fr', 'Graviera de Crète AOP, pièce de 2 kg', 'graviera-de-crete-aop-2-kg',
   'Un fromage à pâte dure, doux et noisetté, au lait de brebis des montagnes du Psiloritis, affiné cinq mois.',
   E'La graviera est le fromage de table préféré des Crétois : fabriquée surtout au lait de brebis, en grandes meules, elle s’affine au moins cinq mois jusqu’à devenir douce, noisettée et légèrement caramélisée. Servez-la en tranches avec du miel, râpée sur des pâtes ou frite en *saganaki*.\n\nDécoupée en pièces de 2 kg sous vide et expédiée réfrigérée.'),
  ('00000000-0000-4000-8000-0000000b0027', 'en', 'Kefalotyri, 1 kg piece', 'kefalotyri-1-kg',
   'A hard, salty, sharp cheese of sheep’s and goat’s milk, for grating and for saganaki.',
   E'Kefalotyri is one of the oldest Greek cheeses: firm, salty and sharp, with small irregular holes. Aged for at least three months, it grates beautifully over pasta and baked dishes and holds its shape in the pan.\n\nVacuum-packed in 1 kg pieces and shipped chilled.'),
  ('00000000-0000-4000-8000-0000000b0027', 'fr', 'Kefalotyri, pièce de 1 kg', 'kefalotyri-1-kg',
   'Un fromage à pâte dure, salé et relevé, au lait de brebis et de chèvre, à râper ou à frire en saganaki.',
   E'Le kefalotyri est l’un des plus anciens fromages grecs : ferme, salé et relevé, avec de petits trous irréguliers. Affiné au moins trois mois, il se râpe à merveille sur les pâtes et les gratins et garde sa forme à la poêle.\n\nEmballé sous vide en pièces de 1 kg et expédié réfrigéré.'),
  ('00000000-0000-4000-8000-0000000b0028', 'en', 'Manchego PDO Curado, 3 kg wheel', 'manchego-pdo-curado-3-kg',
   'A firm, nutty Manchego of Manchega sheep’s milk, aged six months.',
   E'Only the milk of Manchega sheep raised in La Mancha may become Manchego. Aged for six months, this *curado* is firm and slightly crumbly, with notes of toasted nuts and a gentle sheep’s-milk tang, inside its classic braided rind.\n\nServe it with quince paste or on a tapas board.'),
  ('00000000-0000-4000-8000-0000000b0028', 'fr', 'Manchego AOP Curado, meule de 3 kg', 'manchego-aop-curado-3-kg',
   'Un manchego ferme et noisetté au lait de brebis manchega, affiné six mois.',
   E'Seul le lait des brebis manchegas élevées dans La Manche peut devenir du manchego. Affiné six mois, ce *curado* est ferme et légèrement friable, aux notes de fruits secs grillés et à l’acidité douce du lait de brebis, sous sa croûte tressée caractéristique.\n\nServez-le avec de la pâte de coing ou sur une planche de tapas.'),
  ('00000000-0000-4000-8000-0000000b0029', 'en', 'Feta Cheese Pies (Tiropitakia), frozen, 1 kg', 'feta-cheese-pies-tiropitakia-frozen-1-kg',
   'Bite-size triangles of hand-folded phyllo filled with feta and egg, baked straight from the freezer.',
   E'Thin phyllo is brushed with butter, filled with PDO feta, egg and a little mint, folded by hand into triangles in a Thessaloniki bakery and frozen the same day. Bake from frozen for 25 minutes at 180 °C, until golden and crisp.\n\nAbout 40 pieces a bag: an easy hot appetiser for caterers and cafés. Keep at −18 °C or colder.'),
  ('00000000-0000-4000-8000-0000000b0029', 'fr', 'Feuilletés à la feta (tiropitakia), surgelés, 1 kg', 'feuilletes-a-la-feta-tiropitakia-surgeles-1-kg',
   'Petits triangles de pâte phyllo pliés à la main, garnis de feta et d’œuf, à cuire sans décongeler.',
   E'La pâte phyllo fine est badigeonnée de beurre, garnie de feta AOP, d’œuf et d’un peu de menthe, puis pliée à la main en triangles dans une boulangerie de Thessalonique et surgelée le jour même. Faites cuire sans décongeler 25 minutes à 180 °C, jusqu’à ce qu’ils soient dorés et croustillants.\n\nEnviron 40 pièces par sac : une entrée chaude facile pour les traiteurs et les cafés. Conserver à −18 °C ou moins.')
on conflict (product_id, lang) do nothing;

update public.products p
   set status = 'published'
 where p.status = 'draft'
   and p.id in ('00000000-0000-4000-8000-0000000b0001', '00000000-0000-4000-8000-0000000b0002', '00000000-0000-4000-8000-0000000b0003',
                '00000000-0000-4000-8000-0000000b0004', '00000000-0000-4000-8000-0000000b0005', '00000000-0000-4000-8000-0000000b0007',
                '00000000-0000-4000-8000-0000000b0008', '00000000-0000-4000-8000-0000000b0009', '00000000-0000-4000-8000-0000000b0010',
                '00000000-0000-4000-8000-0000000b0011', '00000000-0000-4000-8000-0000000b0012', '00000000-0000-4000-8000-0000000b0013',
                '00000000-0000-4000-8000-0000000b0014', '00000000-0000-4000-8000-0000000b0015', '00000000-0000-4000-8000-0000000b0016',
                '00000000-0000-4000-8000-0000000b0017', '00000000-0000-4000-8000-0000000b0018', '00000000-0000-4000-8000-0000000b0019',
                '00000000-0000-4000-8000-0000000b0020', '00000000-0000-4000-8000-0000000b0021', '00000000-0000-4000-8000-0000000b0022',
                '00000000-0000-4000-8000-0000000b0023', '00000000-0000-4000-8000-0000000b0024', '00000000-0000-4000-8000-0000000b0025',
                '00000000-0000-4000-8000-0000000b0026', '00000000-0000-4000-8000-0000000b0027', '00000000-0000-4000-8000-0000000b0028',
                '00000000-0000-4000-8000-0000000b0029');

-- Spec sheets and certificates of the catalogue
-- (docs/decisions/193-product-documents-for-visitors-and-clients.md): nine
-- documents shared with every client, with their files in
-- supabase/seed-files/documents/ like the three above, linked to products.
-- Six spec sheets are public (on the product for everyone: the PDO feta, the
-- Kalamata olives, the thyme honey, the Kalamata olive oil, the mountain tea,
-- the balsamic vinegar); three certificates are for clients only (organic:
-- the mountain tea; PDO: the feta and the Kalamata olives). Their files are
-- dated two months back, so the client's own documents stay the newest.
insert into public.documents (id, title_en, title_fr, category, file_language, product, expires_on, audience, company_id)
values
  ('00000000-0000-4000-8000-0000000d0c11', 'PDO feta spec sheet', 'Fiche technique : feta AOP', 'spec_sheet',
   'both', 'cheeses', null, 'all_clients', null),
  ('00000000-0000-4000-8000-0000000d0c12', 'Kalamata PDO olives spec sheet', 'Fiche technique : olives de Kalamata AOP', 'spec_sheet',
   'both', 'olives-tapenades', null, 'all_clients', null),
  ('00000000-0000-4000-8000-0000000d0c13', 'Cretan thyme honey spec sheet', 'Fiche technique : miel de thym de Crète', 'spec_sheet',
   'both', 'honeys', null, 'all_clients', null),
  ('00000000-0000-4000-8000-0000000d0c14', 'Kalamata PDO extra virgin olive oil spec sheet', 'Fiche technique : huile d’olive extra vierge Kalamata AOP', 'spec_sheet',
   'both', 'olive-oils', null, 'all_clients', null),
  ('00000000-0000-4000-8000-0000000d0c15', 'Greek mountain tea spec sheet', 'Fiche technique : thé des montagnes grec', 'spec_sheet',
   'en', 'spices-teas', null, 'all_clients', null),
  ('00000000-0000-4000-8000-0000000d0c16', 'Balsamic vinegar of Modena PGI spec sheet', 'Fiche technique : vinaigre balsamique de Modène IGP', 'spec_sheet',
   'en', 'wines-vinegars', null, 'all_clients', null),
  ('00000000-0000-4000-8000-0000000d0c17', 'Organic certificate 2026, Taygetos Herbs', 'Certificat biologique 2026, Taygetos Herbs', 'certificate',
   'en', 'spices-teas', date '2027-03-31', 'all_clients', null),
  ('00000000-0000-4000-8000-0000000d0c18', 'PDO certificate, feta of Tzoumerka Dairy', 'Certificat AOP, feta de Tzoumerka Dairy', 'certificate',
   'en', 'cheeses', date '2028-06-30', 'all_clients', null),
  ('00000000-0000-4000-8000-0000000d0c19', 'PDO certificate, Kalamata olives', 'Certificat AOP, olives de Kalamata', 'certificate',
   'en', 'olives-tapenades', date '2028-06-30', 'all_clients', null)
on conflict (id) do nothing;

insert into public.document_versions (id, document_id, storage_path, size_bytes, mime_type, original_file_name, uploaded_by)
values
  ('00000000-0000-4000-8000-0000000e0c11', '00000000-0000-4000-8000-0000000d0c11',
   '00000000-0000-4000-8000-0000000d0c11/00000000-0000-4000-8000-0000000e0c11/pdo-feta-spec-sheet.pdf',
   628, 'application/pdf', 'PDO feta spec sheet.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c12', '00000000-0000-4000-8000-0000000d0c12',
   '00000000-0000-4000-8000-0000000d0c12/00000000-0000-4000-8000-0000000e0c12/kalamata-olives-spec-sheet.pdf',
   629, 'application/pdf', 'Kalamata olives spec sheet.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c13', '00000000-0000-4000-8000-0000000d0c13',
   '00000000-0000-4000-8000-0000000d0c13/00000000-0000-4000-8000-0000000e0c13/thyme-honey-spec-sheet.pdf',
   629, 'application/pdf', 'Thyme honey spec sheet.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c14', '00000000-0000-4000-8000-0000000d0c14',
   '00000000-0000-4000-8000-0000000d0c14/00000000-0000-4000-8000-0000000e0c14/kalamata-olive-oil-spec-sheet.pdf',
   636, 'application/pdf', 'Kalamata olive oil spec sheet.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c15', '00000000-0000-4000-8000-0000000d0c15',
   '00000000-0000-4000-8000-0000000d0c15/00000000-0000-4000-8000-0000000e0c15/mountain-tea-spec-sheet.pdf',
   627, 'application/pdf', 'Mountain tea spec sheet.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c16', '00000000-0000-4000-8000-0000000d0c16',
   '00000000-0000-4000-8000-0000000d0c16/00000000-0000-4000-8000-0000000e0c16/balsamic-vinegar-spec-sheet.pdf',
   631, 'application/pdf', 'Balsamic vinegar spec sheet.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c17', '00000000-0000-4000-8000-0000000d0c17',
   '00000000-0000-4000-8000-0000000d0c17/00000000-0000-4000-8000-0000000e0c17/organic-certificate-taygetos-herbs-2026.pdf',
   629, 'application/pdf', 'Organic certificate Taygetos Herbs 2026.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c18', '00000000-0000-4000-8000-0000000d0c18',
   '00000000-0000-4000-8000-0000000d0c18/00000000-0000-4000-8000-0000000e0c18/pdo-certificate-feta.pdf',
   627, 'application/pdf', 'PDO certificate feta.pdf', '00000000-0000-4000-8000-00000000a001'),
  ('00000000-0000-4000-8000-0000000e0c19', '00000000-0000-4000-8000-0000000d0c19',
   '00000000-0000-4000-8000-0000000d0c19/00000000-0000-4000-8000-0000000e0c19/pdo-certificate-kalamata-olives.pdf',
   621, 'application/pdf', 'PDO certificate Kalamata olives.pdf', '00000000-0000-4000-8000-00000000a001')
on conflict (id) do nothing;

-- The trigger stamps a new version with now(); these files are older.
update public.document_versions
   set uploaded_at = now() - interval '60 days'
 where id in ('00000000-0000-4000-8000-0000000e0c11', '00000000-0000-4000-8000-0000000e0c12', '00000000-0000-4000-8000-0000000e0c13',
                '00000000-0000-4000-8000-0000000e0c14', '00000000-0000-4000-8000-0000000e0c15', '00000000-0000-4000-8000-0000000e0c16',
                '00000000-0000-4000-8000-0000000e0c17', '00000000-0000-4000-8000-0000000e0c18', '00000000-0000-4000-8000-0000000e0c19')
   and uploaded_at > now() - interval '60 days';

update public.documents d
   set current_version_id = v.id
  from public.document_versions v
 where v.document_id = d.id
   and d.id in ('00000000-0000-4000-8000-0000000d0c11', '00000000-0000-4000-8000-0000000d0c12', '00000000-0000-4000-8000-0000000d0c13',
                '00000000-0000-4000-8000-0000000d0c14', '00000000-0000-4000-8000-0000000d0c15', '00000000-0000-4000-8000-0000000d0c16',
                '00000000-0000-4000-8000-0000000d0c17', '00000000-0000-4000-8000-0000000d0c18', '00000000-0000-4000-8000-0000000d0c19')
   and d.current_version_id is null;

insert into public.product_documents (product_id, document_id, visibility, sort_order)
values
  ('00000000-0000-4000-8000-0000000b0025', '00000000-0000-4000-8000-0000000d0c11', 'public', 0),
  ('00000000-0000-4000-8000-0000000b0025', '00000000-0000-4000-8000-0000000d0c18', 'clients', 1),
  ('00000000-0000-4000-8000-0000000b0011', '00000000-0000-4000-8000-0000000d0c12', 'public', 0),
  ('00000000-0000-4000-8000-0000000b0011', '00000000-0000-4000-8000-0000000d0c19', 'clients', 1),
  ('00000000-0000-4000-8000-0000000b0007', '00000000-0000-4000-8000-0000000d0c13', 'public', 0),
  ('00000000-0000-4000-8000-0000000b0002', '00000000-0000-4000-8000-0000000d0c14', 'public', 0),
  ('00000000-0000-4000-8000-0000000b0017', '00000000-0000-4000-8000-0000000d0c15', 'public', 0),
  ('00000000-0000-4000-8000-0000000b0017', '00000000-0000-4000-8000-0000000d0c17', 'clients', 1),
  ('00000000-0000-4000-8000-0000000b0023', '00000000-0000-4000-8000-0000000d0c16', 'public', 0)
on conflict (product_id, document_id) do nothing;

-- Ordering (docs/decisions/195-price-lists-and-the-cart-in-the-database.md):
-- a CAD list for the seeded client's company and a USD list for a second
-- company (no client account), prices for every product clients may order
-- online, confirmed delivery addresses, this year's and next year's Canadian
-- statutory holidays, minimum order values, and ten months of past orders of
-- the seeded client's company in every status, so its Analytics card has
-- something to show. Prices are derived from the SKU, so they stay the same
-- from one reset to the next.
insert into public.companies (id, legal_name, country, region, customer_type, preferred_language, account_manager_id)
values ('00000000-0000-4000-8000-0000000c0a02', 'Harbor Fine Foods LLC', 'US', 'NY', 'distribution', 'en',
        '00000000-0000-4000-8000-00000000a001')
on conflict (id) do nothing;

insert into public.price_lists (id, name, currency, valid_from, valid_until)
values
  ('00000000-0000-4000-8000-0000000f1001', 'Canada — wholesale 2026', 'CAD', date '2026-01-01', null),
  ('00000000-0000-4000-8000-0000000f1002', 'United States — distribution 2026', 'USD', date '2026-01-01', null)
on conflict (id) do nothing;

insert into public.price_list_items (price_list_id, product_id, case_price)
select l.id, p.id,
       round((40 + (abs(hashtext(p.sku)) % 16000) / 100.0) * case when l.currency = 'USD' then 0.74 else 1 end, 2)
from public.products p
cross join public.price_lists l
where p.status = 'published' and p.orderable_online
  and l.id in ('00000000-0000-4000-8000-0000000f1001', '00000000-0000-4000-8000-0000000f1002')
on conflict (price_list_id, product_id) do nothing;

update public.companies set price_list_id = '00000000-0000-4000-8000-0000000f1001'
 where id = '00000000-0000-4000-8000-0000000c0a01' and price_list_id is null;
update public.companies set price_list_id = '00000000-0000-4000-8000-0000000f1002'
 where id = '00000000-0000-4000-8000-0000000c0a02' and price_list_id is null;

insert into public.company_addresses (id, company_id, label, line1, line2, city, region, postal_code, country, status)
values
  ('00000000-0000-4000-8000-0000000ad001', '00000000-0000-4000-8000-0000000c0a01', 'Épicerie — rue Saint-Denis',
   '4120, rue Saint-Denis', null, 'Montréal', 'QC', 'H2W 2M5', 'CA', 'confirmed'),
  ('00000000-0000-4000-8000-0000000ad002', '00000000-0000-4000-8000-0000000c0a01', 'Entrepôt Laval',
   '2800, boulevard Industriel', 'Quai 4', 'Laval', 'QC', 'H7L 4R9', 'CA', 'confirmed'),
  ('00000000-0000-4000-8000-0000000ad003', '00000000-0000-4000-8000-0000000c0a02', 'Brooklyn warehouse',
   '145 Flushing Avenue', 'Building 3', 'Brooklyn', 'NY', '11205', 'US', 'confirmed')
on conflict (id) do nothing;

insert into public.business_holidays (day, name)
values
  (date '2026-01-01', 'New Year''s Day'), (date '2026-04-03', 'Good Friday'), (date '2026-04-06', 'Easter Monday'),
  (date '2026-05-18', 'Victoria Day'), (date '2026-07-01', 'Canada Day'), (date '2026-08-03', 'Civic Holiday'),
  (date '2026-09-07', 'Labour Day'), (date '2026-09-30', 'National Day for Truth and Reconciliation'),
  (date '2026-10-12', 'Thanksgiving'), (date '2026-11-11', 'Remembrance Day'), (date '2026-12-25', 'Christmas Day'),
  (date '2026-12-28', 'Boxing Day (observed)'),
  (date '2027-01-01', 'New Year''s Day'), (date '2027-03-26', 'Good Friday'), (date '2027-03-29', 'Easter Monday'),
  (date '2027-05-24', 'Victoria Day'), (date '2027-07-01', 'Canada Day'), (date '2027-08-02', 'Civic Holiday'),
  (date '2027-09-06', 'Labour Day'), (date '2027-09-30', 'National Day for Truth and Reconciliation'),
  (date '2027-10-11', 'Thanksgiving'), (date '2027-11-11', 'Remembrance Day'),
  (date '2027-12-27', 'Christmas Day (observed)'), (date '2027-12-28', 'Boxing Day (observed)')
on conflict (day) do nothing;

insert into public.order_settings (currency, minimum_order_value)
values ('CAD', 500), ('USD', 400)
on conflict (currency) do nothing;

-- Two orders a month over the last ten months: the older ones delivered (one
-- cancelled), then shipped, confirmed and submitted ones.
do $$
declare
  client uuid := '00000000-0000-4000-8000-00000000c001';
  company uuid := '00000000-0000-4000-8000-0000000c0a01';
  n integer;
  age integer;
  sent timestamptz;
  st public.order_status;
  created public.orders;
begin
  if exists (select 1 from public.orders o where o.company_id = company) then
    return;
  end if;
  for n in 0..19 loop
    age := 300 - n * 15;
    sent := date_trunc('day', now() - make_interval(days => age)) + interval '14 hours';
    st := case when n = 19 then 'submitted' when n = 18 then 'confirmed' when n = 17 then 'shipped'
               when n = 7 then 'cancelled' else 'delivered' end;
    insert into public.orders (company_id, placed_by, idempotency_key, status, currency, subtotal, line_count, address,
                               requested_date, po_number, language, carrier, tracking_number, cancel_reason,
                               submitted_at, confirmed_at, shipped_at, delivered_at, cancelled_at, updated_at, version)
    values (company, client, md5('seed-order-' || n)::uuid, st, 'CAD', 0, 0,
            (select jsonb_build_object('label', a.label, 'line1', a.line1, 'line2', a.line2, 'city', a.city,
                                       'region', a.region, 'postal_code', a.postal_code, 'country', a.country)
             from public.company_addresses a
             where a.id = case when n % 3 = 0 then '00000000-0000-4000-8000-0000000ad002'::uuid
                               else '00000000-0000-4000-8000-0000000ad001'::uuid end),
            (sent + interval '8 days')::date, case when n % 2 = 0 then 'PO-' || (4100 + n) end, 'fr',
            case when st in ('shipped', 'delivered') then 'Purolator' end,
            case when st in ('shipped', 'delivered') then 'PUR' || (330012400 + n * 7) end,
            case when st = 'cancelled' then 'Commande en double' end,
            sent,
            case when st in ('confirmed', 'shipped', 'delivered') then sent + interval '3 hours' end,
            case when st in ('shipped', 'delivered') then sent + interval '4 days' end,
            case when st = 'delivered' then sent + interval '8 days' end,
            case when st = 'cancelled' then sent + interval '1 hour' end,
            sent,
            case st when 'submitted' then 1 when 'confirmed' then 2 when 'shipped' then 3 when 'cancelled' then 2 else 4 end)
    returning * into created;

    insert into public.order_lines (order_id, product_id, sku, name_en, name_fr, category_slug, quantity_cases,
                                    case_price, line_total, position)
    select created.id, p.id, p.sku, en.name, fr.name, p.category_id, q.cases, i.case_price, q.cases * i.case_price,
           (row_number() over (order by p.sku))::integer
    from public.price_list_items i
    join public.products p on p.id = i.product_id
    join public.product_translations en on en.product_id = p.id and en.lang = 'en'
    join public.product_translations fr on fr.product_id = p.id and fr.lang = 'fr'
    cross join lateral (select p.min_order_cases + (abs(hashtext(p.sku || n)) % 6) as cases) q
    where i.price_list_id = '00000000-0000-4000-8000-0000000f1001'
      and abs(hashtext(p.sku || 'pick' || n)) % 4 = 0;

    update public.orders o
       set subtotal = (select coalesce(sum(l.line_total), 0) from public.order_lines l where l.order_id = o.id),
           line_count = (select count(*) from public.order_lines l where l.order_id = o.id)
     where o.id = created.id;

    insert into public.order_events (order_id, kind, detail, actor_kind, actor_id, created_at)
    select created.id, e.kind, e.detail, e.actor_kind, e.actor, e.at
    from (values
      ('submitted', '{}'::jsonb, 'client', client, sent, true),
      ('confirmed', '{"changes": []}'::jsonb, 'staff', '00000000-0000-4000-8000-00000000a001'::uuid,
       sent + interval '3 hours', st in ('confirmed', 'shipped', 'delivered')),
      ('shipped', jsonb_build_object('carrier', created.carrier, 'tracking_number', created.tracking_number), 'staff',
       '00000000-0000-4000-8000-00000000a001'::uuid, sent + interval '4 days', st in ('shipped', 'delivered')),
      ('delivered', '{}'::jsonb, 'staff', '00000000-0000-4000-8000-00000000a001'::uuid, sent + interval '8 days',
       st = 'delivered'),
      ('cancelled', '{"reason": "Commande en double"}'::jsonb, 'client', client, sent + interval '1 hour',
       st = 'cancelled')
    ) as e(kind, detail, actor_kind, actor, at, happened)
    where e.happened;
  end loop;
end;
$$;
