import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import {
  canResend,
  fetchLead,
  leadAttemptQueries,
  leadFields,
  leadQueries,
  resendLead,
  type Lead,
  type LeadAttempt,
  type ResendResult,
} from './leads-api';
import { fieldLabel, FORM_LABEL, LANGUAGE_LABEL, leadName, outcomeSummary, SPAM_REASON_LABEL } from './lead-labels';
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

const RESEND_MESSAGE: Record<ResendResult, { text: string; ok: boolean }> = {
  sent: { text: 'HubSpot received the lead. Its outcome is now Sent.', ok: true },
  rejected: { text: 'HubSpot refused the lead. The attempt is recorded; check the HubSpot form.', ok: false },
  retry: { text: 'HubSpot did not take the lead. The attempt is recorded; the server will try again.', ok: false },
  gave_up: {
    text: 'HubSpot did not take the lead, and the server has no attempts left. Check HubSpot, then send it again.',
    ok: false,
  },
  busy: { text: 'The server is already sending this lead; its attempt will appear below.', ok: true },
  stale: { text: 'Another delivery took this lead over; its attempt will appear below.', ok: true },
  too_soon: { text: 'The visitor’s browser may still report HubSpot’s answer; try again in two minutes.', ok: false },
  spam: { text: 'Spam is never sent to HubSpot.', ok: false },
  not_found: { text: 'This lead no longer exists.', ok: false },
};

/** What the last resend came to, for the person who pressed the button (and screen readers). */
function ResendMessage({ result, error }: { result: ResendResult | undefined; error: Error | null }) {
  if (result) {
    const message = RESEND_MESSAGE[result];
    return message.ok ? (
      <p role="status" className="mt-2 font-semibold text-success">
        {message.text}
      </p>
    ) : (
      <p role="alert" className="mt-2 text-danger">
        {message.text}
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

const ATTEMPT_RESULT: Record<string, string> = {
  applied: '',
  retry: 'retry scheduled',
  gave_up: 'no attempts left',
  late: 'reported after the lead was settled',
};

/** Who made an attempt: the visitor's browser, the server on its own, or the staff member who asked. */
export function attemptActor(attempt: Pick<LeadAttempt, 'actor' | 'staff_name' | 'staff_email'>): string {
  if (attempt.actor === 'browser') return 'Visitor’s browser';
  if (attempt.actor === 'server') return 'Server (automatic retry)';
  const who = [attempt.staff_name, attempt.staff_email ? `<${attempt.staff_email}>` : null].filter(Boolean).join(' ');
  return `Server, resend by ${who || 'a staff member'}`;
}

function attemptOutcome(attempt: LeadAttempt): string {
  const summary = outcomeSummary({
    hubspot_status: attempt.outcome,
    hubspot_failure: attempt.failure,
    hubspot_http_status: attempt.http_status,
    hubspot_error_types: attempt.error_types,
  });
  const result = ATTEMPT_RESULT[attempt.result];
  return result ? `${summary} (${result})` : summary;
}

/** Every attempt to send the lead, oldest first. */
function Attempts({ leadId }: { leadId: string }) {
  const attempts = useQuery(leadAttemptQueries.forLead(leadId));
  if (attempts.isPending) return <p className="mt-2 text-sm text-ink-muted">Loading the attempts…</p>;
  if (attempts.isError) {
    return (
      <p role="alert" className="mt-2 text-danger">
        The attempts could not be loaded: {attempts.error.message}
      </p>
    );
  }
  if (attempts.data.length === 0) return <p className="mt-2 text-sm text-ink-muted">No attempt yet.</p>;
  return (
    <ol className="mt-2 space-y-2" aria-label="Attempts">
      {attempts.data.map((attempt) => (
        <li key={attempt.id} data-testid="lead-attempt" className="border-t border-sand-200 pt-2 text-sm">
          <span className="font-semibold text-ink">{attemptActor(attempt)}</span>
          {' · '}
          <When iso={attempt.attempted_at} />
          <br />
          <span className="text-ink">{attemptOutcome(attempt)}</span>
        </li>
      ))}
    </ol>
  );
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
    onSettled: async (_result, _error, target) => {
      await queryClient.invalidateQueries({ queryKey: leadQueries.all() });
      const fresh = await fetchLead(target.id).catch(() => null);
      if (fresh) onUpdated(fresh);
    },
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
            {FORM_LABEL[lead.form] ?? lead.form} form, received <When iso={lead.created_at} />
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
              <Row term="Next server attempt">
                {lead.delivery_due_at ? <When iso={lead.delivery_due_at} /> : 'None planned'}
              </Row>
            </dl>
            <h4 className="mt-3 font-semibold text-ink">Attempts</h4>
            <Attempts leadId={lead.id} />
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
                The visitor’s browser may still report HubSpot’s answer; the server sends the lead itself two minutes
                after it arrived if it has not.
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
