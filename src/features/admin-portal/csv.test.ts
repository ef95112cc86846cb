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
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('defuses a cell starting like a formula: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves other text as it is', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('maria@example.com')).toBe('maria@example.com');
  });

  it('names the file with the local date', () => {
    expect(datedFileName('leads', new Date(2026, 10, 3, 23, 59))).toBe('leads-2026-11-03.csv');
  });
});
