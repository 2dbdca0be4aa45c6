/**
 * Two servers sharing one PostgreSQL for their metadata (MESURA_METADATA), each with its own data
 * folder for events, as two servers of a cluster: an admin made by the first signs in on the
 * second, an activity saved through the first is served by the second after one refresh, and a
 * poll answer or a visitor's sign-up on one holds on the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { CatalogTimers } from '../../../src/decide/activity-catalog.js';
import { siteActivities } from '../../../src/decide/site-activities.js';
import { SEEDED_POLLS } from '../../../src/engagement/seeded-polls.js';
import { encodeDeliveryQuery } from '@mesura/protocol';
import { articleDeliveryRequest } from '../../helpers/delivery-request.js';
import { outboxMailsTo } from '../../helpers/outbox.js';
import { linkIn } from '../../helpers/smtp-inbox.js';
import { startTcpProxy } from '../../helpers/tcp-proxy.js';
import { BROWSER_UA, TEST_ENV, TEST_PASSWORD, beaconUrl, testHit } from '../../helpers/test-server.js';
import { testPostgres, testSchema, type TestSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();
const ORIGIN = 'http://localhost:8080';
const ADMIN = 'anna@example.cat';
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

let schema: TestSchema | undefined;
/** Each server's data folder, where its outbox is. */
const dataDirs = new Map<MesuraServer, string>();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await schema?.drop();
});

/** Catalog timers the test fires by hand: the poll never runs on its own. */
function manualTimers(): CatalogTimers & { fire(): Promise<unknown> } {
  const callbacks: (() => Promise<void>)[] = [];
  return {
    setInterval: (callback) => callbacks.push(callback),
    clearInterval: () => undefined,
    fire: () => Promise.all(callbacks.map((callback) => callback())),
  };
}

async function startServer(metadataUrl: string, timers: CatalogTimers, role = 'all'): Promise<MesuraServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-pg-app-'));
  const env = { ...TEST_ENV, MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_METADATA: metadataUrl, MESURA_ADMIN_EMAIL: ADMIN, MESURA_ADMIN_PASSWORD: TEST_PASSWORD, MESURA_ROLE: role };
  const server = await createServer(loadConfig(env, repoRoot), { catalogTimers: timers });
  dataDirs.set(server, dataDir);
  cleanups.push(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return server;
}

async function signIn(server: MesuraServer): Promise<Record<string, string>> {
  const response = await server.app.inject({ method: 'POST', url: '/api/session', headers: { origin: ORIGIN }, payload: { email: ADMIN, password: TEST_PASSWORD } });
  expect(response.statusCode, response.body).toBe(204);
  return { cookie: String(response.headers['set-cookie']).split(';', 1)[0]!, origin: ORIGIN };
}

