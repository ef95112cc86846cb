import { useDeferredValue } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field, Textarea } from '@/components/ui/field';
import { env } from '@/config/env';
import { readingMinutes, renderMarkdown } from '@/lib/markdown/render';
import type { ContentLang } from '@/features/admin-portal/content/api/content';
import { LANG_NAME, type ContentFormValues } from '@/features/admin-portal/content/content-form';
import { useStoredImageSrc } from '@/features/admin-portal/content/stored-image';
import { ArticlePreview } from './article-preview';

const storageOrigin = () => env.supabaseUrl;

/** The Markdown body beside its live preview, drawn as the public article draws it. */
export function BodyField({
  form,
  id,
  lang,
  disabled,
}: {
  form: UseFormReturn<ContentFormValues>;
  id: string;
  lang: ContentLang;
  disabled: boolean;
}) {
  const { control, register } = form;
  const values = useWatch({ control, name: [lang, 'image', 'authorName', 'category', 'kind'] });
  const [t, image, authorName, category, kind] = values;
  const imageSrc = useStoredImageSrc(image?.path);
  const body = useDeferredValue(t.body);
  const html = renderMarkdown(body, { storageOrigin: storageOrigin(), siteOrigin: window.location.origin });
  const minutes = readingMinutes(body);
  const error = form.formState.errors[lang]?.body?.message;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Field
        id={`${id}-body`}
        label={`Body (${LANG_NAME[lang]}, Markdown)`}
        hint={`## heading, **bold**, *italic*, - list, > quote, [link](https://…). Reading time: ${minutes} min.`}
        error={error}
      >
        {(aria) => (
          <Textarea
            {...aria}
            {...register(`${lang}.body`)}
            disabled={disabled}
            className="min-h-96 font-mono text-sm"
          />
        )}
      </Field>
      <section aria-label={`Preview (${LANG_NAME[lang]})`} className="min-w-0">
        <p className="mb-1 text-sm font-semibold text-ink">Preview ({LANG_NAME[lang]})</p>
        <div className="max-h-[40rem] overflow-y-auto rounded-lg ring-1 ring-sand-200" data-testid={`preview-${lang}`}>
          <ArticlePreview
            kind={kind}
            lang={lang}
            title={t.title}
            date={t.date}
            category={category || null}
            tag={kind === 'news' ? t.tag : ''}
            author={kind === 'blog' ? { name: authorName, role: t.authorRole, bio: t.authorBio } : null}
            image={
              image
                ? {
                    src: imageSrc,
                    width: image.width,
                    height: image.height,
                    alt: t.imageAlt,
                  }
                : null
            }
            bodyHtml={html}
            readingMinutes={minutes}
            headingLevel={2}
          />
        </div>
      </section>
    </div>
  );
}
