/**
 * An API node over ClickHouse answers the media area, the media report and sessions, the page-view
 * report and the event export as a server on the embedded DuckDB store does (issue text "Same
 * answers": every report, the export and the media sessions): media plays (the tracker's replayed
 * requests: on demand with ads, chapters, a stall and a midroll, live television and radio) and the
 * hit reports' data set go through the collectors' endpoints into both engines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReportCatalogueEntry } from '@mesura/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { NEXT_TOKEN_HEADER } from '../../../src/reports/report-routes.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { FIXTURE_RANGE, hitReportsFixture } from '../../helpers/hit-reports-fixture.js';
import { replay, urlOf, type ReplayedRequest } from '../../helpers/media.js';
import { liveScenario, STALL_AND_MIDROLL } from '../../helpers/media-play-rows.js';
import { BROWSER_UA, TEST_ENV, authHeadersFor, beaconUrl, startTestServer, type TestServer } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const MEDIA_RANGE = 'from=2026-01-01&to=2026-01-02';
/** The suites of packages/media's scenario files, sent to the server's suite here. */
const SCENARIO_SUITES = ['rsid.test', 'mesuraprod'];
/** Servers, collectors and three hundred requests into each: seconds on a busy machine. */
const ROUTES_TEST_TIMEOUT_MS = 240_000;

/** The media area's report parameters and variants: plain, compared, filtered, a page. */
const VARIANTS = ['', '&compare=previous', '&f=device:desktop', '&f=programme:Directe', '&limit=2&offset=1'];

