/**
 * `npm run move-to-cluster` (server/src/move/): a stopped embedded server's data folder into a
 * cluster's ClickHouse and PostgreSQL. The folder is the upgrade fixture (an earlier release's,
 * with an admin, an API token, page views, links and heartbeats), migrated by a start of today's
 * server, which also takes decisions, a consent answer, a rights request, saved definitions, a
 * dashboard, a mailed report and an alert rule; then the move, and a cluster's API node on what it
 * wrote.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeDeliveryQuery, SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { INGEST_LOG_DIR } from '../../src/ingest/intake.js';
import { moveToCluster, type MoveOptions } from '../../src/move/move-to-cluster.js';
import { OperatorError } from '../../src/operator-error.js';
import { DATA_FOLDER_VERSION, DATA_FOLDER_VERSION_FILE } from '../../src/store/data-folder-version.js';
import { DUCKDB_FILE_NAME } from '../../src/store/duckdb/duckdb-store.js';
import { parseEventsStore } from '../../src/store/open-events-store.js';
import { parsePostgresUrl } from '../../src/store/postgres/postgres-url.js';
import { describeWithClickHouse, useTestDatabase } from '../helpers/clickhouse.js';
import { countOf, startOnFolder, withDuckDbFile } from '../helpers/data-folder-server.js';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { freePort } from '../helpers/free-port.js';
import { BROWSER_UA, TEST_ENV } from '../helpers/test-server.js';
import { testPostgres, testSchema, type TestSchema } from '../helpers/test-postgres.js';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/data-folder-62dafaf');
const manifest = JSON.parse(readFileSync(`${FIXTURE}.json`, 'utf8')) as { createdAtMs: number; admin: { email: string; password: string }; token: string };
/** Local day in Madrid of the fixture's events. */
const DAY = new Date(manifest.createdAtMs + 3_600_000).toISOString().slice(0, 10);
const NOW = () => manifest.createdAtMs;
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const bearer = { authorization: `Bearer ${manifest.token}` };
/** A goal, a funnel and a segment saved on the embedded server: the cluster must have them, with their history. */
const GOAL = { id: 'portada-vista', name: 'Portada vista', type: 'page', url: 'http://localhost:8080/', match: 'exact' };
const SEGMENT = { id: 'mobils', name: 'Mòbils', shared: true, match: 'all', groups: [{ match: 'all', conditions: [{ type: 'visit', attribute: 'device', value: 'mobile' }] }] };
const FUNNEL = {
  id: 'portada-i-article',
  name: 'Portada i article',
  scope: 'visit',
  steps: [
    { type: 'page', name: 'Portada', url: 'http://localhost:8080/', match: 'exact' },
    { type: 'page', name: 'Article', url: '*/noticia/*', match: 'pattern' },
  ],
};
const SITE = 'http://localhost:8080';
const VISITOR = '0123456789ABCDEF-FEDCBA9876543210';
const DECISIONS = 6;
const EVENT_TABLES = ['hits', 'heartbeats', 'decision_events'] as const;
const NO_STORE = 'clickhouse://default:@127.0.0.1:9/none';

