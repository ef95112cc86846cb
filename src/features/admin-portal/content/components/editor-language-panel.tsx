import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field, FieldError, Input, Textarea } from '@/components/ui/field';
import type { ContentLang } from '@/features/admin-portal/content/api/content';
import { LANG_NAME, type ContentFormValues } from '@/features/admin-portal/content/content-form';
import { slugify } from '@/features/admin-portal/content/content-slug';
import { BodyField } from './editor-body-field';

/** One language's column: whether it is included, title and slug, excerpt, date, tag or author texts, alt text, body. */
export function LanguagePanel({
  form,
  formId,
  lang,
  hidden,
  disabled,
}: {
  form: UseFormReturn<ContentFormValues>;
  formId: string;
  lang: ContentLang;
  hidden: boolean;
  disabled: boolean;
}) {
  const { register, control, setValue, getValues } = form;
  const errors = form.formState.errors[lang];
  const enabledError = lang === 'en' ? form.formState.errors.en?.enabled?.message : undefined;
  const kind = getValues('kind');
  const enabled = useWatch({ control, name: `${lang}.enabled` });
  const image = useWatch({ control, name: 'image' });
  const id = `${formId}-${lang}`;
  const other: ContentLang = lang === 'en' ? 'fr' : 'en';
  const name = LANG_NAME[lang];

  const titleField = register(`${lang}.title`, {
    onChange: (event: { target: { value: string } }) => {
      if (!getValues(`${lang}.slugEdited`)) {
        setValue(`${lang}.slug`, slugify(event.target.value), { shouldDirty: true });
      }
    },
  });
  const slugField = register(`${lang}.slug`, {
    onChange: (event: { target: { value: string } }) => {
      setValue(`${lang}.slugEdited`, event.target.value !== '', { shouldDirty: true });
    },
  });

  return (
    <div
      role="tabpanel"
      id={`${formId}-panel-${lang}`}
      aria-labelledby={`${formId}-tab-${lang}`}
      hidden={hidden}
      lang={lang}
    >
      <label className="flex min-h-11 items-center gap-2 font-semibold text-ink">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          {...register(`${lang}.enabled`)}
          disabled={disabled}
        />
        Include the {name} version
      </label>
      <FieldError id={`${id}-enabled-error`}>{enabledError}</FieldError>
      {enabled ? null : (
        <p className="mt-2 rounded-md bg-sand-50 p-3 text-ink-muted">
          Without a {name} version, this item stays off the {name} pages
          {lang === 'fr' ? ' (the French news and blog lists, the French feed and sitemap entries)' : ''}. The{' '}
          {LANG_NAME[other]} version is published on its own.
        </p>
      )}
      {enabled ? (
        <div className="mt-4 grid gap-4">
          <Field id={`${id}-title`} label={`Title (${name})`} error={errors?.title?.message}>
            {(aria) => <Input {...aria} {...titleField} disabled={disabled} autoComplete="off" />}
          </Field>
          <Field
            id={`${id}-slug`}
            label={`Slug (${name})`}
            hint="The last part of the page’s address. Made from the title until you edit it: lower-case letters, digits and hyphens, e.g. new-olive-oil-line."
            error={errors?.slug?.message}
          >
            {(aria) => <Input {...aria} {...slugField} disabled={disabled} autoComplete="off" spellCheck={false} />}
          </Field>
          <Field
            id={`${id}-excerpt`}
            label={`Excerpt (${name})`}
            hint="One or two sentences for lists, feeds and search results."
            error={errors?.excerpt?.message}
          >
            {(aria) => <Textarea {...aria} {...register(`${lang}.excerpt`)} disabled={disabled} className="min-h-20" />}
          </Field>
          <div className="grid gap-4 md:grid-cols-2">
            <Field id={`${id}-date`} label={`Date shown (${name})`} error={errors?.date?.message}>
              {(aria) => <Input {...aria} type="date" {...register(`${lang}.date`)} disabled={disabled} />}
            </Field>
            {kind === 'news' ? (
              <Field
                id={`${id}-tag`}
                label={`Tag (${name})`}
                hint="A short label on the news card, e.g. New arrival."
                error={errors?.tag?.message}
              >
                {(aria) => <Input {...aria} {...register(`${lang}.tag`)} disabled={disabled} autoComplete="off" />}
              </Field>
            ) : null}
          </div>
          {kind === 'blog' ? (
            <div className="grid gap-4 md:grid-cols-2">
              <Field id={`${id}-role`} label={`Author’s role (${name})`} error={errors?.authorRole?.message}>
                {(aria) => <Input {...aria} {...register(`${lang}.authorRole`)} disabled={disabled} />}
              </Field>
              <Field id={`${id}-bio`} label={`Author’s bio (${name})`} error={errors?.authorBio?.message}>
                {(aria) => (
                  <Textarea {...aria} {...register(`${lang}.authorBio`)} disabled={disabled} className="min-h-20" />
                )}
              </Field>
            </div>
          ) : null}
          {image ? (
            <Field
              id={`${id}-alt`}
              label={`Image alt text (${name})`}
              hint="What the image shows, for people who cannot see it. Leave empty only if it is decorative."
              error={errors?.imageAlt?.message}
            >
              {(aria) => <Input {...aria} {...register(`${lang}.imageAlt`)} disabled={disabled} />}
            </Field>
          ) : null}
          <BodyField form={form} id={id} lang={lang} disabled={disabled} />
        </div>
      ) : null}
    </div>
  );
}
