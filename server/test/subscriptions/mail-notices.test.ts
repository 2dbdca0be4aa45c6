/**
 * Mailed reports and alerts through a real SMTP server on loopback, on a fake clock whose
 * schedule's timer the test fires: a subscription mails its report once per closed period, an
 * alert rule fires once when its hour leaves the range of the same hour of the weeks before (and
 * not again while it stays out), and both go only to the owner's own address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_HISTORY_WEEKS } from '../../src/alerts/expected-range.js';
import { sessionOf } from '../helpers/account-session.js';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';
import { beaconUrl, BROWSER_UA, testHit, type TestServer } from '../helpers/test-server.js';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
/** Monday 2 March 2026, 10:00 UTC (11:00 in Barcelona): the hour the alert is about. */
const ALERT_HOUR_MS = Date.UTC(2026, 2, 2, 10);
const ANALYST = 'analyst-session@test.local';

let inbox: SmtpInbox;
let t: TestServer;
let nowMs = ALERT_HOUR_MS - ALERT_HISTORY_WEEKS * WEEK_MS;
let fireSchedule: () => void = () => undefined;
let analyst: Record<string, string>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  const timers = { setInterval: (run: () => void) => ((fireSchedule = run), {}), clearInterval: () => undefined };
  t = await (async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { createServer } = await import('../../src/app.js');
    const { loadConfig } = await import('../../src/config.js');
    const { TEST_ENV, authHeadersFor } = await import('../helpers/test-server.js');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-test-'));
    const env = { MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', ...TEST_ENV, MESURA_SMTP_URL: inbox.url, MESURA_PUBLIC_URL: 'https://mesura.example.cat' };
    const server = await createServer(loadConfig(env, path.resolve(import.meta.dirname, '../../..')), { now: () => nowMs, mailNoticeTimers: timers });
    return {
      server,
      dataDir,
      authHeaders: (role) => authHeadersFor(server, role),
      async dispose() {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    } satisfies TestServer;
  })();
}, 60_000);
afterAll(async () => {
  await t.dispose();
  await inbox.close();
});

/** `count` page views of section `section`, received at `atMs`. */
async function pageViews(count: number, atMs: number, section = 'esports'): Promise<void> {
  nowMs = atMs;
  for (let i = 0; i < count; i++) {
    const hit = testHit({ visitor: { fid: `1F65FB944AFA1C05-${String(i).padStart(16, '0')}` }, channel: section, props: { 1: section }, eVars: { 1: section, 8: section } });
    const answer = await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
    expect(answer.statusCode).toBeLessThan(300);
  }
}

/** A call of the analyst, signed in anew: the fake clock jumps weeks, past a session's life. */
const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
  analyst = { ...(await sessionOf(t.server, 'analyst')).headers, origin: 'https://mesura.example.cat' };
  return t.server.app.inject({ method, url, headers: analyst, ...(payload !== undefined && { payload }) });
};

