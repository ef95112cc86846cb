import { describe, expect, it } from 'vitest';
import { csvCell, datedFileName, defuseFormulas, parseCsv, toCsv, undefuseFormulas } from './csv';

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

  it.each([
    '=HYPERLINK("http://evil.example","x")',
    "x;=cmd|' /C calc'!A0",
    '\t=1',
    '\r\n+1',
    'a; "=1+1"',
    // Quotes the text already had before a formula character survive.
    "'=1",
    "x;'=1",
    "x; ''@SUM(A1)",
    "it's fine, isn't it",
    '- first point\n- second point',
    'plain text',
    '',
  ])('undoes its own escaping exactly: %j', (value) => {
    expect(undefuseFormulas(defuseFormulas(value))).toBe(value);
  });

  it('still adds a quote where the text had one before a formula character', () => {
    expect(csvCell("'=1")).toBe("''=1");
    expect(csvCell("x;'=1")).toBe(`"x;''=1"`);
  });
});

describe('parseCsv', () => {
  const records = (text: string, options?: Parameters<typeof parseCsv>[1]) => {
    const result = parseCsv(text, options);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return result.records;
  };

  it('reads what toCsv writes, byte-order mark and CRLF included', () => {
    const rows = [
      ['sku', 'name'],
      ['OO-1', 'Olives, "Kalamata"\nline two'],
      ['', 'Épicerie'],
    ];
    expect(records(toCsv(rows))).toEqual(rows);
  });

  it('takes LF, CRLF and CR line ends, with or without a last line end', () => {
    expect(records('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(records('a,b\r\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(records('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty cells, blank lines and a separator at the very end', () => {
    expect(records('a,,c\n\n,\nx,')).toEqual([['a', '', 'c'], [''], ['', ''], ['x', '']]);
    expect(records('')).toEqual([]);
    expect(records('\uFEFF')).toEqual([]);
  });

  it('reads quoted cells holding separators, doubled quotes and line breaks', () => {
    expect(records('"a,b","say ""hi""","one\r\ntwo",""\r\n')).toEqual([['a,b', 'say "hi"', 'one\r\ntwo', '']]);
  });

  it('keeps a stray quote inside an unquoted cell as text', () => {
    expect(records('5" pan,ok')).toEqual([['5" pan', 'ok']]);
  });

  it('splits on another separator when told', () => {
    expect(records('a;"b;c";0,5', { delimiter: ';' })).toEqual([['a', 'b;c', '0,5']]);
  });

  it('names the record where a quoted cell is never closed', () => {
    expect(parseCsv('a,b\n1,"open\n2,3\n')).toEqual({ ok: false, error: { kind: 'unclosed-quote', record: 2 } });
  });

  it('names the record where text follows a closing quote', () => {
    expect(parseCsv('a\n"x"y\n')).toEqual({ ok: false, error: { kind: 'text-after-quote', record: 2 } });
  });

  it('stops at one record past the limit', () => {
    expect(parseCsv('h\n1\n2\n', { maxRecords: 3 }).ok).toBe(true);
    expect(parseCsv('h\n1\n2\n3\n', { maxRecords: 3 })).toEqual({
      ok: false,
      error: { kind: 'too-many-records', limit: 3 },
    });
  });
});
