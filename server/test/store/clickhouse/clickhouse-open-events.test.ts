import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { ClickHouseQueryError } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { ClickHouseUrlError } from '../../../src/store/clickhouse/clickhouse-url.js';
import { ClickHouseStartError, openClickHouseEvents } from '../../../src/store/clickhouse/open-clickhouse-events.js';
import { sqlString } from '../../../src/store/clickhouse/sql-literal.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { hitRow } from '../../helpers/event-rows.js';
import { startTcpProxy } from '../../helpers/tcp-proxy.js';

const options = { variables: ['section'], now: () => Date.UTC(2026, 0, 31) };

describeWithClickHouse('openClickHouseEvents (MESURA_STORE=clickhouse://…)', () => {
  const db = useTestDatabase();
  const urlOf = (credentials: string, endpoint = db().location.endpoint.replace('http://', '')) => `clickhouse://${credentials}@${endpoint}/${db().location.database}`;

  it('creates the database and its tables on first start, and opens them again on the next', async () => {
    const url = urlOf(`${db().location.username}:${db().location.password}`);
    const first = await openClickHouseEvents({ ...options, url });
    expect(await first.writer.write({ id: 'c1/start/0', rows: [hitRow('e-1')] })).toEqual({ outcome: 'stored', rowsInserted: 1, refused: [] });
    await first.close();
    const again = await openClickHouseEvents({ ...options, url, variables: ['section', 'pageType'] });
    const tables = await again.transport.query<{ name: string }>(`SELECT name FROM system.tables WHERE database = ${sqlString(db().location.database)} ORDER BY name`);
    expect(tables.map((t) => t.name)).toEqual([
      'consent_choices',
      'decision_events',
      'event_batches',
      'heartbeats',
      'hits',
      'live_minute_rollup',
      'live_minute_rollup_days',
      'mesura_schema_version',
      'page_views_daily',
      'refused_hits',
      'rights_requests',
      'session_rollup',
      'session_rollup_days',
      'visit_rollup',
      'visit_rollup_days',
    ]);
    expect(await again.writer.write({ id: 'c1/start/0', rows: [hitRow('e-1')] })).toEqual({ outcome: 'already-stored', rowsInserted: 0, refused: [] });
    await again.close();
  });

  it('starts four collectors at once, each adding the same new variable column', async () => {
    const database = `${db().location.database}_race`;
    const url = urlOf(`${db().location.username}:${db().location.password}`).replace(db().location.database, database);
    try {
      await (await openClickHouseEvents({ ...options, url })).close();
      const opened = await Promise.all([0, 1, 2, 3].map(() => openClickHouseEvents({ ...options, url, variables: ['section', 'campaignCode'] })));
      await Promise.all(opened.map((events) => events.close()));
      const columns = await db().transport.query(`SELECT name FROM system.columns WHERE database = ${sqlString(database)} AND table = 'hits' AND name = 'campaign_code'`);
      expect(columns).toHaveLength(1);
    } finally {
      await db().transport.command(`DROP DATABASE IF EXISTS ${database}`);
    }
  });

  it('gives a statement ClickHouse refuses as one line with its code, on an old server as on a new one', async () => {
    const error = await db()
      .transport.query('SELECT no_such_column')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClickHouseQueryError);
    expect((error as ClickHouseQueryError).clickHouseCode).toBe(47);
    expect((error as Error).message).toMatch(/^ClickHouse: Code: 47[,.] .*no_such_column/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('refuses a wrong password in one line that names the server and not the password', async () => {
    const secret = `pw-${randomBytes(4).toString('hex')}`;
    const error = await openClickHouseEvents({ ...options, url: urlOf(`default:${secret}`) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClickHouseStartError);
    expect((error as Error).message).toContain(`ClickHouse at clickhouse://default@${db().location.endpoint.replace('http://', '')}/${db().location.database} could not make the events tables`);
    expect((error as Error).message).not.toContain(secret);
    expect((error as Error).message).not.toContain('\n');
  });

  it('refuses a server that does not answer, and a URL that names none', async () => {
    await expect(openClickHouseEvents({ ...options, url: urlOf('default:', '127.0.0.1:1') })).rejects.toThrow(ClickHouseStartError);
    await expect(openClickHouseEvents({ ...options, url: 'clickhouse://127.0.0.1:8123/' })).rejects.toThrow(ClickHouseUrlError);
  });

  it('waits for a server it cannot reach when asked to, and makes the tables once it answers', async () => {
    const { hostname, port } = new URL(db().location.endpoint);
    const proxy = await startTcpProxy({ host: hostname, port: Number(port) });
    await proxy.down();
    const database = `${db().location.database}_late`;
    const url = urlOf(`${db().location.username}:${db().location.password}`, `127.0.0.1:${proxy.port}`).replace(db().location.database, database);
    const events = await openClickHouseEvents({ ...options, url, whileUnreachable: 'wait' });
    try {
      expect(events.unreachable).toBeInstanceOf(ClickHouseStartError);
      expect(events.unreachable?.message).toMatch(new RegExp(`^ClickHouse at clickhouse://default@127\\.0\\.0\\.1:${proxy.port}/${database} could not make the events tables: `));
      expect(events.unreachable?.message).not.toContain('\n');
      await expect(events.schema.ready()).rejects.toThrow(ClickHouseStartError);
      expect(events.schema.isOpen).toBe(false);
      await proxy.up();
      await events.schema.ready();
      expect(await events.writer.write({ id: 'c1/late/0', rows: [hitRow('e-late')] })).toMatchObject({ outcome: 'stored', rowsInserted: 1 });
      const tables = await db().transport.query<{ name: string }>(`SELECT name FROM system.tables WHERE database = ${sqlString(database)} AND name IN ('hits', 'refused_hits')`);
      expect(tables.map((t) => t.name).sort()).toEqual(['hits', 'refused_hits']);
    } finally {
      await events.close();
      await proxy.down();
      await db().transport.command(`DROP DATABASE IF EXISTS ${database}`);
    }
  });

  it('does not wait for a server that answers with an error: a wrong password fails the start as before', async () => {
    const secret = `pw-${randomBytes(4).toString('hex')}`;
    const error = await openClickHouseEvents({ ...options, url: urlOf(`default:${secret}`), whileUnreachable: 'wait' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClickHouseStartError);
    expect((error as Error).message).not.toContain(secret);
  });
});
