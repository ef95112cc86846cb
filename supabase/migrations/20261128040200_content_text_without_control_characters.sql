-- Content text holds no control characters
-- (docs/decisions/186-page-views-per-network-analytics-events-dropped-clean-feeds-image-paths.md).
--
-- A title saved with an invisible control character (U+0001, pasted from
-- another program or typed on purpose) went as it was into the RSS feeds,
-- and a feed holding it is no longer well-formed XML: feed readers reject the
-- whole feed. XML 1.0 cannot carry U+0001-U+0008, U+000B, U+000C,
-- U+000E-U+001F, U+FFFE or U+FFFF at all, escaped or not (and no text value in
-- Postgres holds U+0000).
--
-- Now:
-- * private.content_text(), which reads every text field of a save, refuses
--   those characters in any field with 22023 and the field in the detail, so
--   the editor shows the refusal on the field; a title, which is one line
--   everywhere it appears, also refuses tabs, line breaks, DEL and the C1
--   controls (U+0080-U+009F);
-- * check constraints hold the same rules on the tables, for every other
--   write (a version restored, the service role). They are added `not valid`:
--   a row saved before keeps being served (the feed writer drops what XML
--   cannot carry) and must be cleaned on its next save.

create or replace function private.content_text(value jsonb, field text, max_length integer, required boolean)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  result text;
begin
  if value is null or value -> field is null or jsonb_typeof(value -> field) = 'null' then
    result := null;
  elsif jsonb_typeof(value -> field) <> 'string' then
    raise exception '% must be text.', field using errcode = '22023', detail = field;
  else
    result := btrim(value ->> field);
  end if;
  if result = '' then
    result := null;
  end if;
  if required and result is null then
    raise exception '% is required.', field using errcode = '22023', detail = field;
  end if;
  if char_length(result) > max_length then
    raise exception '% is longer than % characters.', field, max_length using errcode = '22001', detail = field;
  end if;
  if result ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]'
    or (field = 'title' and result ~ '[\x01-\x1f\x7f-\x9f]')
  then
    raise exception '% holds an invisible control character; retype the text around it or paste it as plain text.', field
      using errcode = '22023', detail = field;
  end if;
  return result;
end;
$$;

alter table public.content_translations
  add constraint content_translations_title_characters
    check (title !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]') not valid,
  add constraint content_translations_text_characters
    check (
      excerpt !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]'
      and body_md !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]'
      and image_alt !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]'
      and coalesce(author_role, '') !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]'
      and coalesce(author_bio, '') !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]'
      and coalesce(tag, '') !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]') not valid;

alter table public.content_items
  add constraint content_items_author_name_characters
    check (coalesce(author_name, '') !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]') not valid;
