/**
 * Critical CSS for a prerendered page: the rules of the site's stylesheet
 * that can match its markup. A rule is dropped only when its selector names a
 * class that no element of the page carries, so nothing on the first screen
 * loses a style; rules keep their order, so the cascade is unchanged when the
 * full stylesheet arrives later (it comes with the application, after the
 * first paint) and styles what the page renders next.
 */
import postcss, { type ChildNode, type Container } from 'postcss';

/** Every class name in the markup's class attributes. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const value = (match[1] ?? match[2] ?? '')
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'");
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function unescapeIdentifier(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_m, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );
}

/** Attribute selectors may hold dots ([href$=".pdf"]); escaped brackets (.w-\[1px\]) are part of a class name. */
function stripAttributeSelectors(selector: string): string {
  let out = '';
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i];
    if (char === '\\') {
      out += selector.slice(i, i + 2);
      i += 1;
    } else if (char === '[') {
      let quote: string | null = null;
      for (i += 1; i < selector.length; i += 1) {
        const c = selector[i];
        if (c === '\\') i += 1;
        else if (quote) quote = c === quote ? null : quote;
        else if (c === '"' || c === "'") quote = c;
        else if (c === ']') break;
      }
      out += '[]';
    } else {
      out += char;
    }
  }
  return out;
}

/** The class names a selector requires, e.g. `.md\:p-4:hover > .x` → md:p-4, x. */
export function selectorClasses(selector: string): string[] {
  const withoutAttributes = stripAttributeSelectors(selector);
  return [...withoutAttributes.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-]|\P{ASCII})+)/gu)].map((m) =>
    unescapeIdentifier(m[1] ?? ''),
  );
}

/** Whether the selector can match something in a document that has exactly these classes. */
function canMatch(selector: string, classes: ReadonlySet<string>): boolean {
  // Classes inside :not(), :is(), :where() and :has() are not all required
  // for a match; ignoring them keeps the rule (the safe side).
  const required = selector.replace(/:(?:not|is|where|has)\((?:[^()]|\([^()]*\))*\)/g, '');
  return selectorClasses(required).every((name) => classes.has(name));
}

function prune(container: Container, classes: ReadonlySet<string>) {
  container.each((node: ChildNode) => {
    if (node.type === 'rule') {
      // Keyframe steps (from, to, 50%) are kept whole with their @keyframes.
      if (node.parent?.type === 'atrule' && /keyframes$/i.test((node.parent as { name: string }).name)) return;
      const kept = node.selectors.filter((selector) => canMatch(selector, classes));
      if (kept.length === 0) node.remove();
      else if (kept.length !== node.selectors.length) node.selectors = kept;
    } else if (
      node.type === 'atrule' &&
      node.nodes &&
      !/keyframes$|font-face|property|page|counter-style/i.test(node.name)
    ) {
      prune(node, classes);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

export function criticalCss(css: string, html: string): string {
  const root = postcss.parse(css);
  prune(root, classesIn(html));
  root.walkComments((comment) => {
    comment.remove();
  });
  return root.toString().trim();
}
