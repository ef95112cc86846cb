-- Two staff roles beside admin: account managers (the companies they look
-- after) and editors (content and the catalogue). A new enum value cannot be
-- used in the transaction that adds it, so the functions and tables that use
-- them come in the next migration.
alter type public.app_role add value if not exists 'account_manager';
alter type public.app_role add value if not exists 'editor';
