/**
 * No route is left open by mistake: every route the server registers is either in PUBLIC below
 * (the list of what answers anyone) or refused to an anonymous client (401), and one that
 * needs more than an analyst is refused to an analyst (403). A new route fails here until it
 * declares its access.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/auth/roles.js';
import { ROLES, roleAllows } from '../../src/shared/roles.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** Method and route pattern of every route that answers without a session. */
const PUBLIC = new Set([
  // The site's pages and static files, the console's static shell (its login page included).
  'GET /',
  'HEAD /',
  'GET /*',
  'HEAD /*',
  'GET /consola',
  'HEAD /consola',
  'GET /consola/',
  'HEAD /consola/',
  'GET /consola/*',
  'HEAD /consola/*',
  // The browser bundles.
  ...['mesura.js', 'mesura-activity-map.js', 'mesura-media.js', 'mesura-personalize.js', 'mesura-sanitize.js', 'mesura-id-sync.js', 'mesura-audience.js'].flatMap((name) => [
    `GET /${name}`,
    `HEAD /${name}`,
  ]),
  // The tag library by account and layer, and the tag manager's asset host (§7 script loads).
  'GET /tags/:account/:layer/:file',
  'HEAD /tags/:account/:layer/:file',
  'GET /tags/:account/assets/:file',
  'HEAD /tags/:account/assets/:file',
  // The collector, the media settings file, the decision endpoint, the visitor id, health.
  'GET /b/ss/*',
  'HEAD /b/ss/*',
  'POST /b/ss/*',
  'OPTIONS /b/ss/*',
  'GET /hb/settings/:file',
  'HEAD /hb/settings/:file',
  'GET /settings/:file',
  'HEAD /settings/:file',
  'GET /m2/*',
  'HEAD /m2/*',
  'POST /m2/*',
  'OPTIONS /m2/*',
  'GET /id',
  'HEAD /id',
  'POST /id/forget',
  'GET /healthz',
  'HEAD /healthz',
  'GET /readyz',
  'HEAD /readyz',
  // The ID-sync frame of the collector (§7 visitor identity), and the page's id posted from it.
  'GET /id/sync',
  'HEAD /id/sync',
  'POST /id/sync',
  // The site's visitor accounts (its login module and "La meva llista"), not the console's.
  'POST /api/visitor/accounts',
  'POST /api/visitor/session',
  'DELETE /api/visitor/session',
  'GET /api/visitor/me',
  'HEAD /api/visitor/me',
  'GET /api/visitor/list',
  'HEAD /api/visitor/list',
  'PUT /api/visitor/list/:type/:id',
  'DELETE /api/visitor/list/:type/:id',
  // "He oblidat la contrasenya": asked for signed out, the link followed from a mail (visitors/password-reset-routes.ts).
  'POST /api/visitor/password-reset',
  'GET /api/visitor/password-reset/link',
  'HEAD /api/visitor/password-reset/link',
  'POST /api/visitor/password-reset/new',
  // The same forms posted without JavaScript to their page (http/site-form-posts.ts).
  'POST /entrar/',
  'POST /entrar/contrasenya-oblidada/',
  'POST /entrar/nova-contrasenya/',
  'POST /',
  'POST /joc/',
  'POST /noticia/:id/:slug/',
  // The site's content read API (the first view reads it too).
  'GET /api/content/home',
  'HEAD /api/content/home',
  'GET /api/content/media',
  'HEAD /api/content/media',
  'GET /api/content/sections',
  'HEAD /api/content/sections',
  'GET /api/content/sections/:slug',
  'HEAD /api/content/sections/:slug',
  'GET /api/content/sections/:slug/:subsection',
  'HEAD /api/content/sections/:slug/:subsection',
  'GET /api/content/articles/:slug',
  'HEAD /api/content/articles/:slug',
  'GET /api/content/authors/:slug',
  'HEAD /api/content/authors/:slug',
  'GET /api/content/themes/:slug',
  'HEAD /api/content/themes/:slug',
  'GET /api/content/programmes',
  'HEAD /api/content/programmes',
  'GET /api/content/programmes/:slug',
  'HEAD /api/content/programmes/:slug',
  'GET /api/content/programmes/:slug/seasons/:season',
  'HEAD /api/content/programmes/:slug/seasons/:season',
  'GET /api/content/episodes/:slug',
  'HEAD /api/content/episodes/:slug',
  'GET /api/content/channels',
  'HEAD /api/content/channels',
  'GET /api/content/channels/:slug',
  'HEAD /api/content/channels/:slug',
  'GET /api/content/stations',
  'HEAD /api/content/stations',
  'GET /api/content/stations/:slug',
  'HEAD /api/content/stations/:slug',
  'GET /api/content/search',
  'HEAD /api/content/search',
  'GET /api/content/suggest',
  'HEAD /api/content/suggest',
  'GET /api/content/weather',
  'HEAD /api/content/weather',
  'GET /api/content/weather/:slug',
  'HEAD /api/content/weather/:slug',
  // A podcast programme's RSS feed, which podcast apps read (content/podcast-feed-routes.ts).
  'GET /programes/:programa/podcast.xml',
  'HEAD /programes/:programa/podcast.xml',
  // The live streams' playlists (their segments are the site's static files).
  'GET /live/:slug/index.m3u8',
  'HEAD /live/:slug/index.m3u8',
  'GET /live/:slug/:rendition/index.m3u8',
  'HEAD /live/:slug/:rendition/index.m3u8',
  // Signing in.
  'POST /api/session',
  // The links mailed to confirm a visitor account or a newsletter address: followed from a mail,
  // with no session, so public; the single-use token in the link is the credential.
  'GET /api/visitor/accounts/confirm',
  'HEAD /api/visitor/accounts/confirm',
  'GET /api/engagement/newsletter/confirm',
  'HEAD /api/engagement/newsletter/confirm',
  // The site's participation features (server/src/engagement/): anonymous, origin-checked changes.
  'GET /api/engagement/polls/:id',
  'HEAD /api/engagement/polls/:id',
  'POST /api/engagement/polls/:id/answers',
  'POST /api/engagement/newsletter',
  'GET /api/engagement/quiz/today',
  'HEAD /api/engagement/quiz/today',
  'POST /api/engagement/tv/pairings',
  'POST /api/engagement/tv/pairings/:code/cast',
  'GET /api/engagement/tv/pairings/:code/events',
  'HEAD /api/engagement/tv/pairings/:code/events',
  // The consent banner's answer, counted per day without any identifier (server/src/consent-choices/).
  'POST /api/consent/choices',
]);

