/**
 * Stands in for Mailpit, the inbox the Supabase CLI runs on port 54324
 * (LOCAL_MAIL_PORT here): every e-mail the local backend sends lands here
 * instead of going out, both Auth's own mails (its SMTP server, through
 * supabase/local/mail/mailer.ts's MailTransport) and the functions' mails (the
 * email API stand-in of ../email-api). The composition root
 * (supabase/local/server.ts) creates it and serves it on its own port. It
 * answers the part of Mailpit's HTTP API that scripts and tests use, with
 * Mailpit's field names:
 *   GET    /api/v1/messages            newest first: {total, count, messages[]}
 *   GET    /api/v1/search?query=to:x   the same, filtered by recipient
 *   GET    /api/v1/message/{ID|latest} one message with its Text and HTML
 *   DELETE /api/v1/messages            all messages (or {"IDs": [...]})
 * and a small web page at / to read them in a browser.
 * Messages live in memory, at most MAX_MESSAGES, and vanish on restart.
 *
 * Reset and confirmation links are as good as a password, so other web pages
 * must not read them: the API answers CORS only to the local sites' origins
 * (`localSiteOrigins`), never `*`. Scripts and tests call it without a
 * browser and need no CORS at all; like Mailpit it takes no key. It cannot be
 * told to fail: to test a mail that is not delivered, make the email API
 * stand-in fail instead.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const MAX_MESSAGES = 500;
export const DEFAULT_MAIL_PORT = 54324;

export interface Address {
  Name: string;
  Address: string;
}

export interface StoredMessage {
  ID: string;
  MessageID: string;
  From: Address;
  To: Address[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Read: boolean;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  /** The plain-text part; derived from the HTML when absent (auth mails have none). */
  text?: string;
}

export const SENDER: Address = { Name: 'Olea Mediterranean (local)', Address: 'no-reply@example.com' };

export function localMailPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LOCAL_MAIL_PORT;
  const port = raw ? Number.parseInt(raw, 10) : DEFAULT_MAIL_PORT;
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : DEFAULT_MAIL_PORT;
}

/** `npm run dev`'s Vite server. */
export const DEV_SITE_PORT = 5173;

/**
 * The origins of the sites served on this machine: the dev server (5173),
 * `npm start` (PORT, default 4173) and the e2e stack (E2E_SITE_PORT, default
 * 4183), each as localhost and 127.0.0.1.
 */
export function localSiteOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const ports = new Set([DEV_SITE_PORT, Number(env.PORT || 4173), Number(env.E2E_SITE_PORT || 4183)]);
  return [...ports]
    .filter((port) => Number.isInteger(port) && port > 0 && port < 65536)
    .flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
}

/** A readable plain-text version of the HTML body (links kept as "text (url)"). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => `${label} (${href})`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|div|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export class Inbox {
  private messages: StoredMessage[] = [];

  deliver(mail: OutgoingMail): StoredMessage {
    const id = randomBytes(11).toString('base64url');
    const message: StoredMessage = {
      ID: id,
      MessageID: `${id}@local-supabase`,
      From: SENDER,
      To: [{ Name: '', Address: mail.to }],
      Subject: mail.subject,
      Created: new Date().toISOString(),
      Text: mail.text ?? htmlToText(mail.html),
      HTML: mail.html,
      Read: false,
    };
    this.messages.unshift(message);
    if (this.messages.length > MAX_MESSAGES) this.messages.length = MAX_MESSAGES;
    return message;
  }

  list(recipient?: string): StoredMessage[] {
    if (!recipient) return [...this.messages];
    const wanted = recipient.toLowerCase();
    return this.messages.filter((message) => message.To.some((to) => to.Address.toLowerCase() === wanted));
  }

  get(id: string): StoredMessage | undefined {
    return id === 'latest' ? this.messages[0] : this.messages.find((message) => message.ID === id);
  }

  delete(ids?: string[]): void {
    this.messages = ids ? this.messages.filter((message) => !ids.includes(message.ID)) : [];
  }
}

function summary(message: StoredMessage): Record<string, unknown> {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: message.Read,
    From: message.From,
    To: message.To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: message.Subject,
    Created: message.Created,
    Tags: [],
    Size: Buffer.byteLength(message.HTML),
    Attachments: 0,
    Snippet: message.Text.slice(0, 250),
  };
}

function listing(messages: StoredMessage[], total: number): Record<string, unknown> {
  return {
    total,
    unread: messages.filter((message) => !message.Read).length,
    count: messages.length,
    messages_count: messages.length,
    start: 0,
    tags: [],
    messages: messages.map(summary),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}
td,th{padding:.4rem .6rem;border-bottom:1px solid #ddd;text-align:left}iframe{width:100%;height:32rem;border:1px solid #ccc}</style>
</head><body>${body}</body></html>`;
}

function indexPage(messages: StoredMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="/view/${encodeURIComponent(m.ID)}">${escapeHtml(m.Subject)}</a></td><td>${escapeHtml(
          m.To.map((to) => to.Address).join(', '),
        )}</td><td>${escapeHtml(m.Created)}</td></tr>`,
    )
    .join('');
  return page(
    'Local inbox',
    `<h1>Local inbox</h1><p>E-mails sent by the local backend (newest first). Nothing leaves this machine.</p>
<table><thead><tr><th>Subject</th><th>To</th><th>Received</th></tr></thead><tbody>${
      rows || '<tr><td colspan="3">No messages yet.</td></tr>'
    }</tbody></table>`,
  );
}

function messagePage(message: StoredMessage): string {
  // The mail's own HTML is shown in a sandboxed frame so its markup cannot script this page.
  return page(
    message.Subject,
    `<p><a href="/">← All messages</a></p><h1>${escapeHtml(message.Subject)}</h1>
<p>To: ${escapeHtml(message.To.map((to) => to.Address).join(', '))}<br>Received: ${escapeHtml(message.Created)}</p>
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="Message body" srcdoc="${escapeHtml(message.HTML)}"></iframe>
<h2>Text</h2><pre style="white-space:pre-wrap">${escapeHtml(message.Text)}</pre>`,
  );
}

/** The CORS headers for a request from `origin`: only a listed local site gets any. */
function corsFor(origin: string | undefined, allowed: readonly string[]): Record<string, string> {
  if (!origin || !allowed.includes(origin)) return { Vary: 'Origin' };
  return {
    Vary: 'Origin',
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
  };
}

