/**
 * Consent choices and the collector's consent audit on a deployment whose events are in ClickHouse:
 * the banner's answers posted to collectors count as they do on the embedded store (the
 * `consent/choices` report answers alike, before and after ClickHouse merges the counts), the
 * public endpoint refuses and limits alike, only collecting processes take answers and only
 * signed-in users read them, the refusals API answers on API nodes, and while ClickHouse is down an
 * answer is refused (503), never acknowledged and lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { ConsentChoice } from '../../../src/shared/consent-choice.js';
import { CONSENT_CHOICE_MAX_BODY_BYTES, CONSENT_CHOICES_BURST } from '../../../src/consent-choices/consent-choice-limits.js';
import { localDayIn } from '../../../src/local-day.js';
import { sqlDate } from '../../../src/store/clickhouse/sql-literal.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.js';
import { tcString } from '../../helpers/tc-strings.js';
import { BROWSER_UA, TEST_ENV, authHeadersFor, beaconUrl, testHit } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const SITE = 'https://site.test';
const DAY_MS = 86_400_000;
/** Days with fewer answers are hidden: the data set has one, so hiding is compared too. */
const MIN_COHORT = 3;
/** 10:00 in Barcelona on Friday 20 November 2026, the range's first day. */
const FIRST_MORNING = Date.UTC(2026, 10, 20, 9, 0);
const RANGE = { from: '2026-11-20', to: '2026-11-26' };

type Answer = { at: number; choice: ConsentChoice };
const answers = (at: number, choice: ConsentChoice, n: number): Answer[] => Array.from({ length: n }, (_, i) => ({ at: at + i * 60_000, choice }));

/** Answers over the range and the week before it (the compared period), one day under the minimum cohort. */
const CHOICES: readonly Answer[] = [
  ...answers(FIRST_MORNING, 'accept-all', 5),
  ...answers(FIRST_MORNING, 'reject-all', 2),
  ...answers(FIRST_MORNING, 'custom', 1),
  ...answers(FIRST_MORNING + DAY_MS, 'reject-all', 4),
  // 23:30 UTC on the 21st is 00:30 on the 22nd in Barcelona: counted on the 22nd.
  ...answers(Date.UTC(2026, 10, 21, 23, 30), 'custom', 3),
  ...answers(FIRST_MORNING + 2 * DAY_MS, 'accept-all', 2),
  ...answers(FIRST_MORNING + 4 * DAY_MS, 'accept-all', 1),
  ...answers(FIRST_MORNING - 7 * DAY_MS, 'accept-all', 4),
  ...answers(FIRST_MORNING - 6 * DAY_MS, 'reject-all', 3),
];

const REPORT_VARIANTS = ['', '&compare=previous', '&f=device:desktop', '&f=device:mobile&compare=previous'];

