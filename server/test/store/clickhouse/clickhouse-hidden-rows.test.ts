/**
 * A ranking's rows under the minimum cohort add up alike on DuckDB and ClickHouse (hidden-rows.ts,
 * ranking.ts rankingUnionVisitorsQuery): with a cohort of 2, four subsections of one reader each
 * (one reader reads two of them) become one row of others of three readers, compared with the
 * same four the day before (two readers); the day after, two of them hold one reader: no row of
 * others, each hidden. Plain (the cells), filtered (the rows)
 * and compared, both engines answer the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { BROWSER_UA, TEST_ENV, authHeadersFor, beaconUrl, startTestServer, testHit, type TestServer } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MIN_COHORT = '2';

const read = (subsection: string) => ({
  pageName: `noticies:${subsection}:pagina`,
  url: `http://localhost:8080/noticies/${subsection}/pagina/`,
  eVars: { 1: 'noticies', 2: subsection, 8: 'noticia', 20: `Pàgina de ${subsection}` },
});

/** Who reads which subsection, when (minutes after MORNING). */
const READS: { visitor: string; minute: number; subsection: string }[] = [
  { visitor: 'V1', minute: 0, subsection: 'politica' },
  { visitor: 'V1', minute: 1, subsection: 'societat' },
  { visitor: 'V2', minute: 2, subsection: 'economia' },
  { visitor: 'V3', minute: 3, subsection: 'cultura' },
  { visitor: 'V4', minute: 4, subsection: 'salut' },
  { visitor: 'V5', minute: 5, subsection: 'salut' },
  // The day before: two readers of two of the four, who add up to the cohort too.
  { visitor: 'V6', minute: -DAY_MS / MINUTE_MS, subsection: 'politica' },
  { visitor: 'V7', minute: -DAY_MS / MINUTE_MS + 1, subsection: 'cultura' },
  // The day after: one reader of two of the four.
  { visitor: 'V8', minute: DAY_MS / MINUTE_MS, subsection: 'politica' },
  { visitor: 'V8', minute: DAY_MS / MINUTE_MS + 1, subsection: 'cultura' },
];

const ASKS = ['from=2026-11-23&to=2026-11-23', 'from=2026-11-23&to=2026-11-23&f=device:desktop', 'from=2026-11-23&to=2026-11-23&compare=previous', 'from=2026-11-24&to=2026-11-24'];

describeWithClickHouse('rows under the minimum cohort add up alike on DuckDB and ClickHouse', () => {
  const db = useTestDatabase();
  const dirs: string[] = [];
  let duck: TestServer;
  let api: MesuraServer;
  let clock = 0;

  const clickhouseServer = (role: 'collector' | 'api') => {
    const { username, password, endpoint, database } = db().location;
    const dir = mkdtempSync(path.join(tmpdir(), 'mesura-hidden-rows-'));
    dirs.push(dir);
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dir, MESURA_LOG_LEVEL: 'silent', MESURA_STORE: store, MESURA_ROLE: role, MESURA_MIN_COHORT: MIN_COHORT };
    return createServer(loadConfig(env, repoRoot), { now: () => clock });
  };

  beforeAll(async () => {
    duck = await startTestServer({ MESURA_MIN_COHORT: MIN_COHORT }, () => clock);
    const collector = await clickhouseServer('collector');
    for (const { visitor, minute, subsection } of READS) {
      clock = MORNING + minute * MINUTE_MS;
      const hit = testHit({ visitor: { fid: visitor }, ...read(subsection) });
      for (const server of [duck.server, collector]) {
        const answer = await server.app.inject({ url: beaconUrl(hit, 'page_view'), headers: { 'user-agent': BROWSER_UA } });
        expect(answer.statusCode).toBe(200);
      }
    }
    await collector.close();
    api = await clickhouseServer('api');
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await duck?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (server: MesuraServer, url: string) => {
    const answer = await server.app.inject({ url, headers: await authHeadersFor(server, 'analyst') });
    expect(answer.statusCode, url).toBe(200);
    return answer.json() as ReportAnswer;
  };

  it.each(ASKS)('content/subsections?%s adds up its hidden rows alike', async (query) => {
    const url = `/api/reports/content/subsections?${query}`;
    const [expected, actual] = [await ask(duck.server, url), await ask(api, url)];
    expect(actual).toEqual(expected);
    if (query.startsWith('from=2026-11-24')) {
      // The day after, two rows of one reader: hidden each, nothing added up.
      expect(expected.othersRows).toBeUndefined();
      expect(expected.rows.map((row) => [row.key, row.hidden])).toEqual([
        ['cultura', true],
        ['politica', true],
      ]);
      return;
    }
    expect(expected.othersRows, url).toBe(4);
    expect(expected.rows.map((row) => [row.key, row.values.page_views])).toEqual([
      ['salut', 2],
      ['(altres)', 4],
    ]);
    // Compared, the same four rows the day before: two readers, shown.
    if (query.includes('compare')) expect(expected.rows[1]?.previous).toEqual({ page_views: 2, entries: 2 });
  });
});
