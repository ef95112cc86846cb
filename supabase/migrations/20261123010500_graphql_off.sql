-- GraphQL is off: the app talks to the Data API over REST only
-- (docs/decisions/064-database-linter-exceptions.md).
--
-- New hosted projects install pg_graphql, which serves /graphql/v1 and lets
-- any role list, through introspection, every table and column it can SELECT:
-- the anon key would describe feature_flags, a signed-in account every table
-- it can read (Supabase linter 0026 and 0027). Nothing in this repository
-- queries GraphQL, so the extension is dropped, as Supabase's documentation
-- says to disable it. `if exists` keeps this a no-op where it is not installed
-- (the local backend, a self-hosted database without it).
-- To bring GraphQL back, create the extension again in a new migration and
-- revisit the grants that 0026/0027 would then report.

drop extension if exists pg_graphql;