describeWithClickHouse('consent choices and the consent audit on ClickHouse', () => {
  const db = useTestDatabase();
  const cleanups: (() => Promise<void>)[] = [];
  let clock = FIRST_MORNING;
  let duck: MesuraServer;
  let api: MesuraServer;
  let collectors: MesuraServer[];

  const server = async (role: 'all' | 'collector' | 'api' | 'duckdb', port?: number) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-consent-ch-'));
    const { username, password, endpoint, database } = db().location;
    const hostPort = port === undefined ? endpoint.replace('http://', '') : `127.0.0.1:${port}`;
    const engine = role === 'duckdb' ? {} : { MESURA_STORE: `clickhouse://${username}:${password}@${hostPort}/${database}`, MESURA_ROLE: role };
    const env = { ...TEST_ENV, MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_SITE_ORIGINS: SITE, MESURA_MIN_COHORT: String(MIN_COHORT), ...engine };
    const started = await createServer(loadConfig(env, repoRoot), { now: () => clock });
    cleanups.push(async () => {
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    return started;
  };
  const choose = (target: MesuraServer, body: string, headers: Record<string, string> = {}) =>
    target.app.inject({ method: 'POST', url: '/api/consent/choices', headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE, ...headers }, payload: body });
  const ask = async (target: MesuraServer, url: string, signedIn = true) => {
    const answer = await target.app.inject({ url, headers: signedIn ? await authHeadersFor(target, 'analyst') : {} });
    return { status: answer.statusCode, body: answer.json() };
  };
  /** The answers ClickHouse holds for one local day, by choice, however merged. */
  const storedOn = async (day: string) => {
    const rows = await db().transport.query<{ choice: string; n: string }>(
      `SELECT choice, sum(choices) AS n FROM ${db().location.database}.consent_choices WHERE day = ${sqlDate(day)} GROUP BY choice ORDER BY choice`,
    );
    return Object.fromEntries(rows.map((row) => [row.choice, Number(row.n)]));
  };
  const storedInAll = async () => Number((await db().transport.query<{ n: string }>(`SELECT sum(choices) AS n FROM ${db().location.database}.consent_choices`))[0]!.n);

  beforeAll(async () => {
    duck = await server('duckdb');
    // Two collectors, as behind a load balancer, each inserting its own counts of the same keys.
    collectors = [await server('collector'), await server('collector')];
    api = await server('api');
  }, 60_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('counts the same answers as DuckDB: consent/choices answers alike, plain, compared and filtered, before and after merges', async () => {
    const table = `${db().location.database}.consent_choices`;
    // Each insert stays a part of its own until merges start again: the report must add them up.
    await db().transport.command(`SYSTEM STOP MERGES ${table}`);
    for (const [i, { at, choice }] of CHOICES.entries()) {
      clock = at;
      expect((await choose(duck, JSON.stringify({ choice }))).statusCode).toBe(204);
      expect((await choose(collectors[i % 2]!, JSON.stringify({ choice }))).statusCode).toBe(204);
    }
    const compareAll = async () => {
      for (const variant of REPORT_VARIANTS) {
        const url = `/api/reports/consent/choices?from=${RANGE.from}&to=${RANGE.to}${variant}`;
        const expected = await ask(duck, url);
        expect(expected.status, url).toBe(200);
        expect(await ask(api, url), url).toEqual(expected);
      }
    };
    await compareAll();
    const inRange = CHOICES.filter(({ at }) => at >= FIRST_MORNING);
    const plain = (await ask(api, `/api/reports/consent/choices?from=${RANGE.from}&to=${RANGE.to}`)).body as ReportAnswer;
    const counted = (choice: ConsentChoice) => inRange.filter((answer) => answer.choice === choice).length;
    expect(plain.totals.values).toMatchObject({ accept_all: counted('accept-all'), reject_all: counted('reject-all'), custom: counted('custom'), total: inRange.length });
    expect(plain.rows.find((row) => row.key === '2026-11-22')?.values).toMatchObject({ custom: 3, accept_all: 2 });
    // Two collectors inserted each key in pieces; once ClickHouse has added them up, the answers do not move.
    const rows = async () => Number((await db().transport.query<{ n: string }>(`SELECT count() AS n FROM ${table}`))[0]!.n);
    expect(await rows()).toBe(CHOICES.length);
    await db().transport.command(`SYSTEM START MERGES ${table}`);
    await db().transport.command(`OPTIMIZE TABLE ${table} FINAL`);
    const localDay = localDayIn('Europe/Madrid');
    const keys = new Set(CHOICES.map(({ at, choice }) => `${localDay(at)} ${choice}`));
    expect(await rows()).toBe(keys.size);
    await compareAll();
  });

  it.each([
    ['another site', '{"choice":"accept-all"}', { origin: 'https://evil.test' }],
    ['not JSON', 'accept-all', {}],
    ['an array', '["accept-all"]', {}],
    ['an unknown choice', '{"choice":"maybe"}', {}],
    ['no choice', '{}', {}],
    ['an identifier beside the choice', '{"choice":"reject-all","visitorId":"1F65FB944AFA1C05-25FBFAF16BF6E758"}', {}],
    ['a body over the limit', JSON.stringify({ choice: 'custom', pad: 'x'.repeat(CONSENT_CHOICE_MAX_BODY_BYTES) }), {}],
  ])('refuses %s as DuckDB does, in one line, and counts nothing', async (_name, body, headers: Record<string, string>) => {
    clock = FIRST_MORNING;
    const before = await storedInAll();
    const expected = await choose(duck, body, headers);
    const actual = await choose(collectors[0]!, body, headers);
    expect(expected.statusCode).toBeGreaterThanOrEqual(400);
    expect({ status: actual.statusCode, body: actual.json() }).toEqual({ status: expected.statusCode, body: expected.json() });
    expect(Object.keys(actual.json())).toEqual(['error', 'code']);
    expect(await storedInAll()).toBe(before);
  });

  it('limits one address alike: the burst is taken and counted, the next answer is 429 with Retry-After', async () => {
    clock = Date.UTC(2026, 11, 1, 12);
    const [freshDuck, freshCollector] = [await server('duckdb'), await server('collector')];
    for (const target of [freshDuck, freshCollector]) {
      const burst = await Promise.all(Array.from({ length: CONSENT_CHOICES_BURST }, () => choose(target, '{"choice":"custom"}')));
      expect(burst.every((response) => response.statusCode === 204)).toBe(true);
    }
    const [expected, actual] = [await choose(freshDuck, '{"choice":"custom"}'), await choose(freshCollector, '{"choice":"custom"}')];
    expect(actual.statusCode).toBe(429);
    expect(actual.headers['retry-after']).toBe(expected.headers['retry-after']);
    expect(actual.json()).toEqual(expected.json());
    expect(await storedOn('2026-12-01')).toEqual({ custom: CONSENT_CHOICES_BURST });
  }, 60_000);

  it('takes answers only where events are collected, and shows them only to signed-in users', async () => {
    clock = Date.UTC(2026, 11, 2, 12);
    const all = await server('all');
    const apiAnswer = await choose(api, '{"choice":"reject-all"}');
    expect(apiAnswer.statusCode).toBe(404);
    expect((await choose(all, '{"choice":"reject-all"}')).statusCode).toBe(204);
    expect(await storedOn('2026-12-02')).toEqual({ 'reject-all': 1 });
    const url = '/api/reports/consent/choices?from=2026-12-02&to=2026-12-02';
    expect((await ask(collectors[0]!, url)).status).toBe(404);
    for (const reader of [api, all]) {
      const anonymous = await ask(reader, url, false);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('MESURA_ERR_UNAUTHENTICATED');
      expect((await ask(reader, url)).status).toBe(200);
    }
  });

  it('serves the refusals API on ClickHouse as on DuckDB, the collecting process adding what it holds in memory', async () => {
    clock = Date.UTC(2026, 11, 3, 12);
    const all = await server('all');
    const refusing = { gdprApplies: true, tcString: tcString({ purposes: [], vendors: [] }, clock) };
    for (const target of [duck, all]) {
      for (let i = 0; i < MIN_COHORT; i += 1) {
        const beacon = await target.app.inject({ url: beaconUrl(testHit({ consent: refusing })), headers: { 'user-agent': BROWSER_UA } });
        expect(beacon.statusCode).toBe(200);
      }
    }
    const url = '/api/reports/refusals?from=2026-12-03&to=2026-12-03';
    const expected = await ask(duck, url);
    expect(expected.body.rows).toEqual([{ day: '2026-12-03', reason: 'consent-purpose', hits: MIN_COHORT }]);
    // The process that refused it answers at once (its counts flushed first); the API node once they are.
    expect(await ask(all, url)).toEqual(expected);
    expect(await ask(api, url)).toEqual(expected);
    expect((await ask(api, url, false)).status).toBe(401);
    const auditUrl = '/api/reports/consent/refusals?from=2026-12-03&to=2026-12-03';
    const audit = await ask(api, auditUrl);
    expect(audit).toEqual(await ask(duck, auditUrl));
    expect((audit.body as ReportAnswer).totals.values.consent_purpose).toBe(MIN_COHORT);
  });

  describe('while ClickHouse is down', () => {
    let proxy: TcpProxy;
    beforeAll(async () => {
      const { endpoint } = db().location;
      const { hostname, port } = new URL(endpoint);
      proxy = await startTcpProxy({ host: hostname, port: Number(port) });
      // Last of all: the collector behind it drains through it as it closes.
      cleanups.unshift(() => proxy.down());
    });

    it('refuses an answer with 503 instead of acknowledging it, while beacons are still acknowledged; counts again once it is back', async () => {
      clock = Date.UTC(2026, 11, 4, 12);
      const collector = await server('collector', proxy.port);
      expect((await choose(collector, '{"choice":"accept-all"}')).statusCode).toBe(204);
      await proxy.down();
      try {
        const refused = await choose(collector, '{"choice":"reject-all"}');
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({ error: 'the choice could not be stored; send it again', code: 'MESURA_ERR_STORE_UNAVAILABLE' });
        // The collector's beacons take the durable path (its ingest log): still acknowledged.
        expect((await collector.app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
      } finally {
        await proxy.up();
      }
      expect((await choose(collector, '{"choice":"custom"}')).statusCode).toBe(204);
      expect(await storedOn('2026-12-04')).toEqual({ 'accept-all': 1, custom: 1 });
    });
  });
});
