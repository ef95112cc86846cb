-- The 18 flags at their launch defaults (docs/product-rules.md lists them;
-- docs/decisions/003-every-flag-has-a-visible-effect.md says what each one does). Data lives in a migration, not seed.sql, because production
-- needs these rows too; `on conflict do nothing` keeps staff choices on re-run.

insert into public.feature_flags (name, enabled, description) values
  ('insights',          false, 'Insights menu with the News and Blog pages (EN and FR).'),
  ('teams',             false, 'Teams page and its navigation link.'),
  ('partnerships',      false, 'Partnerships page and its navigation link.'),
  ('solutions',         false, 'Solutions page and its navigation link.'),
  ('brand_story',       true,  'Brand story section on the home page and its links.'),
  ('products',          true,  'Products section on the home page and its links.'),
  ('services',          true,  'Services section on the home page and its links.'),
  ('contact',           true,  'Contact section and form on the home page and its links.'),
  ('founder',           true,  'Founder section on the home page.'),
  ('client_portal',     true,  'Client Portal button, client sign-in and dashboard.'),
  ('hero_section',      true,  'Hero banner at the top of the home page.'),
  ('rotating_keywords', true,  'Rotating keyword in the hero headline.'),
  ('our_process',       true,  'Four-step process section on the home page.'),
  ('b2b_request_form',  true,  'B2B access request form on the client sign-in page.'),
  ('tawk_chat',         true,  'Tawk.to chat widget on public pages.'),
  ('cookie_consent',    true,  'Cookie consent banner for first-time visitors.'),
  ('domain_failover',   true,  'Health checks and redirects between the primary and backup domains.'),
  ('french_language',   true,  'Language switch to French in the navigation and footer.')
on conflict (name) do nothing;
