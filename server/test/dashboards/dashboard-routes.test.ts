import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILES_PER_DASHBOARD_MAX } from '../../src/dashboards/dashboard-limits.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** A server start: generous, as the test machine may be busy. */
const SETUP_TIMEOUT_MS = 60_000;
const NOON = Date.UTC(2026, 10, 23, 11, 0);
type Role = 'analyst' | 'editor' | 'admin';
interface Tile {
  id: string;
  report?: string;
  title?: string;
  period: Record<string, string>;
  filters?: { dimension: string; value: string }[];
  address?: string;
}
interface DashboardAnswer {
  id: string;
  kind: string;
  name: string;
  owner: string;
  mayChange: boolean;
  tiles: Tile[];
}

describe('dashboards (/api/dashboards, its tiles)', () => {
  let t: TestServer;
  const clock = NOON;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, role: Role = 'analyst', payload?: unknown) =>
    t.server.app.inject({ method, url, headers: await t.authHeaders(role), ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });
  const pin = async (dashboard: string, view: string, role: Role = 'analyst') => {
    const response = await call('POST', `/api/dashboards/${dashboard}/tiles`, role, { view });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as DashboardAnswer;
  };
  const open = async (dashboard: string, role: Role = 'analyst') => {
    const response = await call('GET', `/api/dashboards/${dashboard}`, role);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as DashboardAnswer;
  };

  beforeAll(async () => {
    t = await startTestServer({ MESURA_LOG_LEVEL: 'error' }, () => clock);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.dispose();
  });

  it('pins a report view with its filters and relative period to the caller’s own home dashboard', async () => {
    expect((await open('home')).tiles).toEqual([]);
    const home = await pin('home', '/consola/contingut/?informe=content/pages&f=section:esports&periode=30-dies&vista=taula');
    expect(home).toMatchObject({ id: 'home', kind: 'home', name: 'El meu tauler', owner: 'analyst@test.local', mayChange: true });
    expect(home.tiles).toHaveLength(1);
    expect(home.tiles[0]).toMatchObject({ report: 'content/pages', period: { preset: '30-dies' }, filters: [{ dimension: 'section', value: 'esports' }] });
    expect(home.tiles[0]?.address).toBe('/consola/contingut/?informe=content%2Fpages&f=section%3Aesports&periode=30-dies');
    const fixed = await pin('home', '/consola/audiencia/?informe=audience/by-day&des=2026-11-01&fins=2026-11-15');
    expect(fixed.tiles[1]?.period).toEqual({ from: '2026-11-01', to: '2026-11-15' });
    // Another person's home is their own, empty.
    expect((await open('home', 'editor')).tiles).toEqual([]);
  });

  it('moves a tile up and down and removes it', async () => {
    const before = await open('home');
    const [first, second] = before.tiles;
    const moved = await call('POST', `/api/dashboards/home/tiles/${second!.id}/move`, 'analyst', { direction: 'up' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as DashboardAnswer).tiles.map((tile) => tile.id)).toEqual([second!.id, first!.id]);
    const removed = await call('DELETE', `/api/dashboards/home/tiles/${second!.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await open('home')).tiles.map((tile) => tile.id)).toEqual([first!.id]);
  });

  it('moves a tile to a position, as a drop does, in one request; a bad position is one line and changes nothing', async () => {
    for (const view of ['/consola/contingut/?informe=content/pages', '/consola/contingut/?informe=content/sections', '/consola/audiencia/?informe=audience/by-day']) await pin('home', view, 'editor');
    const [a, b, c] = (await open('home', 'editor')).tiles.map((tile) => tile.id);
    const move = (tile: string, payload: unknown) => call('POST', `/api/dashboards/home/tiles/${tile}/move`, 'editor', payload);
    const first = await move(c!, { to: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as DashboardAnswer).tiles.map((tile) => tile.id)).toEqual([c, a, b]);
    expect((await move(c!, { to: 2 })).json().tiles.map((tile: { id: string }) => tile.id)).toEqual([a, b, c]);
    expect((await open('home', 'editor')).tiles.map((tile) => tile.id)).toEqual([a, b, c]);
    const refusals: [unknown, string][] = [
      [{ to: 3 }, 'to must be a position from 0 to 2: the dashboard holds 3 tiles'],
      [{ to: -1 }, `to must be a whole number from 0 to ${TILES_PER_DASHBOARD_MAX - 1}`],
      [{ to: 1.5 }, `to must be a whole number from 0 to ${TILES_PER_DASHBOARD_MAX - 1}`],
      [{ to: '1' }, `to must be a whole number from 0 to ${TILES_PER_DASHBOARD_MAX - 1}`],
      [{ to: 1, direction: 'up' }, 'give either direction (up or down) or to (a position, 0 first)'],
      [{}, 'give either direction (up or down) or to (a position, 0 first)'],
      [{ to: 1, by: 'x' }, "unknown field 'by'; expected direction, to"],
    ];
    for (const [payload, error] of refusals) {
      const refused = await move(a!, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error).toBe(error);
    }
    expect((await open('home', 'editor')).tiles.map((tile) => tile.id)).toEqual([a, b, c]);
  });

  it('shows a shared dashboard to everyone and lets only its author or an admin change it', async () => {
    const made = await call('POST', '/api/dashboards', 'editor', { name: '  Redacció ' });
    expect(made.statusCode, made.body).toBe(201);
    const shared = made.json() as DashboardAnswer;
    expect(shared).toMatchObject({ kind: 'shared', name: 'Redacció', owner: 'editor@test.local' });
    await pin(shared.id, '/consola/contingut/?informe=content/pages&periode=avui', 'editor');
    const listed = await call('GET', '/api/dashboards');
    expect((listed.json() as { dashboards: DashboardAnswer[] }).dashboards.map((d) => [d.id === 'home' ? 'home' : d.name, d.mayChange])).toEqual([
      ['home', true],
      ['Redacció', false],
    ]);
    expect((await open(shared.id)).tiles).toHaveLength(1);
    const byAnalyst = await call('POST', `/api/dashboards/${shared.id}/tiles`, 'analyst', { view: '/consola/contingut/?informe=content/pages' });
    expect(byAnalyst.statusCode).toBe(403);
    expect((await call('DELETE', `/api/dashboards/${shared.id}`, 'admin')).statusCode).toBe(204);
    expect((await call('GET', `/api/dashboards/${shared.id}`)).statusCode).toBe(404);
  });

  it('keeps a private segment off a shared dashboard, where the team could not read it', async () => {
    const segment = (id: string, shared: boolean) => ({ id, name: id, shared, match: 'all', groups: [{ match: 'all', conditions: [{ type: 'visit', attribute: 'device', value: 'mobile' }] }] });
    for (const [id, shared] of [
      ['meus-mobils', false],
      ['mobils', true],
    ] as const)
      expect((await call('PUT', `/api/segments/${id}`, 'analyst', segment(id, shared))).statusCode).toBe(201);
    const shared = (await call('POST', '/api/dashboards', 'analyst', { name: 'Mòbils' })).json() as DashboardAnswer;
    const privately = await call('POST', `/api/dashboards/${shared.id}/tiles`, 'analyst', { view: '/consola/contingut/?informe=content/pages&s=meus-mobils' });
    expect(privately.statusCode).toBe(400);
    expect((privately.json() as { error: string }).error).toContain('yours only');
    expect((await pin(shared.id, '/consola/contingut/?informe=content/pages&s=mobils')).tiles[0]).toMatchObject({ segment: 'mobils' });
    expect((await pin('home', '/consola/contingut/?informe=content/pages&s=meus-mobils')).tiles.at(-1)).toMatchObject({ segment: 'meus-mobils' });
    // Another person cannot pin a segment they do not see.
    expect((await call('POST', '/api/dashboards/home/tiles', 'editor', { view: '/consola/contingut/?informe=content/pages&s=meus-mobils' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/dashboards/${shared.id}`)).statusCode).toBe(204);
  });

  it('answers bad input with one line and changes nothing', async () => {
    const before = await open('home');
    const cases: [string, string, unknown][] = [
      ['POST', '/api/dashboards/home/tiles', { view: '/consola/contingut/?informe=audience/by-day' }],
      ['POST', '/api/dashboards/home/tiles', { view: 'https://evil.example/x' }],
      ['POST', '/api/dashboards/home/tiles', { view: '/consola/contingut/?informe=content/pages&periode=sempre' }],
      ['POST', '/api/dashboards/home/tiles', { view: '/consola/contingut/?informe=content/pages&des=2026-11-10&fins=2026-11-01' }],
      ['POST', '/api/dashboards/home/tiles', { view: '/consola/contingut/?informe=content/pages', extra: 1 }],
      ['POST', `/api/dashboards/home/tiles/${before.tiles[0]!.id}/move`, { direction: 'sideways' }],
      ['POST', '/api/dashboards', { name: '' }],
      ['POST', '/api/dashboards', { name: 'x'.repeat(81) }],
      ['DELETE', '/api/dashboards/home', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const response = await call(method as 'POST', url, 'analyst', payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect((response.json() as { error: string }).error).not.toContain('\n');
    }
    expect(await open('home')).toEqual(before);
    expect((await call('GET', '/api/dashboards/0123456789abcdef')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/dashboards/home/tiles/0123456789abcdef')).statusCode).toBe(404);
  });

  it('holds at most the named number of tiles and asks for an account', async () => {
    const home = await open('home', 'admin');
    for (let i = home.tiles.length; i < TILES_PER_DASHBOARD_MAX; i++) await pin('home', '/consola/contingut/?informe=content/pages', 'admin');
    const over = await call('POST', '/api/dashboards/home/tiles', 'admin', { view: '/consola/contingut/?informe=content/pages' });
    expect(over.statusCode).toBe(400);
    expect((await t.server.app.inject({ method: 'GET', url: '/api/dashboards' })).statusCode).toBe(401);
  });
});
