import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DownloadIcon } from '@/components/icons/download';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatSize } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import {
  documentTitle,
  downloadErrorKind,
  downloadFileName,
  fileNavigation,
  fileType,
  isExpired,
  requestDownloadUrl,
  todayIso,
  type ClientDocument,
} from '../api/documents';
import { usePortalMessages } from '../use-portal-messages';

/** Download: the server records it and answers a 60-second link named after the title, which opens. */
function useDocumentDownload() {
  const { locale } = useI18n();
  const [failed, setFailed] = useState<{ id: string; kind: ReturnType<typeof downloadErrorKind> } | null>(null);
  const mutation = useMutation({
    mutationFn: (document: ClientDocument) => requestDownloadUrl(document.id, downloadFileName(document, locale)),
    onMutate: () => setFailed(null),
    onSuccess: (url) => fileNavigation.open(url),
    onError: (error, document) => setFailed({ id: document.id, kind: downloadErrorKind(error) }),
  });
  return {
    start: (document: ClientDocument) => mutation.mutate(document),
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
    failed,
  };
}

/** Documents, newest first, each with its facts and a Download button. */
export function DocumentList({ documents, compact = false }: { documents: ClientDocument[]; compact?: boolean }) {
  const { t, locale } = useI18n();
  const text = usePortalMessages().documents;
  const download = useDocumentDownload();
  const today = todayIso();
  const productName = (product: string | null) =>
    product ? (t.site.products.items.find((item) => item.id === product)?.name ?? product) : null;

  return (
    <ul className="divide-y divide-sand-200 rounded-lg border border-sand-200 bg-white">
      {documents.map((document) => {
        const title = documentTitle(document, locale);
        const expired = isExpired(document, today);
        const product = productName(document.product);
        const failure = download.failed?.id === document.id ? download.failed.kind : null;
        const errorId = `download-error-${document.id}`;
        const facts: Array<[string, string]> = [
          [text.fields.category, text.categories[document.category]],
          [text.fields.language, text.languages[document.fileLanguage]],
          ...(product && !compact ? ([[text.fields.product, product]] as Array<[string, string]>) : []),
          [text.fields.type, fileType(document)],
          [text.fields.size, formatSize(document.sizeBytes, locale)],
          [text.fields.date, formatDate(document.date.slice(0, 10), locale)],
        ];
        return (
          <li key={document.id} className="p-4 sm:p-5" data-testid="document">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <h3 className="break-words font-semibold text-ink">
                  {title}
                  {expired ? (
                    <Badge variant="danger" className="ml-2 align-middle">
                      {text.expired}
                    </Badge>
                  ) : null}
                </h3>
                <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
                  {facts.map(([label, value]) => (
                    <div key={label} className="flex gap-1">
                      <dt className="font-medium text-ink">{label}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
                {document.expiresOn && !compact ? (
                  <p className={expired ? 'mt-1 text-sm font-semibold text-danger' : 'mt-1 text-sm text-ink-muted'}>
                    {(expired ? text.expiredOn : text.expiresOn)(formatDate(document.expiresOn, locale))}
                  </p>
                ) : null}
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0 self-start"
                onClick={() => download.start(document)}
                disabled={download.pendingId === document.id}
                aria-label={text.downloadLabel(title)}
                aria-describedby={failure ? errorId : undefined}
              >
                <DownloadIcon size={18} />
                {download.pendingId === document.id ? text.downloading : text.download}
              </Button>
            </div>
            {failure ? (
              <p
                id={errorId}
                role="alert"
                className="mt-3 rounded-md border border-danger/30 bg-danger-bg px-3 py-2 text-sm font-medium text-danger"
              >
                {failure === 'not-found'
                  ? text.downloadNotFound
                  : failure === 'network'
                    ? text.downloadNetwork
                    : failure === 'signed-out'
                      ? text.downloadSignedOut
                      : text.downloadFailed}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder rows while the documents load. */
export function DocumentListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul className="divide-y divide-sand-200 rounded-lg border border-sand-200 bg-white" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="flex flex-col gap-2 p-4 sm:p-5">
          <span className="h-5 w-2/3 animate-pulse rounded bg-sand-200" />
          <span className="h-4 w-full max-w-md animate-pulse rounded bg-sand-100" />
        </li>
      ))}
    </ul>
  );
}
