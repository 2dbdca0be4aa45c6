/**
 * A dashboard mailed through a real SMTP server on loopback, on a fake clock whose schedule's timer
 * the test fires: one section per tile in the tiles' order (each tile's report over the mail's day,
 * with its filters), a link to the dashboard, once per closed day; a dashboard the owner does not
 * see is refused with one line, and one deleted since mails nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { sessionOf } from '../helpers/account-session.js';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';
import { beaconUrl, BROWSER_UA, TEST_ENV, testHit } from '../helpers/test-server.js';

/** Monday 2 March 2026, 10:00 UTC: the day mailed. */
const DAY_MS = Date.UTC(2026, 2, 2, 10);
/** The next morning: the day is closed. */
const MORNING_AFTER_MS = Date.UTC(2026, 2, 3, 6);
const ANALYST = 'analyst-session@test.local';
const ORIGIN = 'https://mesura.example.cat';

let inbox: SmtpInbox;
let server: MesuraServer;
let dataDir: string;
let nowMs = DAY_MS;
let fireSchedule: () => void = () => undefined;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  const timers = { setInterval: (run: () => void) => ((fireSchedule = run), {}), clearInterval: () => undefined };
  dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-test-'));
  const env = { MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', ...TEST_ENV, MESURA_SMTP_URL: inbox.url, MESURA_PUBLIC_URL: ORIGIN };
  server = await createServer(loadConfig(env, path.resolve(import.meta.dirname, '../../..')), { now: () => nowMs, mailNoticeTimers: timers });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await inbox.close();
});

async function pageViews(count: number, section: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const hit = testHit({ visitor: { fid: `2F65FB944AFA1C05-${section.padStart(8, '0')}${String(i).padStart(8, '0')}` }, channel: section, props: { 1: section }, eVars: { 1: section, 8: section } });
    const answer = await server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
    expect(answer.statusCode).toBeLessThan(300);
  }
}

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, role: 'analyst' | 'editor' = 'analyst') => {
  const headers = { ...(await sessionOf(server, role)).headers, origin: ORIGIN };
  return server.app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });
};

describe('a mailed dashboard', () => {
  let shared: string;

  it("mails one section per tile, in the tiles' order, with their filters and a link to the dashboard, once per day", { timeout: 60_000 }, async () => {
    await pageViews(12, 'esports');
    await pageViews(7, 'cultura');
    const made = await call('POST', '/api/dashboards', { name: 'Redacció <matí>' });
    expect(made.statusCode, made.body).toBe(201);
    shared = made.json().id;
    for (const view of ['/consola/audiencia/?informe=audience/by-day&f=section:esports', '/consola/contingut/?informe=content/sections&periode=30-dies']) {
      const pinned = await call('POST', `/api/dashboards/${shared}/tiles`, { view });
      expect(pinned.statusCode, pinned.body).toBe(201);
    }
    const subscribed = await call('POST', '/api/mail-subscriptions', { view: `/consola/taulers/${shared}`, frequency: 'daily' });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    expect(subscribed.json()).toMatchObject({ view: `/consola/taulers/${shared}`, dashboard: shared, title: 'Redacció <matí>' });
    nowMs = MORNING_AFTER_MS;
    fireSchedule();
    const [mail] = await inbox.waitFor(ANALYST);
    const text = mail!.text.replace(/\r\n/g, '\n');
    expect(text.split('\n').slice(0, 2)).toEqual(['Redacció <matí>', 'Tauler de Mesura · 2026-03-02']);
    expect(mail!.html).toContain('<h1 style="font-size:20px">Redacció &lt;matí&gt;</h1>');
    // The tiles in order: the esports-only day first (12 page views), then the sections' ranking over the mail's day.
    const audience = text.indexOf('Audiència per dia');
    const sections = text.indexOf('Seccions');
    expect(audience).toBeGreaterThan(0);
    expect(sections).toBeGreaterThan(audience);
    expect(text.slice(audience, sections)).toContain('Secció: esports');
    expect(text.slice(audience, sections)).toContain('Pàgines vistes: 12');
    expect(text.slice(sections)).toMatch(/1\. .*: 12\n2\. .*: 7/);
    expect(mail!.html).toContain(`href="${ORIGIN}/consola/taulers/${shared}"`);
    // A second run the same day mails nothing more.
    fireSchedule();
    const listed = await call('GET', '/api/mail-subscriptions');
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.json().subscriptions[0]).toMatchObject({ dashboard: shared, title: 'Redacció <matí>', lastSentFrom: '2026-03-02' });
    expect(inbox.mails.filter((m) => m.to.includes(ANALYST))).toHaveLength(1);
  });

  it('refuses a dashboard it cannot see, and any field but view and frequency, with one line', async () => {
    const gone = await call('POST', '/api/mail-subscriptions', { view: '/consola/taulers/0123456789abcdef', frequency: 'weekly' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('no dashboard 0123456789abcdef; it may have been deleted');
    for (const view of ['/consola/taulers/../audiencia/', '/consola/taulers/home?to=x@example.com', '/consola/taulers/HOME']) {
      const answer = await call('POST', '/api/mail-subscriptions', { view, frequency: 'weekly' });
      expect(answer.statusCode, view).toBe(400);
      expect(answer.json().error).not.toContain('\n');
    }
    const extra = await call('POST', '/api/mail-subscriptions', { view: '/consola/taulers/home', frequency: 'weekly', to: 'x@example.com' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toBe("unknown field 'to'; expected view, frequency");
  });

  it('mails nothing of a dashboard deleted since, and says so when asked to send it now', async () => {
    const [subscription] = (await call('GET', '/api/mail-subscriptions')).json().subscriptions;
    expect((await call('DELETE', `/api/dashboards/${shared}`)).statusCode).toBe(204);
    const sent = await call('POST', `/api/mail-subscriptions/${subscription.id}/send`);
    expect(sent.statusCode).toBe(403);
    expect(sent.json().error).toBe('this dashboard is gone, or holds no report you may read');
    expect(inbox.mails.filter((m) => m.to.includes(ANALYST))).toHaveLength(1);
  });
});
