/**
 * Which files each Edge Function can read at run time, found in its source:
 * every module its entrypoint reaches through relative imports is parsed
 * (TypeScript's parser), and each `new URL(<path>, import.meta.url)` names
 * files beside the module. A path with `${…}` parts names the files of that
 * shape whose every varying part is (or starts, before a dot, with) a string
 * written somewhere in the function's modules: `../../templates/${name}`
 * with `'client_reply'` in the code names `client_reply.en.html`, not
 * `recovery.html`. A path read relative to the working directory is
 * reported, as neither the local runner nor the deployed bundle can promise
 * where that leads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import type { TomlTables } from '../../supabase/local/config.ts';
import { SUPABASE_DIR } from '../../supabase/local/function-files.ts';

export const FUNCTIONS_DIR = join(SUPABASE_DIR, 'functions');

/** Function directories (Supabase skips `_shared` and other names starting with `_` or `.`). */
export function functionNames(dir = FUNCTIONS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !/^[_.]/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** config.toml's `entrypoint` (relative to supabase/), else `functions/<name>/index.ts`. */
export function entrypointOf(name: string, tables: TomlTables, root = SUPABASE_DIR): string {
  const declared = tables[`functions.${name}`]?.entrypoint;
  return typeof declared === 'string' ? resolve(root, declared) : join(root, 'functions', name, 'index.ts');
}

const READS = new Set(['readTextFile', 'readTextFileSync', 'readFile', 'readFileSync', 'open', 'openSync']);

export interface FunctionReads {
  /** Every module reached from the entrypoint. */
  modules: string[];
  /** Files (absolute paths) the function's code can name. */
  files: string[];
  /** References the check cannot follow, as "module:line: why". */
  problems: string[];
}

export function functionReads(entrypoint: string, root = SUPABASE_DIR): FunctionReads {
  const modules: string[] = [];
  const literals = new Set<string>();
  const patterns: { where: string; dir: string; path: string; parts: string[] }[] = [];
  const problems: string[] = [];
  const pending = [entrypoint];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (modules.includes(file)) continue;
    modules.push(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
          ? node.moduleSpecifier
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
            ? node.arguments[0]
            : undefined;
      if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
        const target = resolve(dirname(file), specifier.text);
        if (existsSync(target)) pending.push(target);
        else problems.push(`${where(node)}: imports ${specifier.text}, which does not exist`);
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL') {
        const [path, base] = node.arguments ?? [];
        if (base && isImportMetaUrl(base)) {
          if (path && (ts.isStringLiteral(path) || ts.isNoSubstitutionTemplateLiteral(path))) {
            patterns.push({ where: where(node), dir: dirname(file), path: path.text, parts: [] });
          } else if (path && ts.isTemplateExpression(path)) {
            const texts = [path.head.text, ...path.templateSpans.map((span) => span.literal.text)];
            patterns.push({ where: where(node), dir: dirname(file), path: texts.join('${…}'), parts: texts });
          } else {
            problems.push(`${where(node)}: new URL(…, import.meta.url) with a path the check cannot read`);
          }
        }
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : ts.isIdentifier(callee)
            ? callee.text
            : '';
        const [path] = node.arguments;
        if (READS.has(name) && path && (ts.isStringLiteral(path) || ts.isNoSubstitutionTemplateLiteral(path))) {
          problems.push(
            `${where(node)}: ${name}('${path.text}') reads relative to the working directory; name the file with new URL('…', import.meta.url)`,
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const files = new Set<string>();
  const everyFile = listFiles(root);
  for (const pattern of patterns) {
    if (pattern.parts.length === 0) {
      const target = resolve(pattern.dir, pattern.path);
      if (existsSync(target)) files.add(target);
      else problems.push(`${pattern.where}: names ${relative(root, target)}, which does not exist`);
      continue;
    }
    // Each ${…} is one run of characters within a path segment.
    const marker = '\u0001';
    const shape = resolve(pattern.dir, pattern.parts.join(marker));
    const regex = new RegExp(`^${shape.split(marker).map(escapeRegExp).join('([^/\\\\]*)')}$`);
    let count = 0;
    for (const candidate of everyFile) {
      const captures = regex.exec(candidate)?.slice(1);
      if (!captures) continue;
      const named = captures.every((part) =>
        [...literals].some((literal) => literal !== '' && (part === literal || part.startsWith(`${literal}.`))),
      );
      if (!named) continue;
      files.add(candidate);
      count += 1;
    }
    if (count === 0) {
      problems.push(`${pattern.where}: no file matches ${pattern.path} with a name the code writes out`);
    }
  }
  return { modules, files: [...files].sort(), problems };
}

function isImportMetaUrl(node: ts.Node): boolean {
  return (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'url' &&
    ts.isMetaProperty(node.expression) &&
    node.expression.keywordToken === ts.SyntaxKind.ImportKeyword
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every file under `dir`, absolute. */
export function listFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === '.temp' || entry === '.branches') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...listFiles(path));
    else found.push(path);
  }
  return found;
}

/** A path relative to supabase/, with forward slashes, for messages. */
export function fromSupabaseDir(file: string, root = SUPABASE_DIR): string {
  return relative(root, file).split(sep).join('/');
}
