-- Flag changes coalesce into one queued publish
-- (docs/decisions/124-publishes-coalesce.md).
--
-- Why: every change of a flag inserted its own `site_publishes` row, and in
-- production every insert fires the Database Webhook that calls the static
-- host's deploy hook: ten toggles in ten seconds started ten builds.
--
-- Now there is at most one pending publish. A change while one is pending is
-- added to it (its `changes` count grows, `flag_name` and `reason` name the
-- latest change) instead of inserting a row, so the webhook (on INSERT) does
-- not fire again. Once a build claims the pending row (it becomes
-- `publishing`), the next change inserts a new pending row: at most one build
-- in flight and one queued, however many changes are made. A unique index
-- holds the rule whatever writes the table.

alter table public.site_publishes
  add column changes integer not null default 1
    constraint site_publishes_changes check (changes >= 1);

comment on column public.site_publishes.changes is
  'How many flag changes this publish carries (changes made while it was pending are added to it).';

-- Rows left pending before this migration are one publish: keep the newest.
with pending as (
  select id, count(*) over () as total, row_number() over (order by id desc) as rank
  from public.site_publishes where status = 'pending'
), dropped as (
  delete from public.site_publishes p using pending
  where p.id = pending.id and pending.rank > 1
  returning p.id
)
update public.site_publishes p
set changes = pending.total
from pending
where p.id = pending.id and pending.rank = 1;

create unique index site_publishes_one_pending_idx on public.site_publishes ((true)) where status = 'pending';

create or replace function private.request_site_publish()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  what text;
begin
  -- security definer: the table accepts no writes from API roles.
  if new.enabled is distinct from old.enabled then
    what := new.name || ' switched ' || case when new.enabled then 'on' else 'off' end;
    -- One change at a time decides between joining the pending publish and
    -- queuing a new one (held until commit).
    perform pg_advisory_xact_lock(hashtextextended('site_publishes:queue', 0));
    update public.site_publishes p
    set changes = p.changes + 1, flag_name = new.name, reason = what
    where p.status = 'pending';
    if not found then
      insert into public.site_publishes (flag_name, reason) values (new.name, what);
    end if;
  end if;
  return new;
end;
$$;
