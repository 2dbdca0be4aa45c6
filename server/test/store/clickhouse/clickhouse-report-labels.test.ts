/**
 * A ranking's label is the same on DuckDB and ClickHouse however its rows came (content-reports.ts,
 * engagement-reports.ts: `min`, not `any`): a page, a programme, a link and a file are each sent
 * first with the larger of two titles or names, one beacon at a time, so DuckDB's page day and link
 * cells and ClickHouse's page-view cells each hold a cell per beacon whose first label is the
 * larger. Each report shows the smaller, plain (from the cells) and filtered (from the rows).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnalyticsHit, HitType, ReportAnswer } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { BROWSER_UA, TEST_ENV, authHeadersFor, beaconUrl, startTestServer, testHit, type TestServer } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const RANGE = 'from=2026-11-23&to=2026-11-23';
const MINUTE_MS = 60_000;

const PAGE_URL = 'http://localhost:8080/noticies/politica/pagina/';
const PDF_URL = 'http://localhost:8080/docs/informe.pdf';
/** A page of the programme prog-9 titled `title`, its programme named `programme`. */
const page = (title: string, programme: string) => ({
  pageName: 'noticies:politica:pagina',
  url: PAGE_URL,
  eVars: { 1: 'noticies', 2: 'politica', 5: 'prog-9', 6: programme, 8: 'noticia', 20: title },
});

/** The larger label of each pair first, each beacon a batch (and a DuckDB segment) of its own. */
const BEACONS: { visitor: string; minute: number; hit: Partial<AnalyticsHit>; type: HitType }[] = [
  { visitor: 'V1', minute: 0, hit: page('Zeta', 'Programa Z'), type: 'page_view' },
  { visitor: 'V1', minute: 1, hit: { ...page('Zeta', 'Programa Z'), events: [{ id: 3 }], link: { type: 'o', name: 'Comparteix' } }, type: 'link_o' },
  { visitor: 'V1', minute: 2, hit: { ...page('Zeta', 'Programa Z'), events: [{ id: 5 }], link: { type: 'd', name: 'Zeta.pdf', url: PDF_URL } }, type: 'link_d' },
  { visitor: 'V2', minute: 10, hit: page('Alfa', 'Programa A'), type: 'page_view' },
  { visitor: 'V2', minute: 11, hit: { ...page('Alfa', 'Programa A'), events: [{ id: 3 }], link: { type: 'o', name: 'Comparteix' } }, type: 'link_o' },
  { visitor: 'V2', minute: 12, hit: { ...page('Alfa', 'Programa A'), events: [{ id: 5 }], link: { type: 'd', name: 'Alfa.pdf', url: PDF_URL } }, type: 'link_d' },
];

/** Each report's row and the label both engines must show: the smaller of its two. */
const EXPECTED: { report: string; params?: string; key: string; label: string }[] = [
  { report: 'content/pages', key: PAGE_URL, label: 'Alfa' },
  { report: 'content/programmes', key: 'prog-9', label: 'Programa A' },
  { report: 'content/entry-pages', key: PAGE_URL, label: 'Alfa' },
  { report: 'content/exit-pages', key: PAGE_URL, label: 'Alfa' },
  { report: 'engagement/event-links', params: '&event=3', key: 'Comparteix', label: 'Comparteix · Alfa' },
  { report: 'engagement/downloads', key: PDF_URL, label: 'Alfa.pdf' },
];

/** Plain (the cells), and with a filter every row has (the rows themselves). */
const VARIANTS = ['', '&f=device:desktop'];

describeWithClickHouse('a ranking shows the same label on DuckDB and ClickHouse', () => {
  const db = useTestDatabase();
  const dirs: string[] = [];
  let duck: TestServer;
  let api: MesuraServer;
  let clock = 0;

  const clickhouseServer = (role: 'collector' | 'api') => {
    const { username, password, endpoint, database } = db().location;
    const dir = mkdtempSync(path.join(tmpdir(), 'mesura-labels-'));
    dirs.push(dir);
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dir, MESURA_LOG_LEVEL: 'silent', MESURA_STORE: store, MESURA_ROLE: role, MESURA_MIN_COHORT: '1' };
    return createServer(loadConfig(env, repoRoot), { now: () => clock });
  };

  beforeAll(async () => {
    duck = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    const collector = await clickhouseServer('collector');
    for (const beacon of BEACONS) {
      clock = MORNING + beacon.minute * MINUTE_MS;
      const hit = testHit({ visitor: { fid: beacon.visitor }, ...beacon.hit });
      for (const server of [duck.server, collector]) {
        const answer = await server.app.inject({ url: beaconUrl(hit, beacon.type), headers: { 'user-agent': BROWSER_UA } });
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

  const labelOf = async (server: MesuraServer, url: string, key: string) => {
    const answer = await server.app.inject({ url, headers: await authHeadersFor(server, 'analyst') });
    expect(answer.statusCode, url).toBe(200);
    return (answer.json() as ReportAnswer).rows.find((row) => row.key === key)?.label;
  };

  it.each(EXPECTED)('$report shows $label for $key on both engines, plain and filtered', async ({ report, params = '', key, label }) => {
    for (const variant of VARIANTS) {
      const url = `/api/reports/${report}?${RANGE}${params}${variant}`;
      expect(await labelOf(duck.server, url, key), `DuckDB ${url}`).toBe(label);
      expect(await labelOf(api, url, key), `ClickHouse ${url}`).toBe(label);
    }
  });
});
