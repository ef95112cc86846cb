/**
 * One news item or blog post, both languages in one form
 * (docs/decisions/170-content-editor.md). Loaded lazily with the Markdown
 * renderer, only inside the admin portal.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError, Input, Select, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { readingMinutes, renderMarkdown } from '@/lib/markdown/render';
import { useSession } from '@/lib/session/session-context';
import {
  contentQueries,
  deleteContentItem,
  publishContentItem,
  saveContentItem,
  scheduleContentItem,
  unpublishContentItem,
  uploadContentImage,
  type ContentItem,
  type ContentKind,
  type ContentLang,
} from '../api/content';
import { AdminPage } from '../components/admin-page';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { ArticlePreview } from './article-preview';
import {
  categoryOptions,
  contentSchema,
  contentToForm,
  describeError,
  emptyContent,
  fieldOfServerError,
  formToPayload,
  LANG_NAME,
  type ContentFormValues,
} from './content-form';
import { ContentHistory } from './content-history';
import { slugify } from './content-slug';
import { StatusBadge } from './status-badge';
import { formatToronto, torontoToUtc, utcToToronto } from './toronto-time';
import { prepareImage, ImageRefused } from './image-upload';
import { publicArticlePath } from './public-url';
import { rememberUploadedImage, useStoredImageSrc } from './stored-image';

const LANGS: readonly ContentLang[] = ['en', 'fr'];
const kindName = (kind: ContentKind) => (kind === 'news' ? 'news item' : 'blog post');

/** `/admin-portal/content/new?kind=…` and `/admin-portal/content/:id`. */
export default function ContentEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const [revision, setRevision] = useState(0);
  const kind: ContentKind = params.get('kind') === 'blog' ? 'blog' : 'news';
  const item = useQuery({ ...contentQueries.one(id ?? ''), enabled: Boolean(id) });

  if (!id) return <EditorForm key={`new-${kind}`} defaultValues={emptyContent(kind)} />;
  return (
    <>
      {item.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading the item…
        </p>
      ) : null}
      {item.error ? (
        <p role="alert" className="text-danger">
          The item could not be loaded: {describeError(item.error)}
        </p>
      ) : null}
      {item.isSuccess && !item.data ? (
        <AdminPage section="content" title="Not found" description="There is no such item.">
          <Link to={paths.adminPortal('content')} className="font-semibold text-brand-700 underline">
            ← All content
          </Link>
        </AdminPage>
      ) : null}
      {item.data ? (
        <EditorForm
          key={`${id}-${revision}`}
          stored={item.data}
          defaultValues={contentToForm(item.data)}
          onRestored={() => setRevision((r) => r + 1)}
        />
      ) : null}
    </>
  );
}

