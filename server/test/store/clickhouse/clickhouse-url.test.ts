import { describe, expect, it } from 'vitest';
import { ClickHouseUrlError, describeClickHouse, parseClickHouseUrl } from '../../../src/store/clickhouse/clickhouse-url.js';

describe('parseClickHouseUrl', () => {
  it('reads user, password, host, port and database', () => {
    expect(parseClickHouseUrl('clickhouse://mesura:s3cret@db.example:9123/events')).toEqual({
      endpoint: 'http://db.example:9123',
      username: 'mesura',
      password: 's3cret',
      database: 'events',
    });
  });

  it('takes the default user and port, https for clickhouses:, and decodes %-escapes', () => {
    expect(parseClickHouseUrl('clickhouse://127.0.0.1/mesura')).toEqual({ endpoint: 'http://127.0.0.1:8123', username: 'default', password: '', database: 'mesura' });
    expect(parseClickHouseUrl('clickhouses://a%40b:p%3A%2Fw@[::1]/m_1').endpoint).toBe('https://[::1]:8443');
    expect(parseClickHouseUrl('clickhouses://a%40b:p%3A%2Fw@[::1]/m_1')).toMatchObject({ username: 'a@b', password: 'p:/w' });
  });

  it.each([
    { value: 'not a url', message: 'MESURA_STORE: is not a URL' },
    { value: 'postgres://u:hunter2@h/db', message: 'MESURA_STORE: the scheme must be clickhouse: or clickhouses:, not postgres:' },
    { value: 'clickhouse://u:hunter2@h:8123', message: 'MESURA_STORE: names no database after the host' },
    { value: 'clickhouse://u:hunter2@h/db?x=1', message: 'MESURA_STORE: takes no query or fragment' },
    { value: 'clickhouse://u:hunter2@h/my-db', message: 'MESURA_STORE: the database must be letters, digits and _' },
    { value: 'clickhouse://u:hunter2@h/db;DROP', message: 'MESURA_STORE: the database must be letters, digits and _' },
    { value: 'clickhouse://u:hunter2@h/a/b', message: 'MESURA_STORE: the database must be letters, digits and _' },
    { value: 'clickhouse://u:hunter2@h:0/db', message: 'MESURA_STORE: port 0 is not a port' },
    { value: 'clickhouse://u:hunter2@h:70000/db', message: 'MESURA_STORE: is not a URL' },
    { value: 'clickhouse://u:hunter2%zz@h/db', message: 'MESURA_STORE: holds a malformed %-escape' },
  ])('refuses $value in one line that never shows the password', ({ value, message }) => {
    let error: unknown;
    try {
      parseClickHouseUrl(value);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ClickHouseUrlError);
    const text = (error as Error).message;
    expect(text.startsWith(message)).toBe(true);
    expect(text).toContain('write it as clickhouse://user:password@host:8123/database');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('\n');
  });

  it('describes a location without its password', () => {
    const location = parseClickHouseUrl('clickhouse://mesura:hunter2@db:8123/events');
    expect(describeClickHouse(location)).toBe('clickhouse://mesura@db:8123/events');
  });
});
