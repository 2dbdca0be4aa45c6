import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVisitorId } from '@mesura/identity';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const TS = 1_795_000_000_123;
const ALLOWED = 'http://localhost:8080';
// Fastify's inject asks for localhost, a secure context to browsers: SameSite=None; Secure (secure-context.ts).
const ID_COOKIE = /^mesura_cid=([0-9A-F]{16}-[0-9A-F]{16}); Max-Age=34190000; Path=\/; SameSite=None; Secure; HttpOnly$/;

// One server for the file: /id keeps nothing on the server (the id is the visitor's cookie), so the
// tests cannot see each other, and starting a server per test cost most of their time.
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
}, 60_000);

afterAll(async () => {
  await t?.dispose();
});

const ask = (headers: Record<string, string> = {}, query = `?d_ts=${TS}`) => t.server.app.inject({ url: `/id${query}`, headers });

describe('GET /id (§7 "Visitor identity")', () => {
  it('sets mesura_cid when absent and answers its id with the echoed timestamp, uncached', async () => {
    const response = await ask({ origin: ALLOWED });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(ID_COOKIE);
    expect(response.json()).toEqual({ visitorId: ID_COOKIE.exec(cookie)?.[1], ts: TS });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('makes ids the browser package accepts as its own', async () => {
    const { visitorId } = (await ask()).json<{ visitorId: string }>();
    expect(isVisitorId(visitorId)).toBe(true);
  });

  it('returns the same id when the cookie is sent back, and sets no new cookie', async () => {
    const first = (await ask({ origin: ALLOWED })).json<{ visitorId: string }>();
    const again = await ask({ origin: ALLOWED, cookie: `other=1; mesura_cid=${first.visitorId}` });
    expect(again.json()).toEqual({ visitorId: first.visitorId, ts: TS });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('replaces a malformed cookie', async () => {
    const response = await ask({ cookie: 'mesura_cid=forged' });
    expect(String(response.headers['set-cookie'])).toMatch(ID_COOKIE);
  });

  it('marks the cookie SameSite=None; Secure behind https, so cross-site fetches carry it', async () => {
    const https = await startTestServer({ MESURA_TRUST_PROXY: 'true' });
    try {
      const response = await https.server.app.inject({ url: `/id?d_ts=${TS}`, headers: { 'x-forwarded-proto': 'https' } });
      expect(String(response.headers['set-cookie'])).toMatch(/; Path=\/; SameSite=None; Secure; HttpOnly$/);
    } finally {
      await https.dispose();
    }
  });

  it.each(['127.0.0.1', 'localhost:8080', 'news.localhost'])('marks it SameSite=None; Secure on the loopback host %s over http, a secure context', async (host) => {
    const response = await ask({ host });
    expect(String(response.headers['set-cookie'])).toMatch(/; SameSite=None; Secure; HttpOnly$/);
  });

  it('keeps it SameSite=Lax over plain http to any other host, where a Secure cookie would be dropped', async () => {
    const response = await ask({ host: 'stats.example.cat' });
    expect(String(response.headers['set-cookie'])).toMatch(/; Path=\/; SameSite=Lax; HttpOnly$/);
  });

  it.each([ALLOWED, 'http://127.0.0.1:8080'])('lets the allowed origin %s read the answer with credentials', async (origin) => {
    const response = await ask({ origin });
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers.vary).toBe('Origin');
  });

  it('refuses another origin with no CORS headers and no cookie', async () => {
    const response = await ask({ origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'MESURA_ERR_ORIGIN_NOT_ALLOWED' });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each(['', '?d_ts=', '?d_ts=abc', '?d_ts=12.5', '?d_ts=-1', '?d_ts=1&d_ts=2'])('answers 400 MESURA_ERR_BAD_QUERY to %j, readable by the allowed origin', async (query) => {
    const response = await ask({ origin: ALLOWED }, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'd_ts must be the request time in milliseconds, e.g. /id?d_ts=1767225600000',
      code: 'MESURA_ERR_BAD_QUERY',
    });
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /id/forget (the visitor withdrew consent)', () => {
  const forget = (headers: Record<string, string> = {}) => t.server.app.inject({ method: 'POST', url: '/id/forget', headers });

  it('expires mesura_cid with the name, path and attributes it was set with', async () => {
    const { visitorId } = (await ask({ origin: ALLOWED })).json<{ visitorId: string }>();
    const response = await forget({ origin: ALLOWED, cookie: `mesura_cid=${visitorId}` });
    expect(response.statusCode).toBe(204);
    expect(response.headers['set-cookie']).toBe('mesura_cid=; Max-Age=0; Path=/; SameSite=None; Secure; HttpOnly');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers the allowed origin with credentials, and keeps SameSite=Lax over plain http to another host', async () => {
    const response = await forget({ origin: ALLOWED });
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const plain = await forget({ host: 'stats.example.cat' });
    expect(plain.headers['set-cookie']).toBe('mesura_cid=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly');
  });

  it('refuses another origin and erases nothing', async () => {
    const response = await forget({ origin: 'https://evil.example', cookie: 'mesura_cid=1F65FB944AFA1C05-25FBFAF16BF6E758' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'MESURA_ERR_ORIGIN_NOT_ALLOWED' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
