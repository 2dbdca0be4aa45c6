import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { sqlString } from '../../src/store/sql-string.js';

const VALUES = ['plain', "l'Hospitalet", 'C:\\dades\\', "'; DROP TABLE hits; --", '', 'Què? «Sí»', "\\'"];

describe('sqlString', () => {
  it.each(VALUES)('gives DuckDB back exactly %j', async (value) => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(`SELECT ${sqlString(value, 'duckdb')} AS v`);
    expect(reader.getRowObjectsJson()[0]?.v).toBe(value);
    connection.closeSync();
    instance.closeSync();
  });

  it.each([
    { value: "l'Hospitalet", literal: "'l\\'Hospitalet'" },
    { value: 'C:\\dades', literal: "'C:\\\\dades'" },
    { value: "\\'", literal: "'\\\\\\''" },
  ])('escapes $value for ClickHouse as $literal', ({ value, literal }) => {
    expect(sqlString(value, 'clickhouse')).toBe(literal);
  });

  it('refuses a NUL character', () => {
    expect(() => sqlString('a\0b', 'duckdb')).toThrow('a SQL string cannot hold a NUL character');
  });
});
