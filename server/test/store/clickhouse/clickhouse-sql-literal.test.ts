import { describe, expect, it } from 'vitest';
import { sqlArray, sqlBoolean, sqlDate, sqlDateTime, sqlFloat, sqlIdentifier, sqlInteger, sqlLiteral, sqlString, SqlLiteralError, type SqlValue } from '../../../src/store/clickhouse/sql-literal.js';
import { describeWithClickHouse, useTestDatabase, type TestDatabase } from '../../helpers/clickhouse.js';

/** Text that has broken SQL builders: quotes, escapes, comments, NUL, line breaks, other scripts, lone surrogates. */
const HOSTILE_TEXT: { name: string; value: string; readsAs?: string }[] = [
  { name: 'plain text', value: 'plain' },
  { name: 'empty text', value: '' },
  { name: 'a quote', value: "l'Hospitalet" },
  { name: 'a quote that ends the literal and a statement', value: "'; DROP TABLE hits; --" },
  { name: 'a backslash before a quote', value: "\\'" },
  { name: 'a trailing backslash', value: 'C:\\dades\\' },
  { name: 'escape sequences as text', value: '\\n\\t\\0\\x41\\\\' },
  { name: 'NUL', value: 'a\0b\u00001' },
  { name: 'line breaks and tabs', value: 'one\ntwo\r\nthree\tfour' },
  { name: 'other control characters', value: '\u0001\u0007\u001b[31m\u007f' },
  { name: 'a comment opener', value: '/* x */ -- y # z' },
  { name: 'query-parameter syntax of newer ClickHouse', value: '{name:String} ? $1 :name' },
  { name: 'Catalan and emoji', value: 'Què? «Sí» l·l 😀 👩‍👩‍👧' },
  { name: 'right-to-left and zero-width', value: 'שלום\u200b\u202e' },
  { name: 'U+2028 and U+FFFF', value: '\u2028\u2029\uffff' },
  { name: 'a lone high surrogate', value: 'a\ud800b', readsAs: 'a\ufffdb' },
  { name: 'a lone low surrogate', value: '\udc00z', readsAs: '\ufffdz' },
  { name: 'surrogates in the wrong order', value: '\udc00\ud800', readsAs: '\ufffd\ufffd' },
  { name: 'a long text', value: "x'\\".repeat(10_000) },
];

const NUMBERS: { name: string; value: number | bigint; readsAs: string | number }[] = [
  { name: 'zero', value: 0, readsAs: '0' },
  { name: 'minus one', value: -1, readsAs: '-1' },
  { name: 'the largest safe integer', value: Number.MAX_SAFE_INTEGER, readsAs: '9007199254740991' },
  { name: 'the smallest safe integer', value: Number.MIN_SAFE_INTEGER, readsAs: '-9007199254740991' },
  { name: "Int64's greatest", value: 2n ** 63n - 1n, readsAs: '9223372036854775807' },
  { name: "Int64's least", value: -(2n ** 63n), readsAs: '-9223372036854775808' },
  { name: 'a tenth', value: 0.1, readsAs: 0.1 },
  { name: 'a sum that is not 0.3', value: 0.1 + 0.2, readsAs: 0.30000000000000004 },
  { name: 'a negative small float', value: -1.5e-7, readsAs: -1.5e-7 },
  { name: 'the largest double', value: Number.MAX_VALUE, readsAs: Number.MAX_VALUE },
  { name: 'the least normal double', value: 2.2250738585072014e-308, readsAs: 2.2250738585072014e-308 },
  { name: 'an integer beyond 2^53 as a double', value: 2 ** 60, readsAs: 2 ** 60 },
  { name: 'minus zero', value: -0, readsAs: -0 },
];

/** Reads `SELECT <literal>` back from the server (JSON: 64-bit integers arrive as strings). */
async function readBack(db: TestDatabase, literal: string): Promise<unknown> {
  const rows = await db.transport.query<{ v: unknown }>(`SELECT ${literal} AS v`);
  return rows[0]?.v;
}

describe('sqlString', () => {
  it.each([
    { value: "l'Hospitalet", literal: "'l\\'Hospitalet'" },
    { value: 'C:\\dades', literal: "'C:\\\\dades'" },
    { value: 'a\0b\n', literal: "'a\\0b\\n'" },
    { value: 'a\ud800', literal: "'a\ufffd'" },
  ])('writes $value as $literal', ({ value, literal }) => {
    expect(sqlString(value)).toBe(literal);
  });

  it.each(HOSTILE_TEXT)('keeps $name inside one literal', ({ value }) => {
    const literal = sqlString(value);
    // Outside the escapes, no quote may end the literal before its last character.
    const unescaped = literal.slice(1, -1).replace(/\\./gs, '');
    expect(unescaped).not.toContain("'");
    expect(literal).not.toMatch(/[\n\r\0]/);
  });
});

