-- GoTrue's tables for e-mail links and multi-factor authentication, with the
-- names and types hosted Supabase uses (so seed.sql and SQL written for
-- Supabase work unchanged). Idempotent: run on every boot, before the
-- migrations, so data directories created before these tables existed get
-- them too.

do $$
begin
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end;
$$;

-- Pending e-mail change (secure change: one link to each address).
alter table auth.users add column if not exists email_change_token_new varchar(255);
alter table auth.users add column if not exists email_change_token_current varchar(255);
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;

-- The factor a session was raised to aal2 with.
alter table auth.sessions add column if not exists factor_id uuid;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  phone text,
  last_challenged_at timestamptz unique
);
-- Local only: the time step of the last TOTP code accepted for the factor; a
-- code of that step or an earlier one is refused after (RFC 6238 §5.2).
alter table auth.mfa_factors add column if not exists last_totp_step bigint;
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet not null default '127.0.0.1'
);

-- One row per way a session was authenticated (the `amr` claim).
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);
