import type { UseFormReturn } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { Field, Input, Textarea } from '@/components/ui/field';
import { slugify } from '@/features/admin-portal/content/content-slug';
import { PRODUCT_LANG_NAME, PRODUCT_LANGS, type ProductFormValues, type ProductLang } from './product-form';

/** One language's texts: name, slug (made from the name until edited), short description, Markdown description. */
function LanguageColumn({
  form,
  formId,
  lang,
  disabled,
}: {
  form: UseFormReturn<ProductFormValues>;
  formId: string;
  lang: ProductLang;
  disabled: boolean;
}) {
  const { register, setValue, getValues } = form;
  const errors = form.formState.errors[lang];
  const name = PRODUCT_LANG_NAME[lang];
  const id = `${formId}-${lang}`;
  const nameField = register(`${lang}.name`, {
    onChange: (event: { target: { value: string } }) => {
      if (!getValues(`${lang}.slugEdited`))
        setValue(`${lang}.slug`, slugify(event.target.value), { shouldDirty: true });
    },
  });
  const slugField = register(`${lang}.slug`, {
    onChange: (event: { target: { value: string } }) =>
      setValue(`${lang}.slugEdited`, event.target.value !== '', { shouldDirty: true }),
  });
  return (
    <fieldset lang={lang} className="grid min-w-0 content-start gap-4" data-testid={`texts-${lang}`}>
      <legend className="mb-2 text-lg font-semibold text-ink">{name}</legend>
      <Field id={`${id}-name`} label={`Name (${name})`} error={errors?.name?.message}>
        {(aria) => <Input {...aria} {...nameField} disabled={disabled} autoComplete="off" />}
      </Field>
      <Field
        id={`${id}-slug`}
        label={`Slug (${name})`}
        hint="The last part of the product page’s address. Made from the name until you edit it."
        error={errors?.slug?.message}
      >
        {(aria) => <Input {...aria} {...slugField} disabled={disabled} autoComplete="off" spellCheck={false} />}
      </Field>
      <Field
        id={`${id}-short`}
        label={`Short description (${name})`}
        hint="One or two sentences for cards and search results (at most 300 characters)."
        error={errors?.shortDescription?.message}
      >
        {(aria) => (
          <Textarea {...aria} {...register(`${lang}.shortDescription`)} disabled={disabled} className="min-h-20" />
        )}
      </Field>
      <Field
        id={`${id}-description`}
        label={`Description (${name}, Markdown)`}
        hint="## heading, **bold**, *italic*, - list, [link](https://…)."
        error={errors?.description?.message}
      >
        {(aria) => (
          <Textarea
            {...aria}
            {...register(`${lang}.description`)}
            disabled={disabled}
            className="min-h-64 font-mono text-sm"
          />
        )}
      </Field>
    </fieldset>
  );
}

/** English and French side by side from 1024 px, one above the other below. */
export function ProductTextFields({
  form,
  formId,
  disabled,
}: {
  form: UseFormReturn<ProductFormValues>;
  formId: string;
  disabled: boolean;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">Texts</h2>
      <p className="mb-4 mt-1 text-sm text-ink-muted">A draft may have one language; a published product needs both.</p>
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-6">
        {PRODUCT_LANGS.map((lang) => (
          <LanguageColumn key={lang} form={form} formId={formId} lang={lang} disabled={disabled} />
        ))}
      </div>
    </Card>
  );
}
