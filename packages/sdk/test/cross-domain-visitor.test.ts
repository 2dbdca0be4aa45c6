import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CookieJar } from '@mesura/identity';
import { lookUpCollectorVisitor, scheduleIdSync } from '../src/cross-domain-visitor.js';

const COLLECTOR_ID = 'AAAAAAAAAAAAAAAA-BBBBBBBBBBBBBBBB';
const PAGE_ID = '0123456789ABCDEF-FEDCBA9876543210';

function jarWith(cookies = ''): CookieJar & { writes: string[] } {
  const writes: string[] = [];
  return { writes, get: () => cookies, set: (cookie) => void writes.push(cookie) };
}

const options = (jar: CookieJar, over: { pageOrigin?: string; allowed?: boolean } = {}) => ({
  collectorOrigin: 'https://stats.example.cat',
  pageOrigin: over.pageOrigin ?? 'https://www.sister.cat',
  jar,
  allowed: () => over.allowed ?? true,
  secure: true,
});

afterEach(() => vi.unstubAllGlobals());

describe('a visitor new to a sister domain (§7 GET /id)', () => {
  it('asks the collector with credentials and takes its id as the first-party one', async () => {
    const asked: [string, RequestInit | undefined][] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      asked.push([url, init]);
      const ts = Number(new URL(url).searchParams.get('d_ts'));
      return Promise.resolve(new Response(JSON.stringify({ visitorId: COLLECTOR_ID, ts })));
    });
    const jar = jarWith();
    await lookUpCollectorVisitor(options(jar));
    expect(asked[0]?.[0]).toMatch(/^https:\/\/stats\.example\.cat\/id\?d_ts=\d+$/);
    expect(asked[0]?.[1]).toMatchObject({ credentials: 'include', cache: 'no-store' });
    expect(jar.writes).toEqual([`mesura_fid=${COLLECTOR_ID}; Max-Age=34190000; Path=/; SameSite=Lax; Secure`]);
  });

  it.each([
    ['on the collector’s own origin', jarWith(), { pageOrigin: 'https://stats.example.cat' }],
    ['without consent', jarWith(), { allowed: false }],
    ['for a visitor who already has an id here', jarWith(`mesura_fid=${PAGE_ID}`), {}],
  ])('asks nothing %s', (_name, jar, over) => {
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    expect(lookUpCollectorVisitor(options(jar, over))).toBeUndefined();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('keeps its own new id when the collector does not answer well', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('nope', { status: 403 })));
    const jar = jarWith();
    await lookUpCollectorVisitor(options(jar));
    expect(jar.writes).toEqual([]);
  });
});

describe('the ID-sync module (§9 throttle start 30000 ms, frequency 1 day)', () => {
  const schedule = (jar: CookieJar, allowed: boolean) => {
    let due: (() => void) | undefined;
    let delay: number | undefined;
    const load = vi.fn();
    scheduleIdSync({ jar, allowed: () => allowed, load, setTimer: (run, ms) => ((due = run), (delay = ms)) });
    return { load, delay, fire: () => due?.() };
  };

  it('loads the module 30000 ms after the start when a sync is due', () => {
    const page = schedule(jarWith(), true);
    expect(page.delay).toBe(30_000);
    expect(page.load).not.toHaveBeenCalled();
    page.fire();
    expect(page.load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing when the visitor was synced within the day, or without consent', () => {
    const synced = schedule(jarWith('mesura_sync=1'), true);
    synced.fire();
    const refused = schedule(jarWith(), false);
    refused.fire();
    expect([synced.load.mock.calls.length, refused.load.mock.calls.length]).toEqual([0, 0]);
  });
});
