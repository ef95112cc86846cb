/**
 * Auth e-mails as GoTrue builds them: the subject and HTML body from the
 * templates config.toml names (supabase/templates/*.html), rendered with the
 * variables hosted Supabase passes (SiteURL, ConfirmationURL, Email, NewEmail,
 * Token, TokenHash, Data = the user's metadata, RedirectTo), then handed to
 * the SMTP server (`MailTransport`; locally the inbox stand-in of
 * stand-ins/inbox, which the composition root ../server.ts passes in).
 * Templates are read when a mail is sent, so editing one shows in the next
 * mail without a restart.
 */
import { readFileSync } from 'node:fs';
import type { AuthConfig, EmailKind } from '../config.ts';
import { compileGoTemplate } from './go-template.ts';

export interface MailVariables {
  SiteURL: string;
  ConfirmationURL: string;
  Email: string;
  NewEmail?: string;
  Token: string;
  TokenHash: string;
  Data: Record<string, unknown>;
  RedirectTo: string;
}

/** Where GoTrue's SMTP client hands a rendered mail (hosted: the SMTP server; locally: the inbox). */
export interface MailTransport {
  deliver(mail: { to: string; subject: string; html: string }): unknown;
}

export interface Mailer {
  /** Renders and sends the mail; answers what was sent. */
  send(kind: EmailKind, to: string, variables: MailVariables): { subject: string; html: string };
}

export function renderMail(
  config: AuthConfig,
  kind: EmailKind,
  variables: MailVariables,
): { subject: string; html: string } {
  const template = config.templates[kind];
  const source = readFileSync(template.contentPath, 'utf8');
  const data = variables as unknown as Record<string, unknown>;
  return {
    subject: compileGoTemplate(template.subject, { html: true }).render(data).trim(),
    html: compileGoTemplate(source, { html: true }).render(data),
  };
}

export function createMailer(config: AuthConfig, transport: MailTransport): Mailer {
  return {
    send(kind, to, variables) {
      const { subject, html } = renderMail(config, kind, variables);
      transport.deliver({ to, subject, html });
      return { subject, html };
    },
  };
}