describeWithClickHouse('the media routes and the export on an API node over ClickHouse', () => {
  const db = useTestDatabase();
  const cleanups: (() => Promise<void>)[] = [];
  let duck: TestServer;
  let api: MesuraServer;
  let clock = 0;

  const clickhouseServer = (role: 'collector' | 'api') => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesura-ch-media-routes-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const { username, password, endpoint, database } = db().location;
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dir, MESURA_LOG_LEVEL: 'silent', MESURA_STORE: store, MESURA_ROLE: role, MESURA_MIN_COHORT: '1' };
    return createServer(loadConfig(env, repoRoot), { now: () => clock });
  };
  const send = async (server: MesuraServer, at: number, url: string, ua: string) => {
    clock = at;
    const answer = await server.app.inject({ url, headers: { 'user-agent': ua } });
    expect(answer.statusCode, url).toBeLessThan(300);
  };
  const ask = async (server: MesuraServer, url: string) => {
    const answer = await server.app.inject({ url, headers: await authHeadersFor(server, 'analyst') });
    return { status: answer.statusCode, headers: answer.headers, body: answer.body };
  };
  const expectSame = async (url: string) => {
    const [expected, actual] = await Promise.all([ask(duck.server, url), ask(api, url)]);
    expect(expected.status, `${url}: ${expected.body}`).toBe(200);
    expect(actual.status, `${url}: ${actual.body}`).toBe(200);
    expect(actual.headers[NEXT_TOKEN_HEADER.toLowerCase()], url).toEqual(expected.headers[NEXT_TOKEN_HEADER.toLowerCase()]);
    expect(actual.body, url).toEqual(expected.body);
    return expected;
  };

  beforeAll(async () => {
    const scenarios = ['preroll-ads-chapter-seek.json', 'issue-example.json', STALL_AND_MIDROLL, liveScenario('mesura-tv', 'video', 40), liveScenario('mesura-radio', 'audio', 25)];
    const replays = await Promise.all(scenarios.map((s) => replay(s)));
    const plays = replays.flatMap((requests, n) => ownSession(requests, `-${n}`)).sort((a, b) => a.sentAtMs - b.sentAtMs);
    const beacons = hitReportsFixture();
    duck = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    // Two collectors, as behind a load balancer: a resent copy reaches the one that did not see it.
    const collectors = [await clickhouseServer('collector'), await clickhouseServer('collector')];
    for (const [n, request] of plays.entries()) {
      await send(duck.server, request.sentAtMs, urlOf(request), BROWSER_UA);
      await send(collectors[n % 2]!, request.sentAtMs, urlOf(request), BROWSER_UA);
    }
    for (const beacon of beacons) {
      const url = beaconUrl(beacon.hit, beacon.type);
      await send(duck.server, beacon.at, url, beacon.ua);
      await send(collectors[beacon.resent ? 1 : 0]!, beacon.at, url, beacon.ua);
    }
    for (const collector of collectors) await collector.close();
    api = await clickhouseServer('api');
  }, ROUTES_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await api?.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await duck?.dispose();
  }, ROUTES_TEST_TIMEOUT_MS);

  it(
    'answers the media report by every dimension and lists the same sessions',
    async () => {
      for (const by of ['content', 'programme', 'day']) {
        for (const bots of ['', '&includeBots=true']) await expectSame(`/api/reports/media?${MEDIA_RANGE}&by=${by}${bots}`);
      }
      const sessions = await expectSame(`/api/reports/media/sessions?${MEDIA_RANGE}`);
      // Every replayed play is a session of its own, with its end.
      expect(JSON.parse(sessions.body).sessions.map((s: { endedReason: string }) => s.endedReason)).toHaveLength(5);
      await expectSame(`/api/reports/media/sessions?${MEDIA_RANGE}&limit=2`);
    },
    ROUTES_TEST_TIMEOUT_MS,
  );

  it(
    'answers every report of the media area alike, plain, compared, filtered and paged',
    async () => {
      const catalogue = JSON.parse((await ask(duck.server, '/api/reports/catalogue')).body) as ReportCatalogueEntry[];
      const media = catalogue.filter((entry) => entry.area === 'media');
      expect(media.length).toBeGreaterThan(15);
      let withFigures = 0;
      for (const { report } of media) {
        for (const variant of VARIANTS) {
          const day = report === 'media/live-viewers-per-minute' ? '&day=2026-01-01' : '';
          const answer = JSON.parse((await expectSame(`/api/reports/${report}?${MEDIA_RANGE}${day}${variant}`)).body) as { rows: { values: Record<string, unknown> }[] };
          if (answer.rows.some((row) => Object.values(row.values).some((value) => value !== 0 && value !== null))) withFigures += 1;
        }
      }
      expect(withFigures / (media.length * VARIANTS.length)).toBeGreaterThan(0.5);
      // A programme opened into its seasons, a season into its episodes (media-session-reports.ts DRILL_PARAMS).
      for (const { report } of media.filter(({ report }) => /-by-(season|content)$/.test(report))) {
        for (const drill of ['&programme=Directe', '&programme=Directe&season=', '&programme=']) {
          if (drill.includes('season') && report.endsWith('-by-season')) continue;
          await expectSame(`/api/reports/${report}?${MEDIA_RANGE}${drill}`);
        }
      }
    },
    ROUTES_TEST_TIMEOUT_MS,
  );

  it(
    'exports the same events, page by page, as JSON and CSV, and answers the page-view report alike',
    async () => {
      for (const format of ['json', 'csv']) {
        let url = `/api/export/events?from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}&format=${format}&limit=4`;
        let pages = 0;
        for (;;) {
          const page = await expectSame(url);
          pages += 1;
          const next = page.headers[NEXT_TOKEN_HEADER.toLowerCase()];
          if (typeof next !== 'string') break;
          url = `/api/export/events?from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}&format=${format}&limit=4&after=${next}`;
        }
        expect(pages).toBeGreaterThan(3);
      }
      await expectSame(`/api/export/events?${MEDIA_RANGE}`);
      for (const by of ['day', 'section', 'pageName']) await expectSame(`/api/reports/pageviews?from=${FIXTURE_RANGE.from}&to=${FIXTURE_RANGE.to}&by=${by}`);
    },
    ROUTES_TEST_TIMEOUT_MS,
  );
});

/**
 * A replay's requests under a session id of their own (the tracker's replays share one): `suffix`
 * added wherever the id is; the packages' scenarios' suite is the server's.
 */
function ownSession(requests: readonly ReplayedRequest[], suffix: string): ReplayedRequest[] {
  const sid = requests.find((r) => r.kind === 'heartbeat')!.params['s:event:sid']!;
  const own = (value: string) => SCENARIO_SUITES.reduce((text, suite) => text.replaceAll(suite, 'mesuradev'), value.replaceAll(sid, `${sid}${suffix}`));
  return requests.map((request) => ({ ...request, params: Object.fromEntries(Object.entries(request.params).map(([key, value]) => [key, own(value)])) }));
}
