/**
 * A message body as plain text with its web addresses picked out, for
 * rendering without HTML (docs/decisions/118-conversation-screens.md). Only
 * `http:` and `https:` addresses become links; anything else, such as
 * `javascript:` or `data:`, stays text.
 */
export type BodySegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An address starts with http:// or https:// and runs to the next space or bracket-like character.
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than an address.
const TRAILING = /[.,;:!?'"’”»)\]}]+$/;

/** The safe link target of `candidate`, or null when it is not an http(s) address. */
export function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.href;
}

/** Splits `body` into text and links, in order; joining the segments' texts gives `body` back. */
export function linkify(body: string): BodySegment[] {
  const segments: BodySegment[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const previous = segments[segments.length - 1];
    if (previous?.kind === 'text') previous.text += text;
    else segments.push({ kind: 'text', text });
  };
  for (const match of body.matchAll(ADDRESS)) {
    let candidate = match[0];
    // Keep a closing parenthesis that belongs to the address, as in Wikipedia's "(disambiguation)".
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    if (trailing) {
      let keep = '';
      const stem = candidate.slice(0, -trailing.length);
      const opens = (stem.match(/\(/g) ?? []).length - (stem.match(/\)/g) ?? []).length;
      if (opens > 0 && trailing.startsWith(')')) keep = ')';
      candidate = stem + keep;
    }
    const start = match.index;
    const href = safeHref(candidate);
    pushText(body.slice(last, start));
    if (href) segments.push({ kind: 'link', text: candidate, href });
    else pushText(candidate);
    last = start + candidate.length;
  }
  pushText(body.slice(last));
  return segments;
}
