/**
 * The subset of Go's html/template that Supabase e-mail templates use, so the
 * files in supabase/templates render locally exactly as GoTrue renders them:
 *   {{ .Field }} and {{ .Data.key }}   (values HTML-escaped; a missing key is empty)
 *   {{ if PIPE }} … {{ else if PIPE }} … {{ else }} … {{ end }}
 *   eq, ne, and, or, not, with "string" literals and .paths as arguments
 *   {{/* comments *\/}} and the {{- / -}} whitespace trims.
 * Anything else is a parse error, so a template that GoTrue would render
 * differently never passes silently.
 */

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; expr: Expr }
  | { kind: 'if'; branches: Array<{ cond: Expr; body: Node[] }>; otherwise: Node[] };

type Expr =
  { kind: 'path'; path: string[] } | { kind: 'string'; value: string } | { kind: 'call'; fn: string; args: Expr[] };

type Token = { kind: 'text'; text: string } | { kind: 'action'; text: string; at: number };

export class TemplateError extends Error {}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < source.length) {
    const open = source.indexOf('{{', pos);
    if (open === -1) {
      tokens.push({ kind: 'text', text: source.slice(pos) });
      break;
    }
    let text = source.slice(pos, open);
    const close = source.indexOf('}}', open + 2);
    if (close === -1) throw new TemplateError(`unclosed action at offset ${open}`);
    let inner = source.slice(open + 2, close);
    if (inner.startsWith('- ') || inner === '-') {
      text = text.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    let next = close + 2;
    if (inner.endsWith(' -') || inner === '-') {
      inner = inner.slice(0, -1);
      const rest = source.slice(next);
      next += rest.length - rest.replace(/^\s+/, '').length;
    }
    if (text !== '') tokens.push({ kind: 'text', text });
    const trimmed = inner.trim();
    if (!(trimmed.startsWith('/*') && trimmed.endsWith('*/'))) tokens.push({ kind: 'action', text: trimmed, at: open });
    pos = next;
  }
  return tokens;
}

function parseExpr(source: string, at: number): Expr {
  const words = source.match(/"(?:[^"\\]|\\.)*"|\(|\)|[^\s()]+/g) ?? [];
  let index = 0;
  const operand = (): Expr => {
    const word = words[index];
    index += 1;
    if (word === undefined) throw new TemplateError(`missing operand at offset ${at}`);
    if (word === '(') {
      const inner = call();
      if (words[index] !== ')') throw new TemplateError(`missing ) at offset ${at}`);
      index += 1;
      return inner;
    }
    if (word.startsWith('"')) return { kind: 'string', value: JSON.parse(word) as string };
    if (word === '.') return { kind: 'path', path: [] };
    if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(word)) return { kind: 'path', path: word.slice(1).split('.') };
    throw new TemplateError(`unsupported operand "${word}" at offset ${at}`);
  };
  const call = (): Expr => {
    const word = words[index];
    if (word && ['eq', 'ne', 'and', 'or', 'not'].includes(word)) {
      index += 1;
      const args: Expr[] = [];
      while (index < words.length && words[index] !== ')') args.push(operand());
      const enough = word === 'not' ? args.length === 1 : args.length >= 2;
      if (!enough) throw new TemplateError(`wrong number of arguments for ${word} at offset ${at}`);
      return { kind: 'call', fn: word, args };
    }
    return operand();
  };
  const expr = call();
  if (index !== words.length) throw new TemplateError(`unexpected "${words[index]}" at offset ${at}`);
  return expr;
}

function parse(tokens: Token[]): Node[] {
  let index = 0;
  const block = (terminators: string[]): { nodes: Node[]; end: string } => {
    const nodes: Node[] = [];
    while (index < tokens.length) {
      const token = tokens[index];
      index += 1;
      if (!token) break;
      if (token.kind === 'text') {
        nodes.push({ kind: 'text', text: token.text });
        continue;
      }
      const keyword = /^(if|else if|else|end)\b\s*(.*)$/s.exec(token.text);
      if (!keyword) {
        nodes.push({ kind: 'value', expr: parseExpr(token.text, token.at) });
        continue;
      }
      const [, word = '', rest = ''] = keyword;
      if (word === 'if') {
        const branches = [{ cond: parseExpr(rest, token.at), body: [] as Node[] }];
        let otherwise: Node[] = [];
        for (;;) {
          const inner = block(['else if', 'else', 'end']);
          const last = branches[branches.length - 1];
          if (last) last.body = inner.nodes;
          if (inner.end === 'end') break;
          if (inner.end === 'else') {
            otherwise = block(['end']).nodes;
            break;
          }
          const condition = inner.end.slice('else if '.length);
          branches.push({ cond: parseExpr(condition, token.at), body: [] });
        }
        nodes.push({ kind: 'if', branches, otherwise });
        continue;
      }
      const end = word === 'else if' ? `else if ${rest}` : word;
      if (!terminators.some((t) => end === t || (t === 'else if' && end.startsWith('else if ')))) {
        throw new TemplateError(`unexpected {{${token.text}}} at offset ${token.at}`);
      }
      return { nodes, end };
    }
    if (terminators.length > 0) throw new TemplateError('missing {{end}}');
    return { nodes, end: '' };
  };
  return block([]).nodes;
}

function lookup(data: unknown, path: string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Go's truth: false, 0, nil, empty string, empty array or map are false. */
function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function evaluate(expr: Expr, data: unknown): unknown {
  if (expr.kind === 'string') return expr.value;
  if (expr.kind === 'path') return lookup(data, expr.path);
  const args = expr.args.map((arg) => evaluate(arg, data));
  switch (expr.fn) {
    case 'eq':
      // Go compares a missing value as unequal rather than failing.
      return args.slice(1).some((arg) => arg === args[0]);
    case 'ne':
      return args[0] !== args[1];
    case 'not':
      return !truthy(args[0]);
    case 'and': {
      const stop = args.findIndex((arg) => !truthy(arg));
      return stop === -1 ? args[args.length - 1] : args[stop];
    }
    case 'or': {
      const stop = args.findIndex((arg) => truthy(arg));
      return stop === -1 ? args[args.length - 1] : args[stop];
    }
    default:
      throw new TemplateError(`unknown function ${expr.fn}`);
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };

function show(value: unknown, escape: boolean): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return escape ? text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char) : text;
}

function render(nodes: Node[], data: unknown, escape: boolean): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'value') out += show(evaluate(node.expr, data), escape);
    else {
      const branch = node.branches.find((candidate) => truthy(evaluate(candidate.cond, data)));
      out += render(branch ? branch.body : node.otherwise, data, escape);
    }
  }
  return out;
}

export interface CompiledTemplate {
  render(data: Record<string, unknown>): string;
}

/** `html: true` escapes values as html/template does for the body; subjects are plain. */
export function compileGoTemplate(source: string, options: { html: boolean }): CompiledTemplate {
  const nodes = parse(tokenize(source));
  return { render: (data) => render(nodes, data, options.html) };
}