function EditorForm({
  stored,
  defaultValues,
  onRestored,
}: {
  stored?: ContentItem;
  defaultValues: ContentFormValues;
  onRestored?: () => void;
}) {
  const formId = useId();
  const itemId = stored?.item.id;
  const kind = defaultValues.kind;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const canWrite = useSession().currentLevel === 'aal2';
  const [tab, setTab] = useState<ContentLang>(defaultValues.en.enabled || !defaultValues.fr.enabled ? 'en' : 'fr');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const form = useForm<ContentFormValues>({
    // The schema checks the raw form values; formToPayload trims and converts them.
    resolver: zodResolver(contentSchema) as unknown as Resolver<ContentFormValues>,
    defaultValues,
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isDirty },
  } = form;

  useLeaveGuard(isDirty, 'Leave this page? Your unsaved changes will be lost.');

  const refresh = () => queryClient.invalidateQueries({ queryKey: contentQueries.all() });

  const tabOfErrors = (errs: FieldErrors<ContentFormValues>) => (errs.en ? 'en' : errs.fr ? 'fr' : null);

  /** Saves the form (when needed); the item's id, or null when the save was refused (the message is shown). */
  const persist = async (values: ContentFormValues): Promise<string | null> => {
    if (itemId && !isDirty) return itemId;
    try {
      const savedId = await saveContentItem(formToPayload(values, itemId));
      reset(values);
      return savedId;
    } catch (error) {
      const field = fieldOfServerError(error, kind);
      if (field) {
        setError(field.field, { type: 'server', message: field.message }, { shouldFocus: false });
        const lang = field.field.split('.')[0];
        if (lang === 'en' || lang === 'fr') setTab(lang);
        setFailure('The item was not saved: correct the field marked below.');
      } else {
        setFailure(`The item was not saved. ${describeError(error)}`);
      }
      return null;
    }
  };

  /** Save (when needed), then an action on the saved item. */
  const run = (label: string, action: ((id: string) => Promise<string | void>) | null) =>
    handleSubmit(
      async (values) => {
        setBusy(label);
        setFailure(null);
        try {
          const savedId = await persist(values);
          if (!savedId) return;
          // A new item moves to its own address first (this form then gives way to the stored item's).
          if (!itemId) navigate(`${paths.adminPortal('content')}/${savedId}`, { replace: true });
          let done = status === 'published' ? 'Saved: the site follows.' : 'Draft saved.';
          if (action) {
            try {
              done = (await action(savedId)) ?? done;
            } catch (error) {
              setFailure(describeError(error));
              if (!itemId)
                toast({ title: 'Saved, but not done.', description: describeError(error), variant: 'error' });
              return;
            } finally {
              void refresh();
            }
          }
          void refresh();
          toast({ title: done, variant: 'success' });
        } finally {
          setBusy(null);
        }
      },
      (errs) => {
        const lang = tabOfErrors(errs);
        if (lang) setTab(lang);
        setFailure('Some fields need attention: see the messages beside them.');
      },
    );

  const status = stored?.item.status ?? 'draft';
  const publishAt = stored?.item.publish_at ?? null;
  const enabled = {
    en: useWatch({ control: form.control, name: 'en.enabled' }),
    fr: useWatch({ control: form.control, name: 'fr.enabled' }),
  };
  const titles = useWatch({ control: form.control, name: ['en.title', 'fr.title'] });
  const title = (enabled.en ? titles[0] : '') || (enabled.fr ? titles[1] : '') || '';

  const previewLang: ContentLang = enabled[tab] ? tab : enabled.en ? 'en' : 'fr';
  const openPreview = run('preview', async (savedId) => {
    navigate(`${paths.adminPortal('content')}/${savedId}/preview/${previewLang}`);
    return 'Saved; showing the preview.';
  });

  return (
    <AdminPage
      section="content"
      title={itemId ? title || `Untitled ${kindName(kind)}` : `New ${kindName(kind)}`}
      description={`A ${kindName(kind)} in English and French. Staff only until published.`}
    >
      <p className="mb-4">
        <Link to={paths.adminPortal('content')} className="font-semibold text-brand-700 underline">
          ← All content
        </Link>
      </p>
      {canWrite ? null : (
        <p role="alert" className="mb-4 rounded-md border border-danger/30 bg-danger-bg p-3 text-danger">
          You are signed in without your authenticator code: content is read-only. Sign out and sign in again with your
          code to change it.
        </p>
      )}
      <div className="grid gap-6">
        <Card className="p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h2 className="text-xl font-semibold text-ink">Status</h2>
            <StatusBadge status={status} />
            {publishAt && status === 'scheduled' ? (
              <span className="text-sm text-ink-muted">Goes live {formatToronto(publishAt)}</span>
            ) : null}
            {publishAt && status === 'published' ? (
              <span className="text-sm text-ink-muted">Published {formatToronto(publishAt)}</span>
            ) : null}
            {isDirty ? <span className="text-sm font-semibold text-ink">Unsaved changes</span> : null}
          </div>
          {status === 'published' || status === 'scheduled' ? (
            <ul className="mt-2 space-y-1 text-sm text-ink-muted" aria-label="Public addresses">
              {LANGS.filter((lang) => stored?.translations[lang]).map((lang) => (
                <li key={lang} className="break-all">
                  {LANG_NAME[lang]}:{' '}
                  <code>{publicArticlePath(kind, lang, stored?.translations[lang]?.slug ?? '')}</code>
                </li>
              ))}
            </ul>
          ) : null}
          {failure ? (
            <p role="alert" className="mt-3 font-medium text-danger">
              {failure}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button type="submit" form={formId} disabled={!canWrite || busy !== null}>
              {busy === 'save' ? 'Saving…' : status === 'published' ? 'Save and update the site' : 'Save draft'}
            </Button>
            <Button variant="secondary" disabled={!canWrite || busy !== null} onClick={() => void openPreview()}>
              Preview
            </Button>
            {status !== 'published' ? (
              <Button
                variant="secondary"
                disabled={!canWrite || busy !== null}
                onClick={() =>
                  void run('publish', async (savedId) => {
                    await publishContentItem(savedId);
                    return 'Published.';
                  })()
                }
              >
                {busy === 'publish' ? 'Publishing…' : 'Publish now'}
              </Button>
            ) : null}
            {status === 'published' || status === 'scheduled' ? (
              <Button
                variant="secondary"
                disabled={!canWrite || busy !== null}
                onClick={() =>
                  void run('unpublish', async (savedId) => {
                    await unpublishContentItem(savedId);
                    return 'Unpublished: it is off the site.';
                  })()
                }
              >
                Unpublish
              </Button>
            ) : null}
            {itemId ? (
              <Button variant="danger" disabled={!canWrite || busy !== null} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            ) : null}
          </div>
          <ScheduleForm
            disabled={!canWrite || busy !== null}
            current={status === 'scheduled' ? publishAt : null}
            onSchedule={(at) =>
              void run('schedule', async (savedId) => {
                await scheduleContentItem(savedId, at);
                return `Scheduled for ${formatToronto(at)}.`;
              })()
            }
          />
        </Card>

        <form
          id={formId}
          noValidate
          onSubmit={(event) => void run('save', null)(event)}
          aria-label={`${kindName(kind)} content`}
          className="grid gap-6"
        >
          <SharedFields form={form} formId={formId} disabled={!canWrite} />
          <Card className="p-4 sm:p-6">
            <LanguageTabs form={form} formId={formId} tab={tab} onTab={setTab} />
            {LANGS.map((lang) => (
              <LanguagePanel
                key={lang}
                form={form}
                formId={formId}
                lang={lang}
                hidden={tab !== lang}
                disabled={!canWrite}
              />
            ))}
          </Card>
        </form>

        {itemId ? <ContentHistory itemId={itemId} canWrite={canWrite} onRestored={onRestored} /> : null}
      </div>

      <Dialog open={deleting} onOpenChange={setDeleting}>
        <DialogContent closeLabel="Close">
          <DialogTitle>Delete this {kindName(kind)}?</DialogTitle>
          <DialogDescription>
            “{title || 'Untitled'}” and its versions are deleted in both languages
            {status === 'published' ? ', and its pages leave the site' : ''}. The history of changes is kept. This
            cannot be undone.
          </DialogDescription>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={busy !== null}
              onClick={async () => {
                if (!itemId) return;
                setBusy('delete');
                try {
                  await deleteContentItem(itemId);
                  await queryClient.invalidateQueries({ queryKey: contentQueries.all() });
                  toast({ title: 'Deleted.', variant: 'success' });
                  navigate(paths.adminPortal('content'));
                } catch (error) {
                  setDeleting(false);
                  setFailure(`The item was not deleted. ${describeError(error)}`);
                } finally {
                  setBusy(null);
                }
              }}
            >
              Delete permanently
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

function ScheduleForm({
  disabled,
  current,
  onSchedule,
}: {
  disabled: boolean;
  current: string | null;
  onSchedule: (at: Date) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(() => (current ? utcToToronto(current) : ''));
  const [error, setError] = useState<string | null>(null);
  const at = torontoToUtc(value);
  return (
    <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="w-full sm:max-w-xs">
        <Field
          id={`${id}-at`}
          label="Publish at (Toronto time)"
          hint={
            at
              ? `${formatToronto(at)} · ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
              : 'Date and time in Toronto.'
          }
          error={error}
        >
          {(aria) => (
            <Input
              {...aria}
              type="datetime-local"
              value={value}
              disabled={disabled}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      </div>
      <Button
        variant="secondary"
        disabled={disabled}
        onClick={() => {
          if (!at) return setError('Choose a date and time.');
          if (at.getTime() <= Date.now()) return setError('Choose a time in the future.');
          onSchedule(at);
        }}
      >
        Schedule
      </Button>
    </div>
  );
}

function SharedFields({
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

const storageOrigin = () => env.supabaseUrl;

function ImageField({
  control,
  form,
  formId,
  disabled,
}: {
  control: Control<ContentFormValues>;
  form: UseFormReturn<ContentFormValues>;
  formId: string;
  disabled: boolean;
}) {
  const image = useWatch({ control, name: 'image' });
  const src = useStoredImageSrc(image?.path);
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const input = useRef<HTMLInputElement>(null);
  const serverError = form.formState.errors.image?.message;
  const errorText = state.error ?? serverError ?? null;
  const id = `${formId}-image`;
  return (
    <div className="mt-6">
      <p className="mb-1 text-sm font-semibold text-ink" id={`${id}-label`}>
        Image
      </p>
      <p id={`${id}-hint`} className="mb-2 text-sm text-ink-muted">
        JPEG, PNG, WebP or AVIF. Large photos are resized to 1,600 px wide before upload. Alt text is set in each
        language.
      </p>
      {image ? (
        <figure className="mb-3 max-w-sm">
          {src ? (
            <img
              src={src}
              width={image.width}
              height={image.height}
              alt=""
              className="h-auto w-full rounded-lg ring-1 ring-sand-200"
            />
          ) : (
            <div className="aspect-[3/2] w-full rounded-lg bg-sand-100" />
          )}
          <figcaption className="mt-1 text-sm text-ink-muted" data-testid="image-size">
            {image.width} × {image.height} px
          </figcaption>
        </figure>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${errorText ? ` ${id}-error` : ''}`}
          disabled={disabled || state.busy}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setState({ busy: true, error: null });
            try {
              const prepared = await prepareImage(file);
              const path = await uploadContentImage(prepared.blob, prepared.extension);
              await rememberUploadedImage(queryClient, path, prepared.blob);
              form.setValue('image', { path, width: prepared.width, height: prepared.height }, { shouldDirty: true });
              form.clearErrors('image');
              setState({ busy: false, error: null });
            } catch (error) {
              setState({
                busy: false,
                error:
                  error instanceof ImageRefused
                    ? error.message
                    : `The image was not uploaded: ${error instanceof Error ? error.message : 'unknown error'}.`,
              });
            }
          }}
        />
        <Button variant="secondary" disabled={disabled || state.busy} onClick={() => input.current?.click()}>
          {state.busy ? 'Uploading…' : image ? 'Replace image' : 'Upload image'}
        </Button>
        {image ? (
          <Button
            variant="ghost"
            disabled={disabled || state.busy}
            onClick={() => form.setValue('image', null, { shouldDirty: true })}
          >
            Remove image
          </Button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`}>{errorText}</FieldError>
    </div>
  );
}

function LanguageTabs({
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

function LanguagePanel({
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

function BodyField({
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
