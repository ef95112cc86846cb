import type { UseFormReturn } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { categoryOptions, type ContentFormValues } from '@/features/admin-portal/content/content-form';
import { ImageField } from './editor-image-field';

/** The fields both languages share: category, author (blog), featured, image. */
export function SharedFields({
  form,
  formId,
  disabled,
}: {
  form: UseFormReturn<ContentFormValues>;
  formId: string;
  disabled: boolean;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const kind = form.getValues('kind');
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-xl font-semibold text-ink">Both languages</h2>
      <div className="grid gap-4 md:grid-cols-2">
        <Field id={`${formId}-category`} label="Category" error={errors.category?.message}>
          {(aria) => (
            <Select {...aria} {...register('category')} disabled={disabled}>
              <option value="">No category</option>
              {categoryOptions[kind].map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {kind === 'blog' ? (
          <Field id={`${formId}-author`} label="Author" error={errors.authorName?.message}>
            {(aria) => <Input {...aria} {...register('authorName')} disabled={disabled} autoComplete="off" />}
          </Field>
        ) : null}
        <label className="flex min-h-11 items-center gap-2 self-end text-ink">
          <input type="checkbox" className="h-5 w-5 accent-brand-700" {...register('featured')} disabled={disabled} />
          Featured
        </label>
      </div>
      <ImageField control={control} form={form} formId={formId} disabled={disabled} />
    </Card>
  );
}
