/**
 * The one place where a value becomes ClickHouse SQL text. ClickHouse 18.16 (Debian's) has no query
 * parameters, so every value a statement carries is written as a literal by these functions and by
 * nothing else; identifiers never come from input (sqlIdentifier takes only names the code holds or
 * a configuration value that matches IDENTIFIER_PATTERN). Each literal reads back as the value it
 * was made from (server/test/store/clickhouse/clickhouse-sql-literal.test.ts checks every case on a real server).
 */

/** A value that sqlLiteral writes: text, a number, a boolean, null, or an array of them. */
export type SqlValue = string | number | bigint | boolean | null | readonly SqlValue[];

/** A value refused: no literal of it would read back as it is. */
export class SqlLiteralError extends Error {
  readonly code = 'CLICKHOUSE_SQL_LITERAL';
}

/** Names of databases, tables and columns: ASCII letters, digits and `_`, not starting with a digit. */
export const IDENTIFIER_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** ClickHouse's own limit on a name is far higher; one this long is a mistake, not a name. */
export const IDENTIFIER_MAX_CHARS = 64;

/** Int64's range: what an integer column holds; UInt64 values above it are not written here. */
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** ClickHouse 18 reads a subnormal float literal as a syntax error, and one in a string as 0. */
const FLOAT64_MIN_NORMAL = 2.2250738585072014e-308;
/** The range of ClickHouse's Date (2 bytes of days; day 0 prints as 0000-00-00 on 18.16) and DateTime (4 bytes of seconds). */
const DATE_MIN = '1970-01-02';
const DATE_MAX = '2105-12-31';
const DATETIME_MIN_MS = 1000;
const DATETIME_MAX_MS = Date.UTC(2105, 11, 31, 23, 59, 59);

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Escapes of a ClickHouse string literal; every other character stands for itself. */
const STRING_ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\0': '\\0', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const STRING_ESCAPED = /[\\'\0\n\r\t]/g;
/** A high surrogate without its low half, or a low one without its high half (code units: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Text with none of these is written as it is: most values, read once instead of twice (a batch has millions). */
const PLAIN_TEXT = /^[^\\'\0\n\r\t\uD800-\uDFFF]*$/;

/** Any value, by its JavaScript type: text as a string, numbers as integers or floats, arrays element by element. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return sqlString(value);
  if (typeof value === 'boolean') return sqlBoolean(value);
  if (typeof value === 'bigint') return sqlInteger(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) && !Object.is(value, -0) ? sqlInteger(value) : sqlFloat(value);
  if (Array.isArray(value)) return sqlArray(value);
  throw new SqlLiteralError(`a ${typeof value} cannot be written as SQL; pass text, a number, a boolean, null or an array`);
}

/**
 * Text as a quoted string. A backslash and a quote are escaped (ClickHouse reads `\` as an escape,
 * unlike standard SQL), NUL as `\0` (a String holds any byte), and line breaks and tabs so that a
 * statement stays one line in ClickHouse's logs. Text travels as UTF-8, which cannot hold a lone
 * surrogate: each becomes U+FFFD, as the UTF-8 encoder would make it anyway, but here on purpose.
 */
export function sqlString(value: string): string {
  if (typeof value !== 'string') throw new SqlLiteralError(`expected text, got a ${typeof value}`);
  if (PLAIN_TEXT.test(value)) return `'${value}'`;
  return `'${value.replace(LONE_SURROGATE, '\uFFFD').replace(STRING_ESCAPED, (c) => STRING_ESCAPES[c]!)}'`;
}

/**
 * A whole number in Int64's range, from a safe JavaScript integer or a bigint. A negative one starts
 * with a space, so that a `-` written just before it can never make a `--` comment.
 */
export function sqlInteger(value: number | bigint): string {
  if (typeof value === 'number') {
    // Every safe integer is within Int64: no bigint needed (the common case, millions per batch).
    if (!Number.isSafeInteger(value)) throw new SqlLiteralError(`${value} is not a safe integer; pass a bigint for integers beyond 2^53`);
    return value < 0 ? ` ${value}` : `${value}`;
  }
  if (typeof value !== 'bigint') throw new SqlLiteralError(`expected an integer, got a ${typeof value}`);
  if (value < INT64_MIN || value > INT64_MAX) throw new SqlLiteralError(`${value} is outside Int64's range`);
  return value < 0n ? ` ${value}` : `${value}`;
}

/**
 * A float as the shortest text that reads back as the same double (JavaScript's own). NaN and the
 * infinities are refused (no row means them), and so are subnormals, which ClickHouse 18 cannot read.
 */
export function sqlFloat(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new SqlLiteralError(`${String(value)} is not a finite number`);
  if (value !== 0 && Math.abs(value) < FLOAT64_MIN_NORMAL) {
    throw new SqlLiteralError(`${value} is below ${FLOAT64_MIN_NORMAL} in magnitude, which ClickHouse 18 reads as 0 or not at all`);
  }
  if (Object.is(value, -0)) return ' -0.0';
  const text = Number.isInteger(value) && Math.abs(value) < 1e21 ? `${value}.0` : String(value);
  return value < 0 ? ` ${text}` : text;
}

export function sqlBoolean(value: boolean): string {
  if (typeof value !== 'boolean') throw new SqlLiteralError(`expected true or false, got a ${typeof value}`);
  return value ? '1' : '0';
}

/** A calendar day (YYYY-MM-DD, a real date within Date's range) as a string a Date column reads. */
export function sqlDate(day: string): string {
  if (typeof day !== 'string' || !DATE_PATTERN.test(day) || !isCalendarDay(day)) {
    throw new SqlLiteralError(`'${String(day).slice(0, 40)}' is not a day written YYYY-MM-DD`);
  }
  if (day < DATE_MIN || day > DATE_MAX) throw new SqlLiteralError(`${day} is outside ClickHouse's Date range (${DATE_MIN} to ${DATE_MAX})`);
  return `'${day}'`;
}

/** An instant, in whole seconds, as a DateTime in UTC (whatever the server's time zone). */
export function sqlDateTime(epochMs: number): string {
  if (!Number.isSafeInteger(epochMs) || epochMs % 1000 !== 0) {
    throw new SqlLiteralError(`${epochMs} is not a whole second in epoch ms (DateTime holds seconds)`);
  }
  if (epochMs < DATETIME_MIN_MS || epochMs > DATETIME_MAX_MS) throw new SqlLiteralError(`${epochMs} is outside ClickHouse's DateTime range`);
  const text = new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
  return `toDateTime('${text}', 'UTC')`;
}

/** An array of values, each written by sqlLiteral (ClickHouse finds one common type for them). */
export function sqlArray(values: readonly SqlValue[]): string {
  return `[${values.map(sqlLiteral).join(', ')}]`;
}

/** A name the code chose, or a configured database name, checked against IDENTIFIER_PATTERN. */
export function sqlIdentifier(name: string): string {
  if (typeof name !== 'string' || name.length > IDENTIFIER_MAX_CHARS || !IDENTIFIER_PATTERN.test(name)) {
    throw new SqlLiteralError(`'${String(name).slice(0, IDENTIFIER_MAX_CHARS)}' is not a name of letters, digits and _ (at most ${IDENTIFIER_MAX_CHARS})`);
  }
  return name;
}

/** Days of each month in a common year; February gains one in a leap year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isCalendarDay(day: string): boolean {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  if (month < 1 || month > 12 || date < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return date <= MONTH_DAYS[month - 1]! + (month === 2 && leap ? 1 : 0);
}
