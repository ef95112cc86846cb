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
/** Where a cell may start, then what would make it a formula. */
const FORMULA_AFTER_BOUNDARY = /(?<=^|[,;\t\r\n])([ "]*)(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** The text with a single quote before every formula start, in any part a separator could split off. */
export function defuseFormulas(text: string): string {
  return text.replace(FORMULA_AFTER_BOUNDARY, "$1'");
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
