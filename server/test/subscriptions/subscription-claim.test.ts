/**
 * Two runs of the schedule at once (two API servers of a cluster, or a run and a slow one) mail a
 * subscription's period once: each run claims the period by saving it, and the save answers what it
 * replaced under the store's lock, so the second finds it claimed. A subscription deleted while a
 * run had it in hand is not made again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReportAnswer } from '@mesura/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailedDashboardSource } from '../../src/dashboards/dashboard-address.js';
import type { Mail, Mailer } from '../../src/mail/mailer.js';
import type { ReportDefinition } from '../../src/reports/report-definition.js';
import { openMailNoticeStore } from '../../src/store/duckdb/duckdb-mail-notices.js';
import type { MailNoticeStore } from '../../src/store/mail-notice-store.js';
import { mailDueSubscriptions, type SubscriptionMailingDeps } from '../../src/subscriptions/subscription-mailing.js';

const OWNER = 'analista@exemple.cat';
const NOW_MS = Date.UTC(2026, 2, 4, 8);
/** A report of the catalogue's shape whose answer is fixed: what is tested is the schedule, not the query. */
const REPORT: ReportDefinition = {
  report: 'audience/fixed',
  area: 'audience',
  title: 'Fixa',
  run: async (request) =>
    ({
      report: 'audience/fixed',
      title: 'Fixa',
      from: request.from,
      to: request.to,
      filters: [],
      dimension: { key: 'day', label: 'Dia' },
      metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
      chart: 'line',
      rows: [],
      totalRows: 0,
      offset: 0,
      limit: 5,
      totals: { values: { page_views: 3 } },
      minCohort: 1,
    }) as ReportAnswer,
};

/** The same report kept for admins: a tile the analyst owner may not read. */
const ADMIN_REPORT: ReportDefinition = { ...REPORT, report: 'audience/admins', title: 'Només per a administradors', access: 'admin' };
/** The owner's home dashboard: the report they read, then one they may not. */
const HOME = {
  id: '0123456789abcdef',
  kind: 'home',
  owner: OWNER,
  name: 'El meu tauler',
  updatedAt: '2026-03-01T00:00:00.000Z',
  tiles: [
    { id: 'a', view: '/consola/audiencia/?informe=audience%2Ffixed', period: { preset: '7-dies' } },
    { id: 'b', view: '/consola/audiencia/?informe=audience%2Fadmins', period: { preset: '7-dies' } },
  ],
};

let dataDir: string;
let store: MailNoticeStore;
let posted: Mail[];

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-claim-'));
  store = await openMailNoticeStore(dataDir, 64);
  posted = [];
});
afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function deps(): SubscriptionMailingDeps {
  const mailer: Mailer = { post: (mail) => void posted.push(mail), drain: async () => undefined, close: async () => undefined };
  return {
    subscriptions: store.subscriptions,
    accounts: { userByEmail: async (email) => (email === OWNER ? { id: 'u', email, role: 'analyst', passwordHash: '', mustChangePassword: false, createdAtMs: 0 } : undefined) },
    mailer,
    summary: { context: { reader: { read: async () => [] }, minCohort: 1, timeZone: 'Europe/Madrid' }, reportSuite: 'mesuradev', segments: undefined as never, catchUp: async () => undefined },
    catalogue: [REPORT, ADMIN_REPORT],
    dashboards: mailedDashboardSource({ dashboards: async () => [HOME] }),
    consoleOrigin: 'https://m.cat',
    timeZone: 'Europe/Madrid',
    now: () => NOW_MS,
    log: { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger,
  };
}

const subscription = { id: '00000000-0000-4000-8000-000000000001', owner: OWNER, view: '/consola/audiencia/?informe=audience%2Ffixed', frequency: 'daily', createdAt: '2026-03-01T00:00:00.000Z' };

describe('the schedule', () => {
  it('mails a period once when two runs reach it together', async () => {
    await store.subscriptions.save(subscription, { atMs: NOW_MS, by: OWNER });
    const [first, second] = await Promise.all([mailDueSubscriptions(deps()), mailDueSubscriptions(deps())]);
    expect(first + second).toBe(1);
    expect(posted.map((mail) => mail.to)).toEqual([OWNER]);
    expect(await mailDueSubscriptions(deps())).toBe(0);
  });

  it('does not make again a subscription deleted while a run had it in hand', async () => {
    await store.subscriptions.save(subscription, { atMs: NOW_MS, by: OWNER });
    const rows = store.subscriptions;
    const listed = await rows.definitions();
    await rows.remove(subscription.id, { atMs: NOW_MS, by: OWNER });
    // The run read the list before the deletion.
    const run = mailDueSubscriptions({ ...deps(), subscriptions: { ...rows, definitions: async () => listed } });
    expect(await run).toBe(0);
    expect(await rows.definition(subscription.id)).toBeUndefined();
    expect(posted).toEqual([]);
  });

  it("mails a dashboard's period once when two runs reach it together, its tiles the owner may not read left out and said", async () => {
    const ofHome = { ...subscription, view: '/consola/taulers/home' };
    await store.subscriptions.save(ofHome, { atMs: NOW_MS, by: OWNER });
    const [first, second] = await Promise.all([mailDueSubscriptions(deps()), mailDueSubscriptions(deps())]);
    expect(first + second).toBe(1);
    expect(posted.map((mail) => [mail.to, mail.subject])).toEqual([[OWNER, 'Mesura · El meu tauler · 2026-03-03']]);
    expect(posted[0]!.text).toContain('Fixa\n2026-03-03');
    expect(posted[0]!.text).toContain("No s'hi inclou:\n- Només per a administradors: cal el rol admin per llegir-lo");
    expect(posted[0]!.text).toContain('Obre-ho a la consola: https://m.cat/consola/taulers/home');
    expect(await mailDueSubscriptions(deps())).toBe(0);
  });

  it('mails nothing of a dashboard its owner no longer sees', async () => {
    const ofGone = { ...subscription, view: '/consola/taulers/fedcba9876543210' };
    await store.subscriptions.save(ofGone, { atMs: NOW_MS, by: OWNER });
    expect(await mailDueSubscriptions(deps())).toBe(0);
    expect(posted).toEqual([]);
  });
});
