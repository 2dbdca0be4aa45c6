import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The demo's traffic generator (scripts/demo, plain ESM over the built packages: npm run build
// first): a day is the same requests on every run, so that the server's de-duplication keeps one
// copy, and what carries no identifier is recorded as sent in the data folder.
const ROOT = path.resolve(import.meta.dirname, '..');
const DAY = '2026-11-18';
const NOON_MS = Date.parse(`${DAY}T11:00:00Z`);

interface DemoRequest {
  kind: string;
  method: string;
  path: string;
  body?: string;
  atMs: number;
}
interface DayRequests {
  decisions: DemoRequest[];
  requests: DemoRequest[];
}
interface SentDays {
  due(day: string, request: Pick<DemoRequest, 'kind' | 'atMs'>): boolean;
  markSent(day: string, untilMs: number): void;
}

const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.join(ROOT, 'scripts/demo', file)).href)) as T;
let dayRequests: (day: string, untilMs: number, options: object) => DayRequests;
let openSentDays: (dataDir: string) => SentDays;
let options: object;

beforeAll(async () => {
  ({ dayRequests } = await load<{ dayRequests: typeof dayRequests }>('demo-day.mjs'));
  ({ openSentDays } = await load<{ openSentDays: typeof openSentDays }>('sent-days.mjs'));
  const { loadSiteContent } = await load<{ loadSiteContent: () => object }>('site-pages.mjs');
  const { createTcStrings } = await load<{ createTcStrings: () => unknown }>('consent.mjs');
  options = {
    site: loadSiteContent(),
    searches: [
      { keywords: 'habitatge', results: 3 },
      { keywords: 'horaris rodalies', results: 0 },
    ],
    tcString: createTcStrings(),
    suite: 'mesuradev',
    timeZone: 'Europe/Madrid',
    visitorsPerDay: 120,
  };
});

const identified = (r: DemoRequest) => ['beacon', 'heartbeat', 'media-start'].includes(r.kind);
const key = (r: DemoRequest) => `${r.method} ${r.path} ${r.body ?? ''} ${r.atMs}`;

describe('a day of demo traffic', () => {
  it('is the same requests, with the same event ids, every time it is made', () => {
    const once = dayRequests(DAY, Number.MAX_SAFE_INTEGER, options);
    const twice = dayRequests(DAY, Number.MAX_SAFE_INTEGER, options);
    expect(twice).toEqual(once);
    expect(dayRequests('2026-11-19', Number.MAX_SAFE_INTEGER, options).requests.map(key)).not.toEqual(once.requests.map(key));
  });

  it('made at noon, holds the same beacons and heartbeats as the whole day up to noon', () => {
    const whole = new Set(dayRequests(DAY, Number.MAX_SAFE_INTEGER, options).requests.filter(identified).map(key));
    const morning = dayRequests(DAY, NOON_MS, options).requests.filter(identified);
    expect(morning.length).toBeGreaterThan(100);
    expect(morning.every((r) => r.atMs < NOON_MS)).toBe(true);
    expect(morning.filter((r) => !whole.has(key(r)))).toEqual([]);
  });

  it('sends every kind of request, more of them in the evening than at night, in time order', () => {
    const { requests, decisions } = dayRequests(DAY, Number.MAX_SAFE_INTEGER, options);
    expect(new Set(requests.map((r) => r.kind))).toEqual(new Set(['beacon', 'heartbeat', 'media-start', 'consent-choice', 'refused-beacon']));
    expect(decisions.length).toBeGreaterThan(0);
    expect(requests.map((r) => r.atMs)).toEqual(requests.map((r) => r.atMs).sort((a, b) => a - b));
    const hourOf = (ms: number) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hour: '2-digit', hourCycle: 'h23' }).format(ms));
    // Page views only: link hits and engagement hits carry pe=.
    const pageViews = requests.filter((r) => r.kind === 'beacon' && !/(?:^|&)pe=/.test(r.body ?? ''));
    const at = (hours: number[]) => pageViews.filter((r) => hours.includes(hourOf(r.atMs))).length;
    expect(at([19, 20, 21])).toBeGreaterThan(3 * at([2, 3, 4]));
    // Each beacon has an event id of its own (eid): the collector keeps one copy of each.
    const eids = requests.filter((r) => r.kind === 'beacon').map((r) => /(?:^|&)eid=([0-9a-f]+)/.exec(r.body ?? '')?.[1]);
    expect(new Set(eids).size).toBe(eids.length);
  });
});

