/**
 * SQL pieces the media texts on ClickHouse share, written for 18.16 and a current server alike.
 */
import { sqlString } from './sql-literal.js';

/**
 * `value` rounded to `decimals` places, halves away from zero: what DuckDB's `round` does
 * (std::round of value × 10^decimals). ClickHouse's own `round` differs by version: 18.16 rounds
 * halves away from zero, a current server rounds a float's halves to even, so the figures would
 * differ from DuckDB's by one in the last place on a half.
 */
export function roundHalfAwaySql(value: string, decimals = 0): string {
  const scale = 10 ** decimals;
  const scaled = decimals === 0 ? `(${value})` : `(${value}) * ${scale}.0`;
  const rounded = `if(${scaled} < 0, -floor(-${scaled} + 0.5), floor(${scaled} + 0.5))`;
  return decimals === 0 ? rounded : `${rounded} / ${scale}.0`;
}

/**
 * The strings of a JSON list of strings (`["a","b"]`, as JSON.stringify writes it) as an
 * Array(String). 18.16 has no JSONExtract: each quoted string is found by a pattern that steps over
 * escapes, and read back (unescaped) by visitParamExtractString as the value of a one-key object.
 */
export function jsonStringListSql(json: string): string {
  return `arrayMap(s -> visitParamExtractString(concat('{"v":', s, '}'), 'v'), extractAll(${json}, ${JSON_STRING_PATTERN}))`;
}

/**
 * The objects of a JSON list of flat objects (`[{"k":"v","n":1}]`) as an Array(String) of their
 * texts, for visitParamExtract* to read each key: an object is `{…}` with no brace outside its strings.
 */
export function jsonObjectListSql(json: string): string {
  return `extractAll(${json}, ${JSON_OBJECT_PATTERN})`;
}

/** A JSON string: a quote, then characters other than a quote or a backslash, or an escape. */
const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
/** ClickHouse string literals read a backslash as an escape: each is written twice. */
const literal = (pattern: string) => `'${pattern.replaceAll('\\', '\\\\')}'`;
const JSON_STRING_PATTERN = literal(JSON_STRING);
const JSON_OBJECT_PATTERN = literal(String.raw`\{(?:[^{}"]|${JSON_STRING})*\}`);

/** The value at a top-level key of a JSON object held as text, NULL when the key is absent or not a string. */
export function jsonStringSql(json: string, key: string): string {
  return `if(visitParamHas(${json}, ${sqlString(key)}), visitParamExtractString(${json}, ${sqlString(key)}), NULL)`;
}