describe('numbers, booleans, dates, arrays', () => {
  it.each([
    { value: Number.NaN, message: 'NaN is not a finite number' },
    { value: Number.POSITIVE_INFINITY, message: 'Infinity is not a finite number' },
    { value: Number.NEGATIVE_INFINITY, message: '-Infinity is not a finite number' },
    { value: 5e-324, message: '5e-324 is below 2.2250738585072014e-308 in magnitude' },
  ])('refuses the float $value', ({ value, message }) => {
    expect(() => sqlFloat(value)).toThrow(message);
    expect(() => sqlLiteral(value)).toThrow(SqlLiteralError);
  });

  it('refuses integers outside Int64 and unsafe JavaScript integers', () => {
    expect(() => sqlInteger(2n ** 63n)).toThrow("9223372036854775808 is outside Int64's range");
    expect(() => sqlInteger(2 ** 60)).toThrow('is not a safe integer; pass a bigint');
    expect(() => sqlInteger(1.5)).toThrow('1.5 is not a safe integer');
  });

  it('starts a negative number with a space, so that a minus before it never makes a comment', () => {
    expect(`1 -${sqlLiteral(-5)}`).toBe('1 - -5');
    expect(sqlLiteral(-0.5)).toBe(' -0.5');
  });

  it('writes booleans as 1 and 0, null as NULL, arrays element by element', () => {
    expect(sqlBoolean(true)).toBe('1');
    expect(sqlLiteral(false)).toBe('0');
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlArray(['a', null, "b'"])).toBe("['a', NULL, 'b\\'']");
    expect(sqlLiteral([[1, -2], []])).toBe('[[1,  -2], []]');
  });

  it.each(['2026-02-30', '2026-1-05', '1970-01-01', '2106-01-01', "2026-01-01'", '', '20260101'])('refuses the day %j', (day) => {
    expect(() => sqlDate(day)).toThrow(SqlLiteralError);
  });

  it('refuses a datetime with milliseconds or outside DateTime', () => {
    expect(() => sqlDateTime(1_795_599_000_123)).toThrow('is not a whole second in epoch ms');
    expect(() => sqlDateTime(0)).toThrow("outside ClickHouse's DateTime range");
  });

  it('refuses values of other types', () => {
    expect(() => sqlLiteral({} as unknown as SqlValue)).toThrow('a object cannot be written as SQL');
    expect(() => sqlLiteral(undefined as unknown as SqlValue)).toThrow('a undefined cannot be written as SQL');
    expect(() => sqlString(5 as unknown as string)).toThrow('expected text, got a number');
  });

  it.each(['hits', 'mesura_test_01', '_x'])('takes the name %j', (name) => {
    expect(sqlIdentifier(name)).toBe(name);
  });

  it.each(['1hits', 'hits; DROP', 'a.b', '`x`', 'x'.repeat(65), '', 'hìts'])('refuses the name %j', (name) => {
    expect(() => sqlIdentifier(name)).toThrow('is not a name of letters, digits and _');
  });
});

describeWithClickHouse('every literal read back from ClickHouse', () => {
  const db = useTestDatabase();

  it.each(HOSTILE_TEXT)('reads $name back as written', async ({ value, readsAs }) => {
    expect(await readBack(db(), sqlString(value))).toBe(readsAs ?? value);
  });

  it.each(NUMBERS)('reads $name back as written', async ({ value, readsAs }) => {
    // JSON holds an integer as a number when it is small, as a string when it is 64-bit.
    const read = await readBack(db(), sqlLiteral(value));
    expect(typeof readsAs === 'string' ? String(read) : read).toBe(readsAs);
  });

  it('reads booleans, null, days, datetimes and arrays back as written', async () => {
    expect(await readBack(db(), sqlLiteral(true))).toBe(1);
    expect(await readBack(db(), sqlLiteral(null))).toBeNull();
    expect(await readBack(db(), `toDate(${sqlDate('2026-02-28')})`)).toBe('2026-02-28');
    expect(await readBack(db(), `toDate(${sqlDate('1970-01-02')})`)).toBe('1970-01-02');
    expect(await readBack(db(), `toDate(${sqlDate('2105-12-31')})`)).toBe('2105-12-31');
    expect(await readBack(db(), `toUnixTimestamp(${sqlDateTime(1_795_599_000_000)})`)).toBe(1_795_599_000);
    expect(await readBack(db(), sqlArray(HOSTILE_TEXT.slice(0, 12).map((c) => c.value)))).toEqual(HOSTILE_TEXT.slice(0, 12).map((c) => c.value));
    expect(await readBack(db(), sqlLiteral([[1, -2], [3]]))).toEqual([[1, -2], [3]]);
  });

  it('compares a hostile text as a value, never as SQL', async () => {
    const rows = await db().transport.query<{ n: string }>(`SELECT count() AS n FROM system.one WHERE ${sqlString("x' OR 1 = 1 --")} = 'x'`);
    expect(rows).toEqual([{ n: '0' }]);
  });
});