describe("a day's engagement hits", () => {
  interface Beacon {
    order: number;
    atMs: number;
    query: URLSearchParams;
  }
  const beaconsOf = (requests: DemoRequest[]): Beacon[] => requests.flatMap((r, order) => (r.kind === 'beacon' ? [{ order, atMs: r.atMs, query: new URLSearchParams(r.body ?? '') }] : []));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('follow most page views, each after its page view and within the time since it, with no events or referrer', () => {
    const beacons = beaconsOf(dayRequests(DAY, Number.MAX_SAFE_INTEGER, options).requests);
    const pageViews = beacons.filter((b) => !b.query.has('pe'));
    const readings = beacons.filter((b) => b.query.get('pe') === 'eng');
    // A few readings never arrive (page-readings.mjs: mostly on the visit's last page).
    expect(readings.length).toBeGreaterThan(0.9 * pageViews.length);
    expect(readings.length).toBeLessThan(pageViews.length);
    for (const reading of readings) {
      const q = reading.query;
      const [engagedMs, scroll] = [q.get('engaged_ms'), q.get('scroll_pct')].map(Number);
      expect(q.get('engaged_ms')).toMatch(/^\d+$/);
      expect(scroll).toBeGreaterThanOrEqual(0);
      expect(scroll).toBeLessThanOrEqual(100);
      expect([q.has('events'), q.has('r')]).toEqual([false, false]);
      // The visitor's latest page view of the same page before it: the reading goes as that page is left.
      const viewed = pageViews.filter((v) => v.order < reading.order && v.query.get('fid') === q.get('fid') && v.query.get('g') === q.get('g')).at(-1);
      expect(viewed?.query.get('pageName') ?? null).toBe(q.get('pageName'));
      expect(engagedMs).toBeLessThanOrEqual(reading.atMs - viewed!.atMs);
    }
  });

  it('hold articles longer than the home page, and read them to the end more often', () => {
    const readings = beaconsOf(dayRequests(DAY, Number.MAX_SAFE_INTEGER, options).requests).filter((b) => b.query.get('pe') === 'eng');
    const ofType = (type: string) => readings.filter((b) => b.query.get('v8') === type).map((b) => ({ ms: Number(b.query.get('engaged_ms')), scroll: Number(b.query.get('scroll_pct')) }));
    const [articles, home] = [ofType('noticia'), ofType('portada')];
    expect(home.length).toBeGreaterThan(20);
    expect(median(articles.map((r) => r.ms))).toBeGreaterThan(1.25 * median(home.map((r) => r.ms)));
    const toTheEnd = (list: { scroll: number }[]) => list.filter((r) => r.scroll === 100).length / list.length;
    expect(toTheEnd(articles)).toBeGreaterThan(3 * toTheEnd(home));
  });
});

describe('the record of what carries no identifier', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-demo-record-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sends a banner answer or a decision once, and beacons on every run (the server de-duplicates them)', () => {
    const answer = { kind: 'consent-choice', atMs: NOON_MS - 1 };
    const decision = { kind: 'decision', atMs: NOON_MS - 1 };
    const beacon = { kind: 'beacon', atMs: NOON_MS - 1 };
    expect(openSentDays(dataDir).due(DAY, answer)).toBe(true);
    openSentDays(dataDir).markSent(DAY, NOON_MS);
    const later = openSentDays(dataDir);
    expect([later.due(DAY, answer), later.due(DAY, decision), later.due(DAY, beacon)]).toEqual([false, false, true]);
    // The afternoon of the same day, and another day, are still to be sent.
    expect(later.due(DAY, { kind: 'consent-choice', atMs: NOON_MS + 1 })).toBe(true);
    expect(later.due('2026-11-19', answer)).toBe(true);
  });
});