let testServer: TestServer;
beforeAll(async () => {
  testServer = await startTestServer();
});
afterAll(async () => {
  await testServer.dispose();
});

/** A concrete URL for a route pattern: parameters and wildcards filled in. */
function sampleUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
}

function routes() {
  return testServer.server.routes.map((route) => ({ key: `${route.method} ${route.url}`, ...route }));
}

describe('route access', () => {
  it('declares public exactly the routes of the public list', () => {
    const declaredPublic = routes()
      .filter((route) => route.access === 'public')
      .map((route) => route.key);
    expect(declaredPublic.filter((key) => !PUBLIC.has(key))).toEqual([]);
    expect(routes().length).toBeGreaterThan(PUBLIC.size);
  });

  it('refuses every other route to an anonymous client with 401', async () => {
    const open: string[] = [];
    for (const route of routes().filter((r) => !PUBLIC.has(r.key))) {
      const response = await testServer.server.app.inject({ method: route.method as 'GET', url: sampleUrl(route.url), payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {} });
      if (response.statusCode !== 401) open.push(`${route.key} → ${response.statusCode}`);
      else if (route.method !== 'HEAD') expect(response.json().code).toBe('MESURA_ERR_UNAUTHENTICATED');
    }
    expect(open).toEqual([]);
  });

  it('refuses a route that needs more than an analyst to an analyst with 403', async () => {
    const analyst = await testServer.authHeaders('analyst');
    const above = routes().filter((r) => r.access !== 'public' && !roleAllows('analyst', r.access as Exclude<Access, 'public'>));
    expect(above.length).toBeGreaterThan(0);
    const open: string[] = [];
    for (const route of above) {
      const response = await testServer.server.app.inject({
        method: route.method as 'GET',
        url: sampleUrl(route.url),
        headers: analyst,
        payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
      });
      if (response.statusCode !== 403) open.push(`${route.key} (${route.access}) → ${response.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('lets each role reach what its role allows', async () => {
    for (const role of ROLES) {
      const response = await testServer.server.app.inject({ url: '/api/me', headers: await testServer.authHeaders(role) });
      expect(response.json()).toMatchObject({ role });
    }
  });

  it('keeps the API closed on unknown paths: 404 for a signed-out client, never a page', async () => {
    const response = await testServer.server.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
  });
});
