/** Reads the e2e stack's local inbox (Mailpit's API) for auth mails. */
import { expect } from '@playwright/test';
import { E2E_MAIL_URL } from '../../scripts/lib/ports.ts';

type Listed = { messages: Array<{ ID: string; Subject: string; To: Array<{ Address: string }> }> };

/** The newest mail to `address` whose subject matches, once it has arrived. */
export async function mailTo(address: string, subject: RegExp): Promise<{ subject: string; html: string }> {
  let found: { ID: string; Subject: string } | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${E2E_MAIL_URL}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
      const list = (await response.json()) as Listed;
      found = list.messages.find((message) => subject.test(message.Subject));
      return Boolean(found);
    })
    .toBe(true);
  const message = (await (await fetch(`${E2E_MAIL_URL}/api/v1/message/${found?.ID ?? ''}`)).json()) as {
    Subject: string;
    HTML: string;
  };
  return { subject: message.Subject, html: message.HTML };
}

/** The first link of a mail, as a path on the site (the e2e site is the mail's RedirectTo). */
export function linkPath(html: string): string {
  const href = /href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!href) throw new Error('The mail holds no link');
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

export function uniqueAddress(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
