import { useRef, type KeyboardEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ContentLang } from '@/features/admin-portal/content/api/content';
import { LANG_NAME, LANGS, type ContentFormValues } from '@/features/admin-portal/content/content-form';

/** English and French tabs (arrow keys, Home and End move between them); a tab with a problem says so. */
export function LanguageTabs({
  form,
  formId,
  tab,
  onTab,
}: {
  form: UseFormReturn<ContentFormValues>;
  formId: string;
  tab: ContentLang;
  onTab: (lang: ContentLang) => void;
}) {
  const errors = form.formState.errors;
  const enabled = {
    en: useWatch({ control: form.control, name: 'en.enabled' }),
    fr: useWatch({ control: form.control, name: 'fr.enabled' }),
  };
  const refs = useRef<Record<ContentLang, HTMLButtonElement | null>>({ en: null, fr: null });
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LANGS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? LANGS[(index + 1) % LANGS.length]
        : event.key === 'ArrowLeft'
          ? LANGS[(index + LANGS.length - 1) % LANGS.length]
          : event.key === 'Home'
            ? LANGS[0]
            : event.key === 'End'
              ? LANGS[LANGS.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    onTab(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Language" className="mb-6 flex gap-1 border-b border-sand-200">
      {LANGS.map((lang) => (
        <button
          key={lang}
          ref={(node) => {
            refs.current[lang] = node;
          }}
          type="button"
          role="tab"
          id={`${formId}-tab-${lang}`}
          aria-controls={`${formId}-panel-${lang}`}
          aria-selected={tab === lang}
          tabIndex={tab === lang ? 0 : -1}
          onClick={() => onTab(lang)}
          onKeyDown={onKeyDown}
          className={
            tab === lang
              ? '-mb-px min-h-11 rounded-t-md border border-b-white border-sand-200 bg-white px-4 font-semibold text-brand-800'
              : 'min-h-11 px-4 text-ink-muted hover:text-ink'
          }
        >
          {LANG_NAME[lang]}
          {enabled[lang] ? '' : ' (not included)'}
          {errors[lang] ? <span className="ml-1 text-danger">(check)</span> : null}
        </button>
      ))}
    </div>
  );
}
