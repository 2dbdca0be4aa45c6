/**
 * An address the router cannot decode is answered as any unknown address is: a page path gets the
 * site's not-found answer (404), an API path its own route's check or a 404, always with the
 * catalogue's `{error, code}`, never Fastify's FST_ERR_BAD_URL body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalPercents } from '../../src/http/undecodable-url.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

describe('an undecodable address', () => {
  it('takes each % literally, so that it decodes to itself', () => {
    for (const url of ['/noticia/%ZZ/', '/x%E0%A4%A', '/%', '/a%2Fb']) expect(decodeURIComponent(literalPercents(url))).toBe(url);
  });

  it('answers a page path 404, as an unknown page', async () => {
    for (const url of ['/noticia/%ZZ/', '/tema/%E0%A4%A/', '/%']) {
      const response = await t.server.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('FST_ERR_BAD_URL');
    }
  });

  it("answers an API path with the route's own refusal or a 404, in the catalogue's shape", async () => {
    const article = await t.server.app.inject({ url: '/api/content/articles/%ZZ' });
    expect(article.statusCode).toBe(400);
    expect(article.json()).toMatchObject({ code: 'MESURA_ERR_BAD_QUERY' });
    const unknown = await t.server.app.inject({ url: '/api/nothing/%ZZ' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'MESURA_ERR_NOT_FOUND' });
  });
});