describe.skipIf(url === undefined)('two servers on one metadata database', () => {
  it('start together, share the admin, its sessions, the polls and the visitors, and B serves an activity saved through A after one refresh, not before', async () => {
    schema = testSchema(url!);
    await schema.pool(); // makes the schema the servers' search_path names
    const metadataUrl = `${url!.connectionString}?options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`;
    const timersB = manualTimers();
    // Started together, as a cluster starts: one of them makes the first admin and seeds, once.
    const [a, b] = await Promise.all([startServer(metadataUrl, manualTimers()), startServer(metadataUrl, timersB)]);

    const sessionA = await signIn(a);
    const sessionB = await signIn(b);
    // A session opened on one server is valid on the other (a load balancer may send the next request anywhere).
    expect((await b.app.inject({ url: '/api/me', headers: sessionA })).json()).toMatchObject({ email: ADMIN, role: 'admin' });

    const created = { ...siteActivities()[0]!, id: 'nova', name: 'Nova', mboxes: ['nova'] };
    const saved = await a.app.inject({ method: 'PUT', url: '/api/activities/nova', headers: sessionA, payload: created });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await b.app.inject({ url: '/api/activities/nova', headers: sessionB })).statusCode).toBe(404);

    await timersB.fire();
    const seen = await b.app.inject({ url: '/api/activities/nova', headers: sessionB });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ id: 'nova', name: 'Nova' });
    const history = (await b.app.inject({ url: '/api/activities/nova/history', headers: sessionB })).json();
    expect(history.changes.map((change: { by: string }) => change.by)).toEqual([ADMIN]);
    // A visitor's poll answer taken by A counts on B, and B refuses the same browser's second answer.
    const poll = SEEDED_POLLS[0]!;
    const answered = await a.app.inject({ method: 'POST', url: `/api/engagement/polls/${poll.id}/answers`, headers: { origin: ORIGIN }, payload: { optionId: poll.options[0]!.id } });
    expect(answered.statusCode, answered.body).toBe(201);
    const participant = String(answered.headers['set-cookie']).split(';', 1)[0]!;
    expect((await b.app.inject({ url: `/api/engagement/polls/${poll.id}` })).json()).toMatchObject({ total: 1 });
    const again = await b.app.inject({ method: 'POST', url: `/api/engagement/polls/${poll.id}/answers`, headers: { origin: ORIGIN, cookie: participant }, payload: { optionId: poll.options[1]!.id } });
    expect(again.statusCode).toBe(409);
    // A visitor who signs up on A confirms through B, and once signed in on A is signed in on B.
    const visitor = { email: 'visitant@example.cat', name: 'Visitant', password: 'una-contrasenya-llarga' };
    const signedUp = await a.app.inject({ method: 'POST', url: '/api/visitor/accounts', headers: { origin: ORIGIN }, payload: visitor });
    expect(signedUp.statusCode, signedUp.body).toBe(202);
    const link = linkIn((await outboxMailsTo(dataDirs.get(a)!, visitor.email))[0]!)!;
    expect((await b.app.inject({ url: link.pathname + link.search })).headers.location).toBe('/entrar/?compte=confirmat');
    const signedIn = await a.app.inject({ method: 'POST', url: '/api/visitor/session', headers: { origin: ORIGIN }, payload: visitor });
    const visitorCookies = (signedIn.headers['set-cookie'] as string[]).map((cookie) => cookie.split(';', 1)[0]).join('; ');
    expect((await b.app.inject({ url: '/api/visitor/me', headers: { cookie: visitorCookies } })).json()).toMatchObject({ email: visitor.email });
    // Both servers' sign-ins are in the one audit.
    const audit = (await b.app.inject({ url: '/api/accounts/audit', headers: sessionB })).json();
    expect(audit.entries.filter((entry: { action: string }) => entry.action === 'login')).toHaveLength(2);
  });

  it('a collector starts while PostgreSQL cannot be reached: it collects, answers no offer, and serves the activities after the first poll once it answers', async () => {
    schema = testSchema(url!);
    await schema.pool();
    const target = new URL(url!.connectionString);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.down());
    await proxy.down();
    const throughProxy = new URL(url!.connectionString);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    const metadataUrl = `${throughProxy.href}?options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`;
    // Only a collector waits: the console needs its accounts to answer anything.
    await expect(startServer(metadataUrl, manualTimers(), 'api')).rejects.toThrow(/cannot reach the metadata database/);
    const timers = manualTimers();
    const collector = await startServer(metadataUrl, timers, 'collector');
    const base = await collector.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await collector.app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
    expect(await offers(base)).toEqual([]);
    const health = async () => (await collector.app.inject({ url: '/healthz' })).json() as { status: string; waitingFor: string[] };
    expect(await health()).toMatchObject({ status: 'degraded', waitingFor: ['metadata store'] });
    await timers.fire(); // still down: the poll fails and says so, the collector goes on
    expect(await offers(base)).toEqual([]);

    await proxy.up();
    await timers.fire();
    expect((await offers(base)).length).toBeGreaterThan(0);
    expect(await health()).toMatchObject({ status: 'ok', waitingFor: [] });
    // The site's activities were seeded by that poll, and no admin was made: a collector serves no sign-in.
    const pool = await schema.pool();
    expect((await pool.query('SELECT count(*)::int AS n FROM users')).rows[0]).toEqual({ n: 0 });
  });
});

/** A decision's offers, asked of the listening server: a collector serves delivery on node:http only, beside the framework. */
async function offers(base: string): Promise<unknown[]> {
  const query = encodeDeliveryQuery(articleDeliveryRequest(Date.now(), { deviceId: `${'d'.repeat(32)}.1_0` }));
  const answer = await fetch(`${base}/m2/mesura/mbox/json?${query}`, { headers: { 'user-agent': BROWSER_UA, origin: ORIGIN } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { offers: unknown[] }).offers;
}
