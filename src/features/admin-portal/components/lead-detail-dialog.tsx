import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import {
  canResend,
  leadFields,
  leadQueries,
  OutcomeNotRecordedError,
  resendLead,
  type Lead,
  type ResendResult,
} from '../api/leads';
import {
  FAILURE_LABEL,
  fieldLabel,
  FORM_LABEL,
  LANGUAGE_LABEL,
  leadName,
  outcomeSummary,
  SPAM_REASON_LABEL,
} from '../lead-labels';
import { OutcomeBadge, When } from './lead-parts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-sand-200 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-muted">{term}</dt>
      <dd className="min-w-0 whitespace-pre-wrap break-words text-ink">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6" aria-label={title}>
      <h3 className="mb-1 text-lg font-semibold text-ink">{title}</h3>
      <dl>{children}</dl>
    </section>
  );
}

/** What the last resend came to, for the person who pressed the button (and screen readers). */
function ResendMessage({ result, error }: { result: ResendResult | undefined; error: Error | null }) {
  if (result) {
    if (result.outcome.status === 'sent') {
      return (
        <p role="status" className="mt-2 font-semibold text-success">
          HubSpot received the lead. Its outcome is now Sent.
        </p>
      );
    }
    return (
      <p role="alert" className="mt-2 text-danger">
        HubSpot did not take the lead ({outcomeSummary(result.lead)}). The attempt is recorded; try again later or check
        the HubSpot form.
      </p>
    );
  }
  if (error instanceof OutcomeNotRecordedError) {
    return (
      <p role="alert" className="mt-2 text-danger">
        {error.outcome.status === 'sent'
          ? `HubSpot received the lead, but its outcome could not be saved (${error.message}). Do not send it again: HubSpot has it.`
          : `HubSpot did not take the lead (${FAILURE_LABEL[error.outcome.failure ?? ''] ?? error.outcome.status}), and the attempt could not be saved: ${error.message}`}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="mt-2 text-danger">
        The lead could not be sent: {error.message}
      </p>
    );
  }
  return null;
}

/**
 * Everything stored about one lead, in a Radix dialog (focus trapped and
 * returned, Escape closes, labelled by its title), with "Send to HubSpot
 * again" for a lead that never reached HubSpot.
 */
export function LeadDetailDialog({
  lead,
  onOpenChange,
  onUpdated,
  returnFocus,
}: {
  lead: Lead | null;
  onOpenChange: (open: boolean) => void;
  onUpdated: (lead: Lead) => void;
  /** Where the focus goes when the dialog closes (it has no Radix trigger to return to). */
  returnFocus: () => void;
}) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: (target: Lead) => resendLead(target),
    onSuccess: (result) => onUpdated(result.lead),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadQueries.all() }),
  });

  return (
    <Dialog
      open={lead !== null}
      onOpenChange={(open) => {
        if (!open) resend.reset();
        onOpenChange(open);
      }}
    >
      {lead ? (
        <DialogContent
          closeLabel="Close"
          className="max-w-2xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <DialogTitle>Lead from {leadName(lead)}</DialogTitle>
          <DialogDescription>
            {FORM_LABEL[lead.form] ?? lead.form} form, received <When iso={lead.created_at} />.
          </DialogDescription>

          <section className="mt-6 rounded-lg border border-sand-200 bg-sand-50 p-4" aria-label="HubSpot">
            <h3 className="text-lg font-semibold text-ink">HubSpot</h3>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <OutcomeBadge lead={lead} />
              {lead.form_mismatch ? <Badge variant="danger">Form mismatch</Badge> : null}
            </div>
            <dl className="mt-2">
              <Row term="Outcome">{outcomeSummary(lead)}</Row>
              <Row term="Error types">
                {lead.hubspot_error_types.length > 0 ? lead.hubspot_error_types.join(', ') : 'None'}
              </Row>
              <Row term="Form mismatch">
                {lead.form_mismatch
                  ? 'Yes: the HubSpot form no longer matches the site’s form (a field is missing from it, or it requires one the site does not send). Fix the form in HubSpot, then send the lead again.'
                  : 'No'}
              </Row>
              <Row term="Outcomes recorded">{lead.hubspot_attempts}</Row>
              <Row term="Last outcome recorded">
                {lead.hubspot_updated_at ? <When iso={lead.hubspot_updated_at} /> : 'Never'}
              </Row>
            </dl>
            {canResend(lead) ? (
              <div className="mt-3">
                <Button disabled={resend.isPending} onClick={() => resend.mutate(lead)}>
                  {resend.isPending ? 'Sending to HubSpot…' : 'Send to HubSpot again'}
                </Button>
                {resend.isPending ? (
                  <p role="status" className="mt-2 text-ink-muted">
                    Sending to HubSpot…
                  </p>
                ) : null}
              </div>
            ) : lead.hubspot_status === 'pending' ? (
              <p className="mt-3 text-sm text-ink-muted">
                The visitor’s browser may still report HubSpot’s answer; it can be sent again one hour after it arrived.
              </p>
            ) : null}
            {resend.isPending ? null : <ResendMessage result={resend.data} error={resend.error} />}
          </section>

          <Section title="What the visitor sent">
            {leadFields(lead).map((field) => (
              <Row key={field.name} term={fieldLabel(field.name)}>
                {field.value || '—'}
              </Row>
            ))}
          </Section>

          <Section title="Consent">
            <Row term="Marketing consent">{lead.marketing_consent ? 'Given (box ticked)' : 'Not given'}</Row>
            <Row term="Consent version">{lead.consent_version}</Row>
            <Row term="Consent text shown">{lead.consent_text}</Row>
            <Row term="Processing notice shown">{lead.processing_text}</Row>
          </Section>

          <Section title="Submission">
            <Row term="Received">
              <When iso={lead.created_at} />
            </Row>
            <Row term="Form">{FORM_LABEL[lead.form] ?? lead.form}</Row>
            <Row term="Language">{LANGUAGE_LABEL[lead.language] ?? lead.language}</Row>
            <Row term="Page">{lead.page_uri}</Row>
            <Row term="Page title">{lead.page_name || '—'}</Row>
            <Row term="HubSpot tracking token">{lead.hutk ?? 'None (cookies not accepted)'}</Row>
            <Row term="Spam">
              {lead.spam ? `Yes: ${SPAM_REASON_LABEL[lead.spam_reason ?? ''] ?? lead.spam_reason}` : 'No'}
            </Row>
            <Row term="Lead id">{lead.id}</Row>
          </Section>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
