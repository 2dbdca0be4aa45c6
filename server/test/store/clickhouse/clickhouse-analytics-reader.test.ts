import { describe, expect, it } from 'vitest';
import { QueryNotOnEngineError } from '../../../src/store/analytics-reader.js';
import { bindValues, BindError } from '../../../src/store/clickhouse/bind-values.js';
import { ClickHouseAnalyticsReader } from '../../../src/store/clickhouse/clickhouse-analytics-reader.js';
import { fromFrameworkError } from '../../../src/http/errors.js';

describe('bindValues', () => {
  it('writes each $name as a literal of its value', () => {
    expect(bindValues('SELECT $a, $b, $c, $d, $e', { a: 'x', b: 3, c: 1.5, d: true, e: null }, 'q')).toBe("SELECT 'x', 3, 1.5, 1, NULL");
  });

  it('escapes quotes and backslashes inside values, so a value never ends its literal', () => {
    const bound = bindValues('SELECT $v', { v: "l'Hospitalet \\' ; DROP TABLE hits; --" }, 'q');
    expect(bound).toBe("SELECT 'l\\'Hospitalet \\\\\\' ; DROP TABLE hits; --'");
  });

  it('leaves $ inside quoted strings, quoted names and comments of the text alone', () => {
    const sql = "SELECT '$a', 'it\\'s $a', \"$a\", `$a` -- $a\n, $a /* $a */";
    expect(bindValues(sql, { a: 7 }, 'q')).toBe("SELECT '$a', 'it\\'s $a', \"$a\", `$a` -- $a\n, 7 /* $a */");
  });

  it('does not read a value as SQL: a value holding $name stays text', () => {
    expect(bindValues('SELECT $a, $b', { a: '$b', b: 'x' }, 'q')).toBe("SELECT '$b', 'x'");
  });

  it('takes the longest name, so $from is not $f followed by rom', () => {
    expect(bindValues('WHERE day >= $from AND f = $f', { f: 'a', from: '2026-11-23' }, 'q')).toBe("WHERE day >= '2026-11-23' AND f = 'a'");
  });

  it('writes $keys:strings as an array of the JSON list of texts, escaped', () => {
    expect(bindValues('WHERE k IN $keys:strings', { keys: JSON.stringify(['a', "b'c", '\\']) }, 'q')).toBe("WHERE k IN ['a', 'b\\'c', '\\\\']");
    expect(bindValues('WHERE k IN $keys:strings', { keys: '[]' }, 'q')).toBe('WHERE k IN emptyArrayString()');
  });

  it('refuses a list that is not a JSON list of texts, naming the query', () => {
    for (const keys of ['["a", 1]', 'not json', '{"a":"b"}']) {
      expect(() => bindValues('WHERE k IN $keys:strings', { keys }, 'pages')).toThrow(new BindError("query 'pages' takes $keys as a JSON list of texts"));
    }
  });

  it('refuses a $name that has no value, naming the query and the name', () => {
    expect(() => bindValues('SELECT $suite, $missing', { suite: 's' }, 'audience by day')).toThrow(new BindError("query 'audience by day' needs a value for $missing, and none was given"));
  });
});

describe('ClickHouseAnalyticsReader', () => {
  it('runs the ClickHouse text with its values and the report zone as $tz bound', async () => {
    const sent: string[] = [];
    const reader = new ClickHouseAnalyticsReader({ query: async <Row>(sql: string) => (sent.push(sql), [{ n: '1' }] as Row[]) }, { timeZone: 'Europe/Madrid' });
    const rows = await reader.read({ name: 'q', duckdb: 'SELECT $s::int', clickhouse: 'SELECT count() AS n WHERE $s AND $tz' }, { s: 'x' });
    expect(rows).toEqual([{ n: '1' }]);
    expect(sent).toEqual(["SELECT count() AS n WHERE 'x' AND 'Europe/Madrid'"]);
  });

  it('refuses a query with no ClickHouse text in one line naming it, which the routes answer 501', async () => {
    const reader = new ClickHouseAnalyticsReader({ query: async () => [] }, { timeZone: 'UTC' });
    const refusal = reader.read({ name: 'a DuckDB-only report', duckdb: 'SELECT 1' }, {});
    await expect(refusal).rejects.toBeInstanceOf(QueryNotOnEngineError);
    const error = (await refusal.catch((e: unknown) => e)) as Error;
    expect(error.message).toBe("'a DuckDB-only report' is not available on ClickHouse yet; read this report on a server with the embedded store");
    expect(fromFrameworkError(error).body()).toEqual({ code: 'MESURA_ERR_NOT_ON_ENGINE', error: error.message });
    expect(fromFrameworkError(error).kind.status).toBe(501);
  });
});
