-- Storage of the local stand-ins for third-party services (not a migration:
-- production never has it). The schema is not exposed by the Data API and
-- no API role is granted anything on it.
create schema if not exists local_stub;
revoke all on schema local_stub from public;

create table if not exists local_stub.hubspot_submissions (
  id bigint generated always as identity primary key,
  portal_id text not null,
  form_id text not null,
  fields jsonb not null,
  context jsonb,
  received_at timestamptz not null default now()
);

-- The consent HubSpot would record with the contact (added after the table
-- first shipped, so persisted databases gain it too).
alter table local_stub.hubspot_submissions add column if not exists legal_consent_options jsonb;
