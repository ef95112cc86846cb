/**
 * One news item or blog post, both languages in one form
 * (docs/decisions/170-content-editor.md). Loaded lazily with the Markdown
 * renderer, only inside the admin portal.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-context';
import {
  contentQueries,
  publishContentItem,
  saveContentItem,
  scheduleContentItem,
  unpublishContentItem,
  type ContentItem,
  type ContentKind,
  type ContentLang,
} from '@/features/admin-portal/content/api/content';
import {
  contentSchema,
  contentToForm,
  describeError,
  emptyContent,
  fieldOfServerError,
  formToPayload,
  LANGS,
  type ContentFormValues,
} from '@/features/admin-portal/content/content-form';
import { formatToronto } from '@/features/admin-portal/content/toronto-time';
import { useLeaveGuard } from '@/features/admin-portal/content/use-leave-guard';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { ContentHistory } from './content-history';
import { DeleteItemDialog } from './editor-delete-dialog';
import { EditorStatusCard } from './editor-status-card';
import { LanguagePanel } from './editor-language-panel';
import { LanguageTabs } from './editor-language-tabs';
import { SharedFields } from './editor-shared-fields';

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
        <EditorStatusCard
          kind={kind}
          stored={stored}
          status={status}
          publishAt={publishAt}
          isDirty={isDirty}
          failure={failure}
          formId={formId}
          canWrite={canWrite}
          busy={busy}
          onPreview={() => void openPreview()}
          onPublish={() =>
            void run('publish', async (savedId) => {
              await publishContentItem(savedId);
              return 'Published.';
            })()
          }
          onUnpublish={() =>
            void run('unpublish', async (savedId) => {
              await unpublishContentItem(savedId);
              return 'Unpublished: it is off the site.';
            })()
          }
          onDelete={() => setDeleting(true)}
          onSchedule={(at) =>
            void run('schedule', async (savedId) => {
              await scheduleContentItem(savedId, at);
              return `Scheduled for ${formatToronto(at)}.`;
            })()
          }
        />

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

      <DeleteItemDialog
        open={deleting}
        onOpenChange={setDeleting}
        itemId={itemId}
        noun={kindName(kind)}
        title={title}
        published={status === 'published'}
        busy={busy}
        onBusy={setBusy}
        onFailed={setFailure}
      />
    </AdminPage>
  );
}
