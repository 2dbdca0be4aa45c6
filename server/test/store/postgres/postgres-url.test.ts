import { describe, expect, it } from 'vitest';
import { parsePostgresUrl } from '../../../src/store/postgres/postgres-url.js';

describe('MESURA_METADATA', () => {
  it('accepts a postgres:// address and shows it without its password', () => {
    const url = parsePostgresUrl('MESURA_METADATA', 'postgres://mesura:s3cret%21@db.example.cat:5433/metadata');
    expect(url.connectionString).toBe('postgres://mesura:s3cret%21@db.example.cat:5433/metadata');
    expect(url.display).toBe('mesura@db.example.cat:5433/metadata');
  });

  it.each([
    ['not a url', 'MESURA_METADATA must be a postgres://user:password@host:port/database address; it is not a URL'],
    ['mysql://root:s3cret@db/metadata', "MESURA_METADATA must be a postgres://user:password@host:port/database address; its scheme is 'mysql'"],
    ['postgres://mesura:s3cret@db.example.cat:5432/', 'MESURA_METADATA must be a postgres://user:password@host:port/database address; it names no database (the path after the host)'],
    ['postgresql://mesura:s3cret@db.example.cat', 'MESURA_METADATA must be a postgres://user:password@host:port/database address; it names no database (the path after the host)'],
  ])('refuses %s in one line that does not repeat the password', (value, message) => {
    expect(() => parsePostgresUrl('MESURA_METADATA', value)).toThrow(message);
    try {
      parsePostgresUrl('MESURA_METADATA', value);
    } catch (error) {
      expect((error as Error).message).not.toContain('s3cret');
    }
  });
});
