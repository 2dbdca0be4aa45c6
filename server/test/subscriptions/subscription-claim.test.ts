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
    catalogue: [REPORT],
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
});