/** A subject as the mail program shows it: RFC 2047 Q-encoded words decoded (joined when adjacent). */
function subjectOf(mail: { headers: Record<string, string> }): string {
  const words = (mail.headers.subject ?? '').replace(/\?=\s+=\?/g, '?==?');
  return words.replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
    Buffer.from(
      text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('an alert rule', () => {
  it('fires once, by mail and in the list, when its hour leaves the range of the same hour of the weeks before', { timeout: 60_000 }, async () => {
    // Each week before: 10 page views at 10:00 and at 11:00 and 12:00 UTC.
    for (let weeks = ALERT_HISTORY_WEEKS; weeks >= 1; weeks--) {
      for (let hour = 0; hour < 3; hour++) await pageViews(10, ALERT_HOUR_MS - weeks * WEEK_MS + hour * HOUR_MS + 60_000);
    }
    const made = await call('POST', '/api/alert-rules', { figure: 'page_views', filters: ['section:esports'] });
    expect(made.statusCode, made.body).toBe(201);
    await pageViews(40, ALERT_HOUR_MS + 60_000);
    nowMs = ALERT_HOUR_MS + HOUR_MS + 10 * 60_000;
    fireSchedule();
    const [mail] = await inbox.waitFor(ANALYST);
    expect(subjectOf(mail!)).toBe("Avís de Mesura: Pàgines vistes per sobre del que s'espera");
    expect(mail!.text).toContain('40');
    expect(mail!.html).toContain('Secció: esports');
    expect(mail!.html).toContain('href="https://mesura.example.cat/consola/avisos/"');
    const alerts = (await call('GET', '/api/fired-alerts')).json().alerts;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ figure: 'page_views', value: 40, from: new Date(ALERT_HOUR_MS).toISOString(), low: 0, high: 20 });
    // The next hour is still out: nothing more; the one after is back in range: the breach ends.
    await pageViews(30, ALERT_HOUR_MS + HOUR_MS + 60_000);
    nowMs = ALERT_HOUR_MS + 2 * HOUR_MS + 10 * 60_000;
    fireSchedule();
    await pageViews(10, ALERT_HOUR_MS + 2 * HOUR_MS + 60_000);
    nowMs = ALERT_HOUR_MS + 3 * HOUR_MS + 10 * 60_000;
    fireSchedule();
    const ended = await until(async () => {
      const [alert] = (await call('GET', '/api/fired-alerts')).json().alerts;
      return alert.endedAt === undefined ? undefined : alert;
    });
    expect(ended.endedAt).toBe(new Date(ALERT_HOUR_MS + 2 * HOUR_MS).toISOString());
    expect(inbox.mails.filter((m) => subjectOf(m).startsWith('Avís'))).toHaveLength(1);
  });

  it('refuses a figure or filter it cannot watch, with one line', async () => {
    const bad = await call('POST', '/api/alert-rules', { figure: 'plays', filters: ['section:esports'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('plays cannot be filtered by section');
    expect((await call('POST', '/api/alert-rules', { figure: 'bounce', filters: [] })).statusCode).toBe(400);
  });
});

describe('a mailed report', () => {
  it('mails its report for the closed day, once, with the totals, the change and a link to the view', async () => {
    const made = await call('POST', '/api/mail-subscriptions', { view: '/consola/audiencia/?informe=audience/by-day&periode=30-dies&f=section:esports', frequency: 'daily' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ report: 'audience/by-day', view: '/consola/audiencia/?informe=audience%2Fby-day&f=section%3Aesports' });
    const before = inbox.mails.length;
    nowMs = Date.UTC(2026, 2, 3, 6);
    fireSchedule();
    const mails = await inbox.waitFor(ANALYST, before + 1);
    const mail = mails.at(-1)!;
    expect(subjectOf(mail)).toBe('Mesura · Audiència per dia · 2026-03-02');
    expect(mail.text).toContain('Pàgines vistes: 80');
    expect(mail.html).toContain('Secció: esports');
    expect(mail.html).toContain('href="https://mesura.example.cat/consola/audiencia/?informe=audience%2Fby-day&amp;des=2026-03-02&amp;fins=2026-03-02&amp;compara=1&amp;f=section%3Aesports"');
    const answer = await call('GET', '/api/mail-subscriptions');
    expect(answer.headers['cache-control']).toBe('no-store');
    const listed = answer.json().subscriptions;
    expect(listed[0]).toMatchObject({ lastSentFrom: '2026-03-02', frequency: 'daily' });
  });

  it('refuses a view that is not a report of the console', async () => {
    for (const view of [
      'https://elsewhere.example/x',
      '/consola/contingut/?informe=audience/by-day',
      '/consola/audiencia/?informe=audience/by-day&f=colour:red',
      '/consola/audiencia/?informe=audience/by-day&to=someone@example.com',
    ]) {
      const answer = await call('POST', '/api/mail-subscriptions', { view, frequency: 'daily' });
      expect(answer.statusCode, view).toBe(400);
    }
    expect((await call('POST', '/api/mail-subscriptions', { view: '/consola/audiencia/?informe=audience/by-day', frequency: 'daily', to: 'x@example.com' })).statusCode).toBe(400);
  });

  it("is another's to nobody else: not listed, not deleted, not sent", async () => {
    const [own] = (await call('GET', '/api/mail-subscriptions')).json().subscriptions;
    const editor = { ...(await sessionOf(t.server, 'editor')).headers, origin: 'https://mesura.example.cat' };
    expect((await t.server.app.inject({ url: '/api/mail-subscriptions', headers: editor })).json().subscriptions).toEqual([]);
    expect((await t.server.app.inject({ method: 'DELETE', url: `/api/mail-subscriptions/${own.id}`, headers: editor })).statusCode).toBe(404);
    expect((await t.server.app.inject({ method: 'POST', url: `/api/mail-subscriptions/${own.id}/send`, headers: editor })).statusCode).toBe(404);
  });
});
