import { describe, expect, it } from 'vitest';
import { csvCell, datedFileName, toCsv } from './csv';

describe('CSV', () => {
  it('starts with a UTF-8 byte-order mark and ends every row with CRLF', () => {
    const csv = toCsv([
      ['a', 'b'],
      ['Épicerie', 1],
    ]);
    expect(csv).toBe('\uFEFFa,b\r\nÉpicerie,1\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Olives, feta')).toBe('"Olives, feta"');
    expect(csvCell('She said "yes"')).toBe('"She said ""yes"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1 613 555 0142', "'+1 613 555 0142"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', `"'\t'=1"`],
    ['\r=1', `"'\r'=1"`],
    [' =1+1', `" '=1+1"`],
  ])('defuses a cell starting like a formula: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    // French-Canadian Excel splits on semicolons: the part after one must not run.
    ["x;=cmd|' /C calc'!A0", `"x;'=cmd|' /C calc'!A0"`],
    // A tab splits cells when the text is pasted or opened as tab-separated.
    ['ACME\t=1+1', `"ACME\t'=1+1"`],
    ['Olives,=1+1', `"Olives,'=1+1"`],
    ['a; "=1+1"', `"a; ""'=1+1"""`],
    ['a;;@SUM(A1)', `"a;;'@SUM(A1)"`],
    ['first line\r\n-2+3', `"first line\r\n'-2+3"`],
  ])('defuses a formula after a separator: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  /** How a program that ignores quotes splits a line on `separator`, each part trimmed of spaces and quotes. */
  const parts = (line: string, separator: string) => line.split(separator).map((part) => part.replace(/^[ "]+/, ''));

  it.each([',', ';', '\t'])(
    'leaves no part starting a formula when split on %j, quotes honoured or not',
    (separator) => {
      const hostile = [
        "x;=cmd|' /C calc'!A0",
        'ACME\t=1+1',
        'a,+1',
        ' @SUM(1)',
        '"=1"',
        'ok;\t=2',
        '-1',
        'x\r=1',
        '\t=1',
        '\r\n+1',
      ];
      const line = hostile.map(csvCell).join(separator);
      for (const part of parts(line, separator)) expect(part, JSON.stringify(part)).not.toMatch(/^[=+\-@\t\r]/);
      for (const part of parts(line.replace(/\r?\n|\r/g, separator), separator)) {
        expect(part, JSON.stringify(part)).not.toMatch(/^[=+\-@\t\r]/);
      }
    },
  );

  it('leaves other text as it is', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('maria@example.com')).toBe('maria@example.com');
  });

  it('names the file with the local date', () => {
    expect(datedFileName('leads', new Date(2026, 10, 3, 23, 59))).toBe('leads-2026-11-03.csv');
  });
});
