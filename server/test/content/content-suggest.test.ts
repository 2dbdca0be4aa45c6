/**
 * GET /api/content/suggest?q=: the search page's suggestions while typing, on a real server with
 * the seeded content. Public like the search, bounded by SUGGEST_QUERY_MAX_CHARS and
 * SUGGEST_MAX_RESULTS, and a hostile query is only words to it.
 */
import { SUGGEST_MAX_RESULTS, SUGGEST_QUERY_MAX_CHARS, contentApi } from '@mesura/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const NOW = Date.parse('2026-11-24T20:30:00Z');
let test: TestServer;
beforeAll(async () => {
  test = await startTestServer({}, () => NOW);
  // A server's first start seeds its content: slow on a busy machine.
}, 60_000);
afterAll(() => test.dispose());

async function get(url: string) {
  const response = await test.server.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as Record<string, any>, cache: response.headers['cache-control'] };
}

describe('the suggestions while typing', () => {
  it('suggests "sequera" for "sekera", without an account, cached like a search', async () => {
    const { status, body, cache } = await get(contentApi.suggest('sekera'));
    expect(status).toBe(200);
    expect(cache).toMatch(/^public, max-age=\d+$/);
    expect(body.query).toBe('sekera');
    expect(body.suggestions).toContain('sequera');
    expect(body.suggestions.length).toBeLessThanOrEqual(SUGGEST_MAX_RESULTS);
  });

  it('finds accented words typed without accents, and what it suggests finds results', async () => {
    const { body } = await get(contentApi.suggest('educ'));
    expect(body.suggestions.length).toBeGreaterThan(0);
    for (const suggestion of body.suggestions as string[]) expect((await get(contentApi.search(suggestion))).body.total).toBeGreaterThan(0);
  });

  it.each([
    ['no q', '/api/content/suggest'],
    ['a q too long', `/api/content/suggest?q=${'x'.repeat(SUGGEST_QUERY_MAX_CHARS + 1)}`],
    ['two q', '/api/content/suggest?q=a&q=b'],
  ])('answers %s with one line, 400', async (_what, url) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'MESURA_ERR_BAD_QUERY', error: `q must be one text of at most ${SUGGEST_QUERY_MAX_CHARS} characters` });
  });

  it.each(['(a+)+$.*', '<script>alert(1)</script>', "' OR 1=1 --", '\u0000\u202e\ud83d\ude00', `${'a'.repeat(SUGGEST_QUERY_MAX_CHARS - 1)}é`, 'a '.repeat(50)])(
    'takes the hostile query %j as words only',
    async (q) => {
      const { status, body } = await get(contentApi.suggest(q));
      expect(status).toBe(200);
      expect(body.suggestions.length).toBeLessThanOrEqual(SUGGEST_MAX_RESULTS);
      for (const suggestion of body.suggestions as string[]) expect(suggestion).not.toMatch(/[<>'"]/);
    },
  );
});
