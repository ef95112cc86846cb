-- The retired analytics_events table is dropped
-- (docs/decisions/186-page-views-per-network-analytics-events-dropped-clean-feeds-image-paths.md).
--
-- Page views moved to public.page_views and record_page_view()
-- (docs/decisions/130-page-views-without-tracking.md); since then nothing in
-- the site, the portals, the scripts or the reports reads or writes
-- analytics_events. Its insert grants and policies stayed, though: anyone
-- with the public key could still add rows, one per request but as fast as
-- they liked (600 in a few seconds), each with a user agent stored as sent.
-- A table nobody reads is only a place to be filled, so it goes, with its
-- one-event-per-request trigger and that trigger's function. Its rows (page
-- paths and user agents of old visits) go with it; the daily rollups of page
-- views do not depend on them.

drop table public.analytics_events;

drop function private.analytics_events_one_per_request();
