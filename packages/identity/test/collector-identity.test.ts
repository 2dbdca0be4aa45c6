import { describe, expect, it } from 'vitest';
import { fetchCollectorIdentity, forgetCollectorIdentity } from '../src/index.js';
import { fakeTimers } from './helpers/fakes.js';

const ID = '1F65FB944AFA1C05-25FBFAF16BF6E758';
const NOW_MS = 1_795_000_000_123;

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** A fetch that answers each call with `answer()` and records it. */
function fakeFetch(answer: () => Promise<Response>) {
  const calls: Call[] = [];
  const fetch = ((url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

function run(answer: () => Promise<Response>) {
  const timers = fakeTimers();
  const { fetch, calls } = fakeFetch(answer);
  const result = fetchCollectorIdentity({ collectorOrigin: 'https://stats.example.cat', fetch, nowMs: NOW_MS, ...timers });
  return { result, calls, timers };
}

describe('fetchCollectorIdentity (§7 "Visitor identity")', () => {
  it('asks GET /id?d_ts with credentials, uncached, and returns the id', async () => {
    const { result, calls, timers } = run(() => json({ visitorId: ID, ts: NOW_MS }));
    expect(await result).toEqual({ ok: true, visitorId: ID });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`https://stats.example.cat/id?d_ts=${NOW_MS}`);
    expect(calls[0]?.init).toMatchObject({ credentials: 'include', cache: 'no-store' });
    expect(timers.pending()).toBe(0);
  });

  it('gives up after 2000 ms with timeout, even if fetch never settles, and aborts the request', async () => {
    const { result, calls, timers } = run(() => new Promise<Response>(() => undefined));
    timers.advance(1_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    timers.advance(1);
    expect(await result).toEqual({ ok: false, reason: 'timeout' });
    expect(calls[0]?.init?.signal?.aborted).toBe(true);
  });

  it.each([
    { name: 'network-error', answer: () => Promise.reject(new TypeError('Failed to fetch')) },
    { name: 'http-error', answer: () => json({ error: 'x', code: 'MESURA_ERR_BAD_QUERY' }, 400) },
    { name: 'bad-response', answer: () => Promise.resolve(new Response('<html>')) },
    { name: 'bad-response', answer: () => json({ visitorId: 'abc', ts: NOW_MS }) },
    { name: 'bad-response', answer: () => json({ visitorId: ID, ts: NOW_MS - 1 }) },
  ])('reports $name', async ({ name, answer }) => {
    const { result, timers } = run(answer);
    expect(await result).toEqual({ ok: false, reason: name });
    expect(timers.pending()).toBe(0);
  });
});

describe('forgetCollectorIdentity (consent withdrawn)', () => {
  it('asks the collector to erase its cookie: POST /id/forget with credentials, kept alive, carrying nothing', () => {
    const { fetch, calls } = fakeFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    forgetCollectorIdentity('https://stats.example.cat', fetch);
    expect(calls).toEqual([{ url: 'https://stats.example.cat/id/forget', init: { method: 'POST', credentials: 'include', keepalive: true } }]);
  });

  it('never rejects when the collector cannot be reached', async () => {
    let failed: Promise<Response> | undefined;
    const { fetch } = fakeFetch(() => (failed = Promise.reject(new TypeError('Failed to fetch'))));
    expect(() => forgetCollectorIdentity('https://stats.example.cat', fetch)).not.toThrow();
    await expect(failed).rejects.toThrow();
    // An unhandled rejection would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
