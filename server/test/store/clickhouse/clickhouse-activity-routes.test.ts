/**
 * The Experiments area on a process over ClickHouse (app.ts): an API node lets an editor create and
 * start an activity, kept in the metadata store, and an analyst read its results, counted from the
 * decision events the collectors drained to ClickHouse; nothing of it without an account. In a
 * cluster (metadata in PostgreSQL) a collector decides what an editor started on the API node, and
 * the API node counts it. A process that also collects (role all) drains the impressions it decided
 * before it counts them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SITE_VARIABLE_MAP, encodeDeliveryQuery, parseDeliveryResponse, variableNames, type Activity, type ActivityOverTime, type ActivityResults } from '@mesura/protocol';
import { afterEach, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { CatalogTimers } from '../../../src/decide/activity-catalog.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { EventBatchWriter } from '../../../src/store/clickhouse/event-batch-writer.js';
import type { DecisionEventRow } from '../../../src/store/decision-row.js';
import { testActivity } from '../../helpers/activity.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { articleDeliveryRequest } from '../../helpers/delivery-request.js';
import { testPostgres, testSchema, type TestSchema } from '../../helpers/test-postgres.js';
import { BROWSER_UA, TEST_ENV, TEST_PASSWORD, authHeadersFor } from '../../helpers/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** The cluster's metadata database (MESURA_TEST_POSTGRES); its test is skipped without one, and fails under CI=true. */
const postgresUrl = testPostgres();
const ORIGIN = 'http://localhost:8080';
const ADMIN = 'anna@example.cat';
/** 2026-03-02 10:00 in Madrid (UTC+1). */
const START_MS = Date.UTC(2026, 2, 2, 9);
const HOUR_MS = 3_600_000;
/** Servers open the ClickHouse schema and drain on close: seconds on a busy machine. */
const ROUTES_TEST_TIMEOUT_MS = 60_000;

const draft = testActivity({
  id: 'nova',
  status: 'draft',
  experiences: [
    { id: 'a', name: 'A', share: 1 },
    { id: 'b', name: 'B', share: 1, offer: { id: 'o-b', name: 'Oferta B', html: '<p>B</p>' } },
  ],
});

const cleanups: (() => Promise<void>)[] = [];
let schema: TestSchema | undefined;
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await schema?.drop();
  schema = undefined;
}, ROUTES_TEST_TIMEOUT_MS);

/** Catalog timers the test fires by hand: the poll of the metadata store never runs on its own. */
function manualTimers(): CatalogTimers & { fire(): Promise<unknown> } {
  const callbacks: (() => Promise<void>)[] = [];
  return {
    setInterval: (callback) => callbacks.push(callback),
    clearInterval: () => undefined,
    fire: () => Promise.all(callbacks.map((callback) => callback())),
  };
}