const work = mkdtempSync(path.join(tmpdir(), 'mesura-move-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture, unpacked into a folder of its own under `work`. */
function fixtureFolder(name: string): string {
  const into = path.join(work, name);
  mkdirSync(into);
  execFileSync('tar', ['-xzf', `${FIXTURE}.tar.gz`, '-C', into]);
  return path.join(into, 'data');
}

function options(dataDir: string, targets: { store?: string; metadata?: string }, print: (line: string) => void = () => undefined): MoveOptions {
  return {
    dataDir,
    store: parseEventsStore(targets.store),
    metadata: targets.metadata === undefined ? undefined : parsePostgresUrl('MESURA_METADATA', targets.metadata),
    variables: variableNames(SITE_VARIABLE_MAP),
    memoryLimitMiB: 256,
    print,
  };
}

/** The move's refusal: an OperatorError of exit code 2, whose one line matches. */
async function refusal(move: Promise<unknown>, line: RegExp): Promise<string> {
  const error = await move.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OperatorError);
  expect((error as OperatorError).exitCode).toBe(2);
  expect((error as Error).message).not.toContain('\n');
  expect((error as Error).message).toMatch(line);
  return (error as Error).message;
}

/** A process that opens a DuckDB file (argv[1]) for writing, says so, and holds it until killed. */
const HOLD_FILE = `import { DuckDBInstance } from '@duckdb/node-api';
await DuckDBInstance.create(process.argv[1]);
process.stdout.write('held\\n');
setInterval(() => undefined, 60_000);`;

describe('move-to-cluster refuses, in one line with exit code 2, before it reads or writes anything', () => {
  it('with no target set', async () => {
    await refusal(moveToCluster(options(path.join(work, 'none'), {})), /set MESURA_STORE .*and\/or MESURA_METADATA.*nowhere to move to/);
  });

  it('a folder another process holds, saying to stop it first', async () => {
    const dataDir = path.join(work, 'held');
    await startOnFolder(dataDir, { env: { MESURA_LOG_LEVEL: 'silent' } }).then(({ server }) => server.close());
    // DuckDB's lock is between processes, as between a running server and the command.
    const holder = spawn(process.execPath, ['--input-type=module', '-e', HOLD_FILE, path.join(dataDir, DUCKDB_FILE_NAME)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once('data', () => resolve());
        holder.once('exit', (code) => reject(new Error(`the holding process ended (${code})`)));
      });
      await refusal(moveToCluster(options(dataDir, { store: NO_STORE })), /mesura\.duckdb is held by a running server \(PID \d+\): stop it first/);
    } finally {
      holder.kill();
    }
  });

  it('a folder of a newer release, of an older one, and one whose ingest log holds events not yet loaded', async () => {
    const dataDir = fixtureFolder('checks');
    await refusal(moveToCluster(options(dataDir, { store: NO_STORE })), /at version 0, older than this Mesura.*start this release's server on it once/);
    writeFileSync(path.join(dataDir, DATA_FOLDER_VERSION_FILE), JSON.stringify({ version: DATA_FOLDER_VERSION + 1 }));
    await refusal(moveToCluster(options(dataDir, { store: NO_STORE })), /newer than this Mesura knows/);
    writeFileSync(path.join(dataDir, DATA_FOLDER_VERSION_FILE), JSON.stringify({ version: DATA_FOLDER_VERSION }));
    writeFileSync(path.join(dataDir, INGEST_LOG_DIR, '000000000007.ndjson'), '{"eventId":"e1"}\n');
    await refusal(moveToCluster(options(dataDir, { store: NO_STORE })), /ingest log .* holds 1 segment\(s\) not yet in mesura\.duckdb.*SIGTERM/);
  });

  it('a ClickHouse that cannot be reached, naming it without its password', async () => {
    const dataDir = fixtureFolder('unreachable');
    writeFileSync(path.join(dataDir, DATA_FOLDER_VERSION_FILE), JSON.stringify({ version: DATA_FOLDER_VERSION }));
    const port = await freePort();
    const line = await refusal(moveToCluster(options(dataDir, { store: `clickhouse://mover:s3cret@127.0.0.1:${port}/mesura` })), /^ClickHouse at .*127\.0\.0\.1.* cannot be reached/);
    expect(line).not.toContain('s3cret');
  });
});

const postgres = testPostgres();

describeWithClickHouse('moving an embedded data folder into ClickHouse and PostgreSQL', () => {
  const db = useTestDatabase();
  let schema: TestSchema;
  let dataDir: string;
  let storeUrl: string;
  let metadataUrl: string;
  const embedded: Record<string, unknown> = {};
  const duckCounts: Record<string, number> = {};
  const lines: string[] = [];

  const clickHouseCount = async (table: string) => Number((await db().transport.query<{ n: string }>(`SELECT count() AS n FROM ${db().location.database}.${table}`))[0]?.n);

  /** What a report and the export answer, the same questions on either server. */
  async function answers(server: MesuraServer): Promise<Record<string, unknown>> {
    const get = async (url: string) => {
      const response = await server.app.inject({ url, headers: bearer });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response;
    };
    const pageViews = (await get(`/api/reports/pageviews?from=${DAY}&to=${DAY}&by=day`)).json();
    const exported = JSON.parse((await get(`/api/export/events?from=${DAY}&to=${DAY}&format=json`)).body) as unknown[];
    const requests = (await get('/api/visitors/requests')).json().requests as unknown[];
    const consent = (await get(`/api/reports/consent/choices?from=${DAY}&to=${DAY}`)).json().totals;
    const goals = (await get('/api/goals')).json();
    const funnels = (await get('/api/funnels')).json();
    const goalHistory = (await get(`/api/goals/${GOAL.id}/history`)).json();
    const segments = (await get('/api/segments')).json();
    const annotations = (await get(`/api/annotations?from=${DAY}&to=${DAY}`)).json();
    const dashboards = (await get('/api/dashboards')).json();
    // A node mails what is due when it starts (subscription-mailing.ts) and marks it sent: the rest is the move's.
    const subscriptions = (await get('/api/mail-subscriptions')).json().subscriptions.map(({ lastSentFrom: _sent, ...rest }: Record<string, unknown>) => rest);
    const alertRules = (await get('/api/alert-rules')).json();
    return { pageViews, exported: exported.length, requests: requests.length, consent, goals, funnels, goalHistory, segments, annotations, dashboards, subscriptions, alertRules };
  }

  beforeAll(async () => {
    if (postgres === undefined) return;
    schema = testSchema(postgres);
    await schema.pool();
    metadataUrl = `${postgres.connectionString}?options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`;
    const { username, password, endpoint, database } = db().location;
    storeUrl = `clickhouse://${username}:${password}@${endpoint.replace('http://', '')}/${database}`;
    dataDir = fixtureFolder('moved');
    const { server } = await startOnFolder(dataDir, { now: NOW, env: { MESURA_MIN_COHORT: '1', MESURA_LOG_LEVEL: 'silent' } });
    for (let i = 0; i < DECISIONS; i += 1) {
      const request = articleDeliveryRequest(NOW(), { deviceId: `${(i + 1).toString(16).padStart(32, '0')}.1_0` });
      const decided = await server.app.inject({ url: `/m2/mesura/mbox/json?${encodeDeliveryQuery(request)}`, headers: { 'user-agent': BROWSER_UA } });
      expect(decided.statusCode).toBe(200);
    }
    const chosen = await server.app.inject({
      method: 'POST',
      url: '/api/consent/choices',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE },
      payload: JSON.stringify({ choice: 'accept-all' }),
    });
    expect(chosen.statusCode).toBe(204);
    expect((await server.app.inject({ url: `/api/visitors/${VISITOR}/data`, headers: bearer })).statusCode).toBe(200);
    for (const [url, body] of [
      [`/api/goals/${GOAL.id}`, GOAL],
      [`/api/funnels/${FUNNEL.id}`, FUNNEL],
      [`/api/segments/${SEGMENT.id}`, SEGMENT],
    ] as const) {
      const saved = await server.app.inject({ method: 'PUT', url, headers: { ...bearer, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
    }
    const noted = await server.app.inject({
      method: 'POST',
      url: '/api/annotations',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ day: DAY, text: "Nit d'eleccions" }),
    });
    expect(noted.statusCode, noted.body).toBe(201);
    for (const [url, body] of [
      ['/api/dashboards', { name: 'Redacció' }],
      ['/api/mail-subscriptions', { view: '/consola/audiencia/?informe=audience/by-day&periode=30-dies', frequency: 'weekly' }],
      ['/api/alert-rules', { figure: 'page_views', filters: [] }],
    ] as const) {
      const made = await server.app.inject({ method: 'POST', url, headers: { ...bearer, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(made.statusCode, made.body).toBe(201);
    }
    Object.assign(embedded, await answers(server));
    await server.close();
    await withDuckDbFile(path.join(dataDir, DUCKDB_FILE_NAME), async (c) => {
      for (const table of [...EVENT_TABLES, 'consent_choices', 'rights_requests']) duckCounts[table] = await countOf(c, `SELECT count(*) FROM ${table}`);
    });
    await moveToCluster(options(dataDir, { store: storeUrl, metadata: metadataUrl }, (line) => lines.push(line)));
  }, 180_000);

  afterAll(() => schema?.drop());

  it.skipIf(postgres === undefined)('moves every raw row: ClickHouse holds as many hits, heartbeats and decision events as DuckDB, and says so per table', async () => {
    expect(duckCounts.decision_events).toBe(DECISIONS);
    expect(duckCounts.consent_choices).toBe(1);
    expect(duckCounts.rights_requests).toBe(1);
    for (const table of EVENT_TABLES) {
      expect(await clickHouseCount(table), table).toBe(duckCounts[table]);
      expect(lines).toContain(`${table}: ${duckCounts[table]} rows read, ${duckCounts[table]} written`);
    }
    expect(lines).toContain('users: 1 rows read, 1 written');
    for (const table of ['goals', 'goal_changes', 'funnels', 'funnel_changes', 'segments', 'segment_changes', 'annotations', 'annotation_changes', 'dashboards', 'dashboard_changes'])
      expect(lines).toContain(`${table}: 1 rows read, 1 written`);
    // A subscription and an alert rule share the mail notices' table (mail-notice-store.ts).
    for (const table of ['mail_notices', 'mail_notice_changes']) expect(lines).toContain(`${table}: 2 rows read, 2 written`);
    expect(lines).toContain('api_tokens: 1 rows read, 1 written');
  });

  it.skipIf(postgres === undefined)(
    'gives a cluster API node the same page-view report, export, rights requests and consent answers, and the embedded token and admin sign-in',
    async () => {
      const apiDir = mkdtempSync(path.join(work, 'api-'));
      const env = { ...TEST_ENV, MESURA_DATA_DIR: apiDir, MESURA_LOG_LEVEL: 'silent', MESURA_STORE: storeUrl, MESURA_METADATA: metadataUrl, MESURA_ROLE: 'api', MESURA_MIN_COHORT: '1' };
      const api = await createServer(loadConfig(env, REPO_ROOT), { now: NOW });
      try {
        expect(await answers(api)).toEqual(embedded);
        expect(embedded.exported).toBeGreaterThan(0);
        expect(embedded.dashboards).toMatchObject({ dashboards: expect.arrayContaining([expect.objectContaining({ name: 'Redacció' })]) });
        expect(embedded.subscriptions).toMatchObject([expect.objectContaining({ frequency: 'weekly' })]);
        expect(embedded.alertRules).toMatchObject({ rules: [expect.objectContaining({ figure: 'page_views' })] });
        const signIn = await api.app.inject({ method: 'POST', url: '/api/session', headers: { origin: SITE }, payload: manifest.admin });
        expect(signIn.statusCode, signIn.body).toBe(204);
      } finally {
        await api.close();
      }
    },
    120_000,
  );

  it.skipIf(postgres === undefined)(
    'stores nothing twice: a second run is refused by the filled metadata, and the events alone write nothing',
    async () => {
      const before = Object.fromEntries(await Promise.all(EVENT_TABLES.map(async (table) => [table, await clickHouseCount(table)] as const)));
      await refusal(moveToCluster(options(dataDir, { store: storeUrl, metadata: metadataUrl })), /already holds rows in users \(1\)/);
      const again: string[] = [];
      const result = await moveToCluster(options(dataDir, { store: storeUrl }, (line) => again.push(line)));
      expect(result.tables.map((moved) => moved.written)).toEqual(result.tables.map(() => 0));
      expect(again).toContain(`hits: ${duckCounts.hits} rows read, 0 written`);
      for (const table of EVENT_TABLES) expect(await clickHouseCount(table), table).toBe(before[table]);
      expect(await clickHouseCount('rights_requests')).toBe(1);
    },
    120_000,
  );
});
