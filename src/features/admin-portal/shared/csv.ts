/**
 * CSV as spreadsheets open it safely: RFC 4180 quoting, CRLF line ends, a
 * UTF-8 byte-order mark so Excel reads accents (Épicerie) correctly, and
 * formula injection defused (docs/decisions/122-lead-checks-the-server-makes.md).
 *
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return, which Excel also evaluates after). Which character splits cells
 * depends on the program and its locale: a comma, a semicolon (French-Canadian
 * Excel, LibreOffice in many locales) or a tab. So every place where a cell,
 * or a part of one, could start (the start of the text, and after any comma,
 * semicolon, tab or line break, past spaces and quotes) gets a single quote
 * before a formula character: it then reads as text in Excel and LibreOffice
 * whatever the separator. A cell holding any of those separators is also
 * quoted, so a program that honours quotes keeps it whole.
 */
const BOM = '\uFEFF';
/**
 * Where a cell may start, then what would make it a formula. Quotes already
 * standing before a formula character count too and get one more, so that
 * the escaping can be undone exactly (`undefuseFormulas`): a text holding
 * `;'=x` of its own comes back as it was, not as `;=x`.
 */
const FORMULA_AFTER_BOUNDARY = /(?<=^|[,;\t\r\n])([ "]*)(?='*[=+\-@\t\r])/g;
const ADDED_QUOTE = /(?<=^|[,;\t\r\n])([ "]*)'(?='*[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** The text with a single quote before every formula start, in any part a separator could split off. */
export function defuseFormulas(text: string): string {
  return text.replace(FORMULA_AFTER_BOUNDARY, "$1'");
}

/** The text `defuseFormulas` was given: one quote fewer wherever it added one. */
export function undefuseFormulas(text: string): string {
  return text.replace(ADDED_QUOTE, '$1');
}

export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = defuseFormulas(value === null || value === undefined ? '' : String(value));
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return `${BOM}${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** `leads-2026-11-23.csv`: the name with the local date of the export. */
export function datedFileName(prefix: string, date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}

/** Makes the browser download `csv` as `fileName`. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type CsvParseError =
  /** A quoted cell runs to the end of the text: a closing `"` is missing. */
  | { kind: 'unclosed-quote'; record: number }
  /** Something other than a separator or a line end follows a closing `"`. */
  | { kind: 'text-after-quote'; record: number }
  /** More records than `maxRecords`; reading stopped there. */
  | { kind: 'too-many-records'; limit: number };

export type CsvParseResult = { ok: true; records: string[][] } | { ok: false; error: CsvParseError };

/**
 * Reads CSV as RFC 4180 writes it, and as spreadsheets save it: an optional
 * UTF-8 byte-order mark, CRLF, LF or CR line ends, quoted cells holding
 * separators, doubled quotes and line breaks. A stray quote inside an
 * unquoted cell is kept as text. Records are numbered from 1 in errors (the
 * row a spreadsheet shows). Cells come back as written: escaping added by
 * `defuseFormulas` is for the caller to undo, as only it knows the file came
 * from us.
 *
 * `maxRecords` stops reading as soon as one record too many has been read,
 * so an oversized file costs no more than the limit.
 */
export function parseCsv(
  text: string,
  {
    delimiter = ',',
    maxRecords = Number.POSITIVE_INFINITY,
  }: { delimiter?: ',' | ';' | '\t'; maxRecords?: number } = {},
): CsvParseResult {
  const records: string[][] = [];
  const end = text.length;
  let i = text.startsWith(BOM) ? 1 : 0;
  if (i >= end) return { ok: true, records };
  let record: string[] = [];
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) return { ok: false, error: { kind: 'unclosed-quote', record: records.length + 1 } };
        if (text[quote + 1] === '"') {
          cell += text.slice(from, quote + 1);
          from = quote + 2;
          continue;
        }
        cell += text.slice(from, quote);
        i = quote + 1;
        break;
      }
      const next = text[i];
      if (i < end && next !== delimiter && next !== '\r' && next !== '\n') {
        return { ok: false, error: { kind: 'text-after-quote', record: records.length + 1 } };
      }
    } else {
      let stop = i;
      while (stop < end) {
        const c = text[stop];
        if (c === delimiter || c === '\r' || c === '\n') break;
        stop += 1;
      }
      cell = text.slice(i, stop);
      i = stop;
    }
    record.push(cell);
    if (i < end && text[i] === delimiter) {
      i += 1;
      if (i < end) continue;
      // A separator ending the text ends the record with an empty cell.
      record.push('');
    } else if (i < end) {
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    }
    records.push(record);
    if (records.length > maxRecords) return { ok: false, error: { kind: 'too-many-records', limit: maxRecords } };
    if (i >= end) return { ok: true, records };
    record = [];
  }
}