describeWithClickHouse('activities on a process over ClickHouse', () => {
  const db = useTestDatabase();
  let clock = START_MS;

  async function start(role: 'api' | 'all' | 'collector', shared: { metadata?: string; timers?: CatalogTimers } = {}): Promise<MesuraServer> {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesura-ch-activities-'));
    const { username, password, endpoint, database } = db().location;
    const store = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    const env = {
      ...TEST_ENV,
      MESURA_DATA_DIR: dir,
      MESURA_LOG_LEVEL: 'silent',
      MESURA_STORE: store,
      MESURA_ROLE: role,
      MESURA_MIN_COHORT: '1',
      ...(shared.metadata !== undefined && { MESURA_METADATA: shared.metadata, MESURA_ADMIN_EMAIL: ADMIN, MESURA_ADMIN_PASSWORD: TEST_PASSWORD }),
    };
    const server = await createServer(loadConfig(env, repoRoot), { now: () => clock, ...(shared.timers && { catalogTimers: shared.timers }) });
    cleanups.push(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return server;
  }
  const put = async (server: MesuraServer, activity: Activity, role: 'editor' | 'analyst' = 'editor') =>
    server.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}`, payload: activity, headers: await authHeadersFor(server, role) });
  const read = async <T>(server: MesuraServer, url: string): Promise<T> => {
    const answer = await server.app.inject({ url, headers: await authHeadersFor(server, 'analyst') });
    expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    return answer.json() as T;
  };
  const figures = (report: ActivityResults) => report.experiences.map(({ id, visitors, conversions }) => ({ id, visitors, conversions }));

  it(
    'an API node lets an editor create and start an activity and an analyst read its results, and refuses without an account',
    async () => {
      const api = await start('api');
      const anonymous = [
        { method: 'GET', url: '/api/activities' },
        { method: 'PUT', url: '/api/activities/nova', payload: draft },
        { method: 'GET', url: '/api/reports/activities/nova' },
        { method: 'GET', url: '/api/reports/activities/nova/over-time' },
      ] as const;
      for (const request of anonymous) expect((await api.app.inject(request)).statusCode, request.url).toBe(401);
      expect((await put(api, draft, 'analyst')).statusCode).toBe(403);
      expect((await api.app.inject({ url: '/api/activities/nova', headers: await authHeadersFor(api, 'analyst') })).statusCode).toBe(404);

      expect((await put(api, draft)).statusCode).toBe(200);
      const started = await put(api, { ...draft, status: 'active' });
      expect(started.statusCode, started.body).toBe(200);
      expect((await read<Activity>(api, '/api/activities/nova')).status).toBe('active');
      const history = await read<{ changes: { by: string }[] }>(api, '/api/activities/nova/history');
      expect(history.changes.map((change) => change.by)).toEqual(['editor@test.local', 'editor@test.local']);
      // No visitor yet: under the minimum cohort (1), so withheld.
      expect(figures(await read<ActivityResults>(api, '/api/reports/activities/nova'))).toEqual([
        { id: 'a', visitors: null, conversions: null },
        { id: 'b', visitors: null, conversions: null },
      ]);

      // What the collectors' drain writes to ClickHouse: a resent batch holds a decision twice.
      let serial = 0;
      const event = (type: DecisionEventRow['type'], visitor: string, experienceId: string, atMs: number): DecisionEventRow => ({
        kind: 'decision',
        decisionId: `d-${(serial += 1)}`,
        type,
        activityId: 'nova',
        experienceId,
        visitorKey: visitor,
        analyticsVisitorId: null,
        mbox: 'nova',
        atMs,
      });
      const rows = [
        event('impression', 'k-1', 'a', START_MS),
        event('impression', 'k-2', 'b', START_MS),
        event('conversion', 'k-2', 'b', START_MS + HOUR_MS),
        event('conversion', 'k-3', 'b', START_MS),
        event('impression', 'k-3', 'b', START_MS + 24 * HOUR_MS),
      ];
      const { transport, location } = db();
      const writer = new EventBatchWriter({ transport, database: location.database, tables: eventTables({ variables: variableNames(SITE_VARIABLE_MAP) }), now: () => clock });
      await writer.write({ id: `test-${location.database}-1/0/0`, rows });
      await writer.write({ id: `test-${location.database}-2/0/0`, rows: rows.slice(1, 3) });

      expect(figures(await read<ActivityResults>(api, '/api/reports/activities/nova'))).toEqual([
        { id: 'a', visitors: 1, conversions: 0 },
        { id: 'b', visitors: 2, conversions: 1 },
      ]);
      const overTime = await read<ActivityOverTime>(api, '/api/reports/activities/nova/over-time?from=2026-03-02&to=2026-03-04');
      expect(overTime.days.map(({ day, experiences }) => [day, experiences.map((e) => `${e.id}:${e.visitors}/${e.conversions}`)])).toEqual([
        ['2026-03-02', ['a:1/0', 'b:1/1']],
        ['2026-03-03', ['a:1/0', 'b:2/1']],
        ['2026-03-04', ['a:1/0', 'b:2/1']],
      ]);
      expect((await api.app.inject({ url: '/api/reports/activities/nova/over-time?from=2026-03-04&to=2026-03-02', headers: await authHeadersFor(api, 'analyst') })).statusCode).toBe(400);
    },
    ROUTES_TEST_TIMEOUT_MS,
  );

  it.skipIf(postgresUrl === undefined)(
    "in a cluster, an editor signed in on the API node starts an activity that a collector decides, and its results count the collector's impressions and click",
    async () => {
      clock = START_MS;
      schema = testSchema(postgresUrl!);
      await schema.pool(); // makes the schema the servers' search_path names
      const metadata = `${postgresUrl!.connectionString}?options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`;
      const api = await start('api', { metadata });
      const timers = manualTimers();
      const collector = await start('collector', { metadata, timers });
      const signIn = await api.app.inject({ method: 'POST', url: '/api/session', headers: { origin: ORIGIN }, payload: { email: ADMIN, password: TEST_PASSWORD } });
      expect(signIn.statusCode, signIn.body).toBe(204);
      const session = { cookie: String(signIn.headers['set-cookie']).split(';', 1)[0]!, origin: ORIGIN };
      const activity = { ...draft, id: 'cluster', mboxes: ['cluster'], status: 'active' as const };
      const saved = await api.app.inject({ method: 'PUT', url: '/api/activities/cluster', headers: session, payload: activity });
      expect(saved.statusCode, saved.body).toBe(200);
      await timers.fire(); // the collector's catalog reads the change from PostgreSQL

      // A collector answers delivery on its node:http server, before Fastify: asked over HTTP, as nginx asks it.
      const address = await collector.app.listen({ host: '127.0.0.1', port: 0 });
      const deliver = async (device: string, params: Record<string, string> = {}) => {
        const query = encodeDeliveryQuery(articleDeliveryRequest(clock, { mbox: 'cluster', deviceId: `${device.repeat(32)}.1_0`, params }));
        const answer = await fetch(`${address}/m2/mesura/mbox/json?${query}`, { headers: { 'user-agent': BROWSER_UA } });
        expect(answer.status).toBe(200);
        const parsed = parseDeliveryResponse(await answer.json());
        if (!parsed.ok) throw new Error(parsed.reason);
        return parsed.value.offers;
      };
      const [offer] = await deliver('d');
      expect(offer?.clickToken).toBeDefined();
      expect(await deliver('e')).toHaveLength(1);
      clock += HOUR_MS;
      await deliver('d', { clickToken: offer!.clickToken! });
      await collector.close(); // drains what it acknowledged

      const report = await api.app.inject({ url: '/api/reports/activities/cluster', headers: session });
      expect(report.statusCode, report.body).toBe(200);
      expect((report.json() as ActivityResults).totals).toEqual({ visitors: 2, conversions: 1, hidden: false });
      expect((await api.app.inject({ url: '/api/reports/activities/cluster' })).statusCode).toBe(401);
    },
    ROUTES_TEST_TIMEOUT_MS,
  );

  it(
    'a process that also collects (role all) counts the impressions it decided, drained before the results are read',
    async () => {
      const all = await start('all');
      const activity = { ...draft, id: 'tot', mboxes: ['tot'], status: 'active' as const };
      expect((await put(all, activity)).statusCode).toBe(200);
      clock = START_MS + 2 * HOUR_MS;
      const query = encodeDeliveryQuery(articleDeliveryRequest(clock, { mbox: 'tot', deviceId: `${'d'.repeat(32)}.1_0` }));
      const delivered = await all.app.inject({ url: `/m2/mesura/mbox/json?${query}`, headers: { 'user-agent': BROWSER_UA } });
      const parsed = parseDeliveryResponse(delivered.json());
      expect(parsed.ok && parsed.value.offers.length).toBe(1);
      const report = await read<ActivityResults>(all, '/api/reports/activities/tot');
      expect(report.totals).toEqual({ visitors: 1, conversions: 0, hidden: false });
      const overTime = await read<ActivityOverTime>(all, '/api/reports/activities/tot/over-time?from=2026-03-02&to=2026-03-02');
      expect(overTime.days[0]!.experiences.reduce((sum, e) => sum + (e.visitors ?? 0), 0)).toBe(1);
      expect((await all.app.inject({ url: '/api/reports/activities/tot' })).statusCode).toBe(401);
    },
    ROUTES_TEST_TIMEOUT_MS,
  );
});
