import { useDeferredValue, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { env } from '@/config/env';
import { articleBodyClass } from '@/features/admin-portal/content/components/article-preview';
import { useStoredImageSrc } from '@/features/admin-portal/content/stored-image';
import { renderMarkdown } from '@/lib/markdown/render';
import { PRODUCT_BUCKET, type ProductImage } from './product-editor-api';
import { PRODUCT_LANG_NAME, PRODUCT_LANGS, type ProductFormValues, type ProductLang } from './product-form';

/** What the public page says around the product's own texts, in its language. */
const WORDS = {
  en: {
    pack: 'Pack',
    perCase: (n: number, size: string) => `${n} × ${size} per case`,
    minimum: (n: number) => `Minimum order: ${n} ${n === 1 ? 'case' : 'cases'}`,
    origin: 'Origin',
    certifications: 'Certifications',
    contains: 'Contains',
    noName: '(No name yet)',
    storage: { ambient: 'Store at room temperature', chilled: 'Keep refrigerated', frozen: 'Keep frozen' },
    notOnline: 'Ask your account manager to order',
  },
  fr: {
    pack: 'Format',
    perCase: (n: number, size: string) => `${n} × ${size} par caisse`,
    minimum: (n: number) => `Commande minimale : ${n} ${n === 1 ? 'caisse' : 'caisses'}`,
    origin: 'Origine',
    certifications: 'Certifications',
    contains: 'Contient',
    noName: '(Pas encore de nom)',
    storage: {
      ambient: 'Conserver à température ambiante',
      chilled: 'Conserver au réfrigérateur',
      frozen: 'Conserver au congélateur',
    },
    notOnline: 'Commande auprès de votre représentant',
  },
} as const;

const CERTIFICATIONS: Record<ProductLang, Record<string, string>> = {
  en: { organic: 'Organic', pdo: 'PDO', pgi: 'PGI', kosher: 'Kosher', halal: 'Halal', non_gmo: 'Non-GMO' },
  fr: { organic: 'Biologique', pdo: 'AOP', pgi: 'IGP', kosher: 'Casher', halal: 'Halal', non_gmo: 'Sans OGM' },
};
const ALLERGENS: Record<ProductLang, Record<string, string>> = {
  en: {
    eggs: 'eggs',
    milk: 'milk',
    mustard: 'mustard',
    peanuts: 'peanuts',
    crustaceans: 'crustaceans',
    molluscs: 'molluscs',
    fish: 'fish',
    sesame: 'sesame',
    soy: 'soy',
    sulphites: 'sulphites',
    tree_nuts: 'tree nuts',
    wheat: 'wheat',
    gluten: 'gluten',
  },
  fr: {
    eggs: 'œufs',
    milk: 'lait',
    mustard: 'moutarde',
    peanuts: 'arachides',
    crustaceans: 'crustacés',
    molluscs: 'mollusques',
    fish: 'poisson',
    sesame: 'sésame',
    soy: 'soja',
    sulphites: 'sulfites',
    tree_nuts: 'noix',
    wheat: 'blé',
    gluten: 'gluten',
  },
};

function countryName(code: string, lang: ProductLang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function formatSize(size: string, unit: string, lang: ProductLang): string {
  const n = Number(size.trim().replace(',', '.'));
  if (!size.trim() || !Number.isFinite(n)) return '';
  return `${new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 3 }).format(n)} ${unit}`;
}

/** The product as its public page will show it, in the chosen language, following the form as it is typed. */
export function ProductPreview({
  control,
  formId,
  mainImage,
}: {
  control: Control<ProductFormValues>;
  formId: string;
  mainImage: ProductImage | undefined;
}) {
  const [lang, setLang] = useState<ProductLang>('en');
  const v = useWatch({ control });
  const text = v[lang] ?? {};
  const words = WORDS[lang];
  const description = useDeferredValue(text.description ?? '');
  const html = renderMarkdown(description, { storageOrigin: env.supabaseUrl, siteOrigin: window.location.origin });
  const imageSrc = useStoredImageSrc(mainImage?.storage_path, PRODUCT_BUCKET);
  const size = formatSize(v.unitSize ?? '', v.unit ?? '', lang);
  const perCase = Number(v.unitsPerCase);
  const minimum = Number(v.minOrderCases);
  const region = lang === 'fr' ? v.originRegionFr : v.originRegionEn;
  const country = v.originCountry ? countryName(v.originCountry, lang) : '';
  const certifications = (v.certifications ?? []).map((c) => CERTIFICATIONS[lang][c ?? ''] ?? c);
  const allergens = (v.allergens ?? []).map((a) => ALLERGENS[lang][a ?? ''] ?? a);
  const storage = words.storage[(v.storage ?? 'ambient') as keyof typeof words.storage];
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-ink" id={`${formId}-preview-title`}>
          Preview
        </h2>
        <div role="group" aria-label="Preview language" className="flex gap-1">
          {PRODUCT_LANGS.map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={lang === l}
              onClick={() => setLang(l)}
              className={
                lang === l
                  ? 'min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white'
                  : 'min-h-11 rounded-md border border-sand-200 px-4 text-ink hover:bg-sand-50'
              }
            >
              {PRODUCT_LANG_NAME[l]}
            </button>
          ))}
        </div>
      </div>
      <p className="mt-1 text-sm text-ink-muted">As the public product page will show it; updates as you type.</p>
      <article
        lang={lang}
        className="mt-4 overflow-hidden rounded-lg ring-1 ring-sand-200"
        data-testid="product-preview"
        aria-labelledby={`${formId}-preview-title`}
      >
        <div className="grid gap-6 bg-sand-50 p-4 sm:p-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          {mainImage ? (
            imageSrc ? (
              <img
                src={imageSrc}
                width={mainImage.width}
                height={mainImage.height}
                alt={lang === 'fr' ? mainImage.alt_fr : mainImage.alt_en}
                className="aspect-square h-auto w-full rounded-2xl bg-white object-contain"
              />
            ) : (
              <div className="aspect-square w-full rounded-2xl bg-sand-100" />
            )
          ) : null}
          <div className={mainImage ? 'min-w-0' : 'min-w-0 md:col-span-2'}>
            {v.brand ? <p className="text-sm font-semibold uppercase tracking-wide text-olive-700">{v.brand}</p> : null}
            <h3 className="mt-1 break-words font-serif text-2xl font-bold leading-tight text-brand-900 sm:text-4xl">
              {text.name?.trim() || words.noName}
            </h3>
            {text.shortDescription ? (
              <p className="mt-3 break-words text-lg text-ink-muted">{text.shortDescription}</p>
            ) : null}
            <dl className="mt-4 grid gap-2 text-sm text-ink sm:grid-cols-2">
              {size && perCase > 0 ? (
                <div>
                  <dt className="font-semibold">{words.pack}</dt>
                  <dd>{words.perCase(perCase, size)}</dd>
                  {minimum > 0 ? <dd className="text-ink-muted">{words.minimum(minimum)}</dd> : null}
                </div>
              ) : null}
              {country ? (
                <div>
                  <dt className="font-semibold">{words.origin}</dt>
                  <dd>{[region?.trim(), country].filter(Boolean).join(', ')}</dd>
                </div>
              ) : null}
              {certifications.length > 0 ? (
                <div>
                  <dt className="font-semibold">{words.certifications}</dt>
                  <dd>{certifications.join(', ')}</dd>
                </div>
              ) : null}
              {allergens.length > 0 ? (
                <div>
                  <dt className="font-semibold">{words.contains}</dt>
                  <dd>{allergens.join(', ')}</dd>
                </div>
              ) : null}
            </dl>
            <p className="mt-3 text-sm text-ink-muted">
              {storage}
              {v.orderableOnline === false ? ` · ${words.notOnline}` : ''}
            </p>
          </div>
        </div>
        <div
          className={`bg-white p-4 sm:p-6 ${articleBodyClass}`}
          // The HTML comes from the sanitising renderer (docs/decisions/162-markdown-rendering.md).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
    </Card>
  );
}
