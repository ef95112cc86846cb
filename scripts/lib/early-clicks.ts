/**
 * The one inline script of the prerendered pages
 * (docs/decisions/100-no-lost-clicks-before-hydration.md). It runs while the
 * HTML parses, before anything else, and remembers every press on a control
 * of the prerendered markup (a `button type="button"` or an element marked
 * `data-replay`) until the application has hydrated; src/main.tsx then
 * replays them on the same elements (hydration keeps the DOM nodes), so a tap
 * at first paint does what the same tap does later.
 *
 * The Content-Security-Policy allows exactly this text by its SHA-256 hash
 * (scripts/lib/security-headers.ts), computed here from the same string the
 * build writes into the pages: change one and the other follows.
 */
import { createHash } from 'node:crypto';

/** Kept in ES5 and tiny: it is parsed before first paint on every page. */
export const EARLY_CLICKS_SCRIPT =
  "(function(d,w){var q=w.__earlyClicks=[];d.addEventListener('click',function(e){if(w.__hydrated)return;var t=e.target;var c=t&&t.closest&&t.closest('[data-replay],button[type=button]');if(c&&c.closest('[data-prerendered]'))q.push(c)},true)})(document,window)";

export const EARLY_CLICKS_HASH = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT, 'utf8').digest('base64')}'`;

/** The template with the script first in <head> (after charset and viewport), ahead of every other script. */
export function withEarlyClicks(template: string): string {
  if (/<\/script/i.test(EARLY_CLICKS_SCRIPT)) throw new Error('The early-clicks script must not contain "</script".');
  const tag = `    <script>${EARLY_CLICKS_SCRIPT}</script>\n`;
  const anchor = /<meta name="viewport"[^>]*>\n?/i.exec(template);
  if (!anchor) throw new Error('The template has no viewport <meta> to put the early-clicks script after.');
  const at = anchor.index + anchor[0].length;
  return `${template.slice(0, at)}${tag}${template.slice(at)}`;
}
