import type { SqlValue } from '../analytics-reader.js';
import { sqlArray, sqlLiteral } from './sql-literal.js';

/**
 * Puts a report query's `$name` values into its ClickHouse text as literals (18.16 has no query
 * parameters), each written by sql-literal.ts and nothing else. `$name` is the value as a literal;
 * `$name:strings` is a JSON list of texts (the rankings' `$keys`) as an Array(String) literal, so
 * that the text says which values are lists instead of the binder guessing from their look. A `$`
 * inside a quoted string, a quoted name or a comment of the text is left as it is.
 */

/** A query whose ClickHouse text names a value the caller did not give, or gives one of the wrong kind. */
export class BindError extends Error {
  readonly code = 'CLICKHOUSE_BIND';
}

/** `$name` or `$name:strings`, as the binder reads it outside quotes and comments. */
const PARAMETER = /\$([A-Za-z_][A-Za-z0-9_]*)(:strings\b)?/y;

export function bindValues(sql: string, values: Readonly<Record<string, SqlValue>>, queryName: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const skipped = skipQuotedOrComment(sql, i);
    if (skipped > i) {
      out += sql.slice(i, skipped);
      i = skipped;
      continue;
    }
    PARAMETER.lastIndex = i;
    const match = sql[i] === '$' ? PARAMETER.exec(sql) : null;
    if (!match) {
      out += sql[i];
      i += 1;
      continue;
    }
    const [whole, name, strings] = match as unknown as [string, string, string | undefined];
    if (!Object.hasOwn(values, name) || values[name] === undefined) {
      throw new BindError(`query '${queryName}' needs a value for $${name}, and none was given`);
    }
    out += strings ? stringList(values[name]!, name, queryName) : sqlLiteral(values[name]!);
    i += whole.length;
  }
  return out;
}

/** A JSON list of texts (`["a","b"]`) as an array literal; anything else is refused. */
function stringList(value: SqlValue, name: string, queryName: string): string {
  const list: unknown = typeof value === 'string' ? parseJson(value) : undefined;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    throw new BindError(`query '${queryName}' takes $${name} as a JSON list of texts`);
  }
  // An empty literal `[]` is Array(Nothing) on 18.16, which `IN` and `has` refuse: typed instead.
  return list.length === 0 ? 'emptyArrayString()' : sqlArray(list);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Where a quoted string ('…', with ClickHouse's backslash escapes), a quoted name ("…", `…`) or a
 * comment (-- to the line's end, /* … *\/) that starts at `i` ends; `i` itself when none starts there.
 */
function skipQuotedOrComment(sql: string, i: number): number {
  const c = sql[i];
  if (c === "'" || c === '"' || c === '`') {
    let j = i + 1;
    while (j < sql.length && sql[j] !== c) j += sql[j] === '\\' ? 2 : 1;
    return Math.min(j + 1, sql.length);
  }
  if (c === '-' && sql[i + 1] === '-') {
    const end = sql.indexOf('\n', i);
    return end === -1 ? sql.length : end;
  }
  if (c === '/' && sql[i + 1] === '*') {
    const end = sql.indexOf('*/', i + 2);
    return end === -1 ? sql.length : end + 2;
  }
  return i;
}
