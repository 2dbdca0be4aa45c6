import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ID_SYNC_DATA_MAX_LENGTH } from '@mesura/protocol';
import { FRAME_SCRIPT, FRAME_SCRIPT_HASH } from '../../src/identity/id-sync-frame.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const SITE = 'http://localhost:8080';
const SISTER = 'http://127.0.0.1:8080';
const PAGE_ID = '0123456789ABCDEF-FEDCBA9876543210';
const KNOWN_ID = 'AAAAAAAAAAAAAAAA-BBBBBBBBBBBBBBBB';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ MESURA_SITE_ORIGINS: `${SITE},${SISTER}` });
});
afterEach(async () => {
  await t.dispose();
});

const frame = (cookie?: string) => t.server.app.inject({ url: '/id/sync', headers: cookie ? { cookie } : {} });
const link = (body: string, headers: Record<string, string> = {}) =>
  t.server.app.inject({ method: 'POST', url: '/id/sync', payload: body, headers: { 'content-type': 'text/plain', host: 'localhost:80', origin: 'http://localhost:80', ...headers } });

describe('GET /id/sync, the ID-sync frame (§7)', () => {
  it('is a page whose only script runs by its hash, framed by the site origins only, uncached', async () => {
    const response = await frame();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src '${FRAME_SCRIPT_HASH}'; connect-src 'self'; frame-ancestors ${SITE} ${SISTER}; base-uri 'none'; form-action 'none'`,
    );
    expect(FRAME_SCRIPT_HASH).toBe(`sha256-${createHash('sha256').update(FRAME_SCRIPT).digest('base64')}`);
    expect(response.body).toContain(`<script>${FRAME_SCRIPT}</script>`);
    expect(response.body).toContain(`<script type="application/json" id="origins">["${SITE}","${SISTER}"]</script>`);
  });

  it('carries the collector’s id from its cookie, or none', async () => {
    expect((await frame(`mesura_cid=${KNOWN_ID}`)).body).toContain(`<script type="application/json" id="visitor">"${KNOWN_ID}"</script>`);
    expect((await frame('mesura_cid=forged')).body).toContain('<script type="application/json" id="visitor">""</script>');
  });

  it('refuses data longer than 649 characters in the frame itself', () => {
    expect(FRAME_SCRIPT).toContain(`message.data.length > ${ID_SYNC_DATA_MAX_LENGTH}`);
  });
});

describe('POST /id/sync, the frame linking the page’s id (§7)', () => {
  it('takes the page’s id as the collector’s when it has none', async () => {
    const response = await link(PAGE_ID);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ visitorId: PAGE_ID });
    expect(String(response.headers['set-cookie'])).toBe(`mesura_cid=${PAGE_ID}; Max-Age=34190000; Path=/; SameSite=None; Secure; HttpOnly`);
  });

  it('never replaces the collector’s id: answers it and sets nothing', async () => {
    const response = await link(PAGE_ID, { cookie: `mesura_cid=${KNOWN_ID}` });
    expect(response.json()).toEqual({ visitorId: KNOWN_ID });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['a site page', SITE],
    ['another site', 'https://evil.example'],
    ['no origin', undefined],
  ])('refuses a post from %s (only the frame, this origin, may post)', async (_name, origin) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url: '/id/sync',
      payload: PAGE_ID,
      headers: { 'content-type': 'text/plain', host: 'localhost:80', ...(origin && { origin }) },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'MESURA_ERR_ORIGIN_NOT_ALLOWED' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['data longer than 649 characters', 'A'.repeat(ID_SYNC_DATA_MAX_LENGTH + 1)],
    ['something other than a visitor id', 'not-an-id'],
    ['an empty body', ''],
  ])('answers 400 to %s and sets nothing', async (_name, body) => {
    const response = await link(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MESURA_ERR_BAD_QUERY' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
