/**
 * scripts/services/clickhouse-current.sh and chdb-server/: ClickHouse 26.7 (chDB) behind the HTTP
 * interface answers the store's transport as a server does, and what it emulates holds.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../helpers/free-port.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickHouseQueryError, createClickHouseTransport, QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { parseClickHouseUrl } from '../../../src/store/clickhouse/clickhouse-url.js';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/services/clickhouse-current.sh');
const run = promisify(execFile);
/** ClickHouse's codes: an unknown table, a refused user. */
const UNKNOWN_TABLE = 60;
const AUTHENTICATION_FAILED = 516;
/** chDB's library exists for Linux on x64 (clickhouse-current.sh installs it); CI runs there. */
const describeWhereChdbRuns = (platform() === 'linux' && arch() === 'x64') || process.env.CI === 'true' ? describe : describe.skip;

describeWhereChdbRuns('scripts/services/clickhouse-current.sh (ClickHouse 26.7 through chDB)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-chdb-'));
  let env: Record<string, string>;
  let url: string;

  beforeAll(async () => {
    env = { ...process.env, MESURA_CLICKHOUSE_CURRENT_PORT: String(await freePort()) } as Record<string, string>;
    await run(SCRIPT, ['start', dir], { env });
    url = (await run(SCRIPT, ['url', dir], { env })).stdout.trim();
  }, 60_000);
  afterAll(async () => {
    await run(SCRIPT, ['stop', dir], { env });
    rmSync(dir, { recursive: true, force: true });
  });

  const transportAs = (user = 'default:') => createClickHouseTransport(parseClickHouseUrl(url.replace('default:', user)));

  it('runs statements in the asked format, each with its database and its own settings', async () => {
    const transport = transportAs();
    try {
      await transport.command('CREATE DATABASE IF NOT EXISTS chdb_server_test');
      const within = createClickHouseTransport(parseClickHouseUrl(url), { database: 'chdb_server_test', maxQueryBytes: 1_000_000 });
      const [raised] = await within.query<{ db: string; size: string; big: string }>(
        "SELECT currentDatabase() AS db, toString(getSetting('max_query_size')) AS size, toUInt64(9007199254740993) AS big",
      );
      expect(raised).toEqual({ db: 'chdb_server_test', size: '1000000', big: '9007199254740993' });
      await within.close();
      expect(await transport.query("SELECT currentDatabase() AS db, toString(getSetting('max_query_size')) AS size")).toEqual([{ db: 'default', size: '262144' }]);
      expect(await transport.query("SELECT startsWith(version(), '26.') AS current")).toEqual([{ current: 1 }]);
    } finally {
      await transport.command('DROP DATABASE IF EXISTS chdb_server_test');
      await transport.close();
    }
  });

  it("answers ClickHouse's own error, whose code the transport reads", async () => {
    const transport = transportAs();
    const error = await transport.query('SELECT * FROM default.no_such_table').catch((caught: unknown) => caught);
    await transport.close();
    expect(error).toBeInstanceOf(ClickHouseQueryError);
    expect((error as ClickHouseQueryError).clickHouseCode).toBe(UNKNOWN_TABLE);
    expect((error as Error).message).toMatch(/^ClickHouse: Code: 60\. .*no_such_table/);
  });

  it('refuses a statement under the id of one still running, and takes the id again once it ended', async () => {
    const transport = transportAs();
    const queryId = 'chdb-server-test-same-id';
    const first = transport.query('SELECT sleepEachRow(0.2) FROM numbers(5)', { queryId });
    // The first is running once a statement sees it in system.processes (under chDB's own id).
    for (let read = 0; read < 100; read += 1) {
      if ((await transport.query("SELECT 1 FROM system.processes WHERE query LIKE 'SELECT sleepEachRow(0.2)%'")).length > 0) break;
    }
    const second = await transport.query('SELECT 1', { queryId }).catch((caught: unknown) => caught);
    expect((second as ClickHouseQueryError).clickHouseCode).toBe(QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING);
    expect(await first).toHaveLength(5);
    expect(await transport.query('SELECT 1 AS one', { queryId })).toEqual([{ one: 1 }]);
    await transport.close();
  });

  it('refuses any user but default without a password', async () => {
    const transport = transportAs('default:secret');
    const error = await transport.query('SELECT 1').catch((caught: unknown) => caught);
    await transport.close();
    expect((error as ClickHouseQueryError).clickHouseCode).toBe(AUTHENTICATION_FAILED);
  });
});
