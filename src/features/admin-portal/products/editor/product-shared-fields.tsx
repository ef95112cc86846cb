import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { Field, FieldError, Input, Select, Textarea } from '@/components/ui/field';
import {
  COUNTRIES,
  NOT_ORDERABLE_REASONS,
  PRODUCT_ALLERGENS,
  PRODUCT_CERTIFICATIONS,
  PRODUCT_STORAGE,
  PRODUCT_UNITS,
} from '../product-csv';
import {
  ALLERGEN_LABEL,
  CERTIFICATION_LABEL,
  REASON_LABEL,
  STORAGE_LABEL,
  type ProductFormValues,
} from './product-form';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countries = [...COUNTRIES]
  .map((code) => ({ code, name: countryNames.of(code) ?? code }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

type Props = {
  form: UseFormReturn<ProductFormValues>;
  formId: string;
  disabled: boolean;
  categories: readonly { id: string; name_en: string }[];
};

/** A group of checkboxes (allergens, certifications) in a fieldset, its error linked to every box. */
function CheckboxGroup({
  form,
  formId,
  name,
  legend,
  hint,
  codes,
  labels,
  disabled,
}: {
  form: UseFormReturn<ProductFormValues>;
  formId: string;
  name: 'allergens' | 'certifications';
  legend: string;
  hint?: string;
  codes: readonly string[];
  labels: Record<string, string>;
  disabled: boolean;
}) {
  const error = form.formState.errors[name]?.message;
  const id = `${formId}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const field = form.register(name, {
    onChange: (event: { target: { value: string; checked: boolean } }) => {
      // Ticking wheat ticks gluten: wheat and triticale are gluten sources.
      if (name === 'allergens' && event.target.value === 'wheat' && event.target.checked) {
        const current = form.getValues('allergens');
        if (!current.includes('gluten'))
          form.setValue('allergens', [...current, 'gluten'], { shouldDirty: true, shouldValidate: true });
      }
    },
  });
  return (
    <fieldset className="min-w-0" aria-describedby={describedBy || undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mb-2 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 xl:grid-cols-3">
        {codes.map((code) => (
          <label key={code} className="flex min-h-11 items-center gap-2 text-ink">
            <input
              type="checkbox"
              value={code}
              className="h-5 w-5 shrink-0 accent-brand-700"
              aria-invalid={Boolean(error)}
              {...field}
              disabled={disabled}
            />
            {labels[code] ?? code}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** What both languages share: identity, origin, pack, ordering, storage, allergens, certifications, notes. */
export function ProductSharedFields({ form, formId, disabled, categories }: Props) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const orderable = useWatch({ control, name: 'orderableOnline' });
  const id = (name: string) => `${formId}-${name}`;
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-xl font-semibold text-ink">Both languages</h2>
      <div className="grid gap-6">
        <fieldset className="grid min-w-0 gap-4 md:grid-cols-3">
          <legend className="mb-2 text-base font-semibold text-ink">Product</legend>
          <Field
            id={id('sku')}
            label="SKU"
            hint="Letters and digits in dash-separated groups, e.g. OO-0001."
            error={errors.sku?.message}
          >
            {(aria) => (
              <Input {...aria} {...register('sku')} disabled={disabled} autoComplete="off" spellCheck={false} />
            )}
          </Field>
          <Field id={id('category')} label="Category" error={errors.categoryId?.message}>
            {(aria) => (
              <Select {...aria} {...register('categoryId')} disabled={disabled}>
                <option value="">Choose a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name_en}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id('brand')} label="Brand" error={errors.brand?.message}>
            {(aria) => <Input {...aria} {...register('brand')} disabled={disabled} autoComplete="off" />}
          </Field>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 md:grid-cols-3">
          <legend className="mb-2 text-base font-semibold text-ink">Origin</legend>
          <Field id={id('country')} label="Country of origin" error={errors.originCountry?.message}>
            {(aria) => (
              <Select {...aria} {...register('originCountry')} disabled={disabled}>
                <option value="">Choose a country</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} ({c.code})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            id={id('region-en')}
            label="Region (English)"
            hint="Optional; both languages or neither."
            error={errors.originRegionEn?.message}
          >
            {(aria) => <Input {...aria} {...register('originRegionEn')} disabled={disabled} lang="en" />}
          </Field>
          <Field
            id={id('region-fr')}
            label="Region (French)"
            hint="E.g. Crète for Crete."
            error={errors.originRegionFr?.message}
          >
            {(aria) => <Input {...aria} {...register('originRegionFr')} disabled={disabled} lang="fr" />}
          </Field>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="mb-2 text-base font-semibold text-ink">Pack and ordering</legend>
          <Field id={id('unit-size')} label="Unit size" error={errors.unitSize?.message}>
            {(aria) => <Input {...aria} {...register('unitSize')} disabled={disabled} inputMode="decimal" />}
          </Field>
          <Field id={id('unit')} label="Unit" error={errors.unit?.message}>
            {(aria) => (
              <Select {...aria} {...register('unit')} disabled={disabled}>
                {PRODUCT_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id('units-per-case')} label="Units per case" error={errors.unitsPerCase?.message}>
            {(aria) => <Input {...aria} {...register('unitsPerCase')} disabled={disabled} inputMode="numeric" />}
          </Field>
          <Field id={id('min-order')} label="Minimum order (cases)" error={errors.minOrderCases?.message}>
            {(aria) => <Input {...aria} {...register('minOrderCases')} disabled={disabled} inputMode="numeric" />}
          </Field>
          <Field id={id('lead-time')} label="Lead time (business days)" error={errors.leadTimeDays?.message}>
            {(aria) => <Input {...aria} {...register('leadTimeDays')} disabled={disabled} inputMode="numeric" />}
          </Field>
          <Field id={id('storage')} label="Storage" error={errors.storage?.message}>
            {(aria) => (
              <Select {...aria} {...register('storage')} disabled={disabled}>
                {PRODUCT_STORAGE.map((s) => (
                  <option key={s} value={s}>
                    {STORAGE_LABEL[s]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id('shelf-life')} label="Shelf life (days)" error={errors.shelfLifeDays?.message}>
            {(aria) => <Input {...aria} {...register('shelfLifeDays')} disabled={disabled} inputMode="numeric" />}
          </Field>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 md:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-ink">Online ordering</legend>
          <label className="flex min-h-11 items-center gap-2 self-start text-ink">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-700"
              {...register('orderableOnline', {
                onChange: (event: { target: { checked: boolean } }) => {
                  if (event.target.checked) form.setValue('notOrderableReason', '', { shouldDirty: true });
                },
              })}
              disabled={disabled}
            />
            Clients can order it online
          </label>
          {orderable ? null : (
            <Field
              id={id('reason')}
              label="Why not online"
              hint="Required when clients cannot order it online."
              error={errors.notOrderableReason?.message}
            >
              {(aria) => (
                <Select {...aria} {...register('notOrderableReason')} disabled={disabled}>
                  <option value="">Choose a reason</option>
                  {NOT_ORDERABLE_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {REASON_LABEL[r]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </fieldset>

        <CheckboxGroup
          form={form}
          formId={formId}
          name="allergens"
          legend="Allergens it contains"
          hint="Canada’s priority allergens. Wheat (or triticale) is a source of gluten: a product with wheat declares gluten too."
          codes={PRODUCT_ALLERGENS}
          labels={ALLERGEN_LABEL}
          disabled={disabled}
        />
        <CheckboxGroup
          form={form}
          formId={formId}
          name="certifications"
          legend="Certifications"
          codes={PRODUCT_CERTIFICATIONS}
          labels={CERTIFICATION_LABEL}
          disabled={disabled}
        />

        <Field
          id={id('notes')}
          label="Internal notes"
          hint="Staff only: never shown to clients or visitors (margins, allocations, listings)."
          error={errors.internalNotes?.message}
        >
          {(aria) => <Textarea {...aria} {...register('internalNotes')} disabled={disabled} className="min-h-24" />}
        </Field>
      </div>
    </Card>
  );
}
