-- Three seeded flag descriptions said less than the staff screens' own text
-- for the same flag (src/lib/flags/registry.ts). The registry's wording wins:
-- it names both languages, the client dashboard, and the link as well as the
-- form. A description staff have since edited is left alone.
-- tests/backend/flag-registry.test.ts holds the seeded rows and the registry
-- together from now on.

update public.feature_flags
set description = 'Insights menu with the News and Blog pages, in English and French.'
where name = 'insights' and description = 'Insights menu with the News and Blog pages (EN and FR).';

update public.feature_flags
set description = 'Client Portal button, client sign-in and the client dashboard.'
where name = 'client_portal' and description = 'Client Portal button, client sign-in and dashboard.';

update public.feature_flags
set description = 'B2B access request link and form on the client sign-in page.'
where name = 'b2b_request_form' and description = 'B2B access request form on the client sign-in page.';