function sendWith(res: ServerResponse, status: number, body: string, type: string, cors: Record<string, string>): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(Buffer.byteLength(body)),
    ...cors,
  });
  res.end(body);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** Mailpit's search accepts `to:address`; other terms match subject or recipient. */
function search(inbox: Inbox, query: string): StoredMessage[] {
  const terms = query.trim().split(/\s+/).filter(Boolean);
  return inbox.list().filter((message) =>
    terms.every((term) => {
      const to = /^to:"?([^"]+)"?$/i.exec(term);
      if (to?.[1]) return message.To.some((entry) => entry.Address.toLowerCase() === to[1]?.toLowerCase());
      const needle = term.toLowerCase();
      return (
        message.Subject.toLowerCase().includes(needle) ||
        message.To.some((entry) => entry.Address.toLowerCase().includes(needle))
      );
    }),
  );
}

export async function handleInboxRequest(
  inbox: Inbox,
  req: IncomingMessage,
  res: ServerResponse,
  allowedOrigins: readonly string[] = [],
): Promise<void> {
  const cors = corsFor(req.headers.origin, allowedOrigins);
  const send = (status: number, body: string, type: string) => sendWith(res, status, body, type, cors);
  const sendJson = (status: number, value: unknown) =>
    send(status, JSON.stringify(value), 'application/json; charset=utf-8');
  const url = new URL(req.url ?? '/', 'http://inbox.local');
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname;
  if (method === 'OPTIONS') return send(204, '', 'text/plain');
  if (path === '/api/v1/messages' && method === 'GET') {
    const all = inbox.list();
    const start = Math.max(0, Number.parseInt(url.searchParams.get('start') ?? '0', 10) || 0);
    const limit = Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '50', 10) || 50);
    return sendJson(200, listing(all.slice(start, start + limit), all.length));
  }
  if (path === '/api/v1/messages' && method === 'DELETE') {
    let ids: string[] | undefined;
    try {
      const body = (await readJson(req)) as { IDs?: unknown } | undefined;
      if (body && Array.isArray(body.IDs)) ids = body.IDs.filter((id): id is string => typeof id === 'string');
    } catch {
      return send(400, 'invalid JSON body', 'text/plain; charset=utf-8');
    }
    inbox.delete(ids);
    return send(200, 'ok', 'text/plain; charset=utf-8');
  }
  if (path === '/api/v1/search' && method === 'GET') {
    const found = search(inbox, url.searchParams.get('query') ?? '');
    return sendJson(200, listing(found, found.length));
  }
  const one = /^\/api\/v1\/message\/([^/]+)$/.exec(path);
  if (one?.[1] && method === 'GET') {
    const message = inbox.get(decodeURIComponent(one[1]));
    if (!message) return send(404, 'message not found', 'text/plain; charset=utf-8');
    message.Read = true;
    return sendJson(200, {
      ...summary(message),
      ReturnPath: message.From.Address,
      Date: message.Created,
      Text: message.Text,
      HTML: message.HTML,
      Inline: [],
      Attachments: [],
    });
  }
  if (method === 'GET' && path === '/') return send(200, indexPage(inbox.list()), 'text/html; charset=utf-8');
  const view = /^\/view\/([^/]+)$/.exec(path);
  if (method === 'GET' && view?.[1]) {
    const message = inbox.get(decodeURIComponent(view[1]));
    if (message) return send(200, messagePage(message), 'text/html; charset=utf-8');
  }
  return send(404, 'not found', 'text/plain; charset=utf-8');
}

export interface InboxServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startInboxServer(
  inbox: Inbox,
  port: number,
  host: string,
  /** Origins whose pages may read the API (CORS); see localSiteOrigins. */
  allowedOrigins: readonly string[] = [],
): Promise<InboxServer> {
  const server: Server = createServer((req, res) => {
    handleInboxRequest(inbox, req, res, allowedOrigins).catch((error: unknown) => {
      if (!res.headersSent) {
        sendWith(res, 500, `inbox error: ${String(error)}`, 'text/plain; charset=utf-8', { Vary: 'Origin' });
      }
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on ${host} is already in use (set LOCAL_MAIL_PORT to use another).`)
          : error,
      );
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolveListen();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${publicHost}:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}
