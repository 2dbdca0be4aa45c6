/**
 * Two servers of a cluster changing one shared dashboard at once (dashboard-routes.ts `save`): each
 * server changes its dashboards one at a time, but not the other's. A pin that raced another
 * server's is refused with a 409 and one line, and its dashboard keeps the other's change: no
 * answered pin is ever lost, and no refused one is kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { CatalogTimers } from '../../src/decide/activity-catalog.js';
import { TEST_ENV, TEST_PASSWORD } from '../helpers/test-server.js';
import { testPostgres, testSchema, type TestSchema } from '../helpers/test-postgres.js';

const url = testPostgres();
const ORIGIN = 'http://localhost:8080';
const ADMIN = 'anna@example.cat';
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
/** Rounds of one pin on each server at once: enough that some race, few enough to stay quick. */
const RACING_ROUNDS = 12;
const SETUP_TIMEOUT_MS = 60_000;
const NO_POLL: CatalogTimers = { setInterval: () => undefined, clearInterval: () => undefined };

describe.skipIf(url === undefined)('two servers pinning to one shared dashboard at once', () => {
  let schema: TestSchema;
  const servers: MesuraServer[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    schema = testSchema(url!);
    await schema.pool();
    const metadataUrl = `${url!.connectionString}?options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-dashboard-cluster-'));
      dirs.push(dataDir);
      const env = { ...TEST_ENV, MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_METADATA: metadataUrl, MESURA_ADMIN_EMAIL: ADMIN, MESURA_ADMIN_PASSWORD: TEST_PASSWORD };
      // One after the other: the first makes the admin, the second finds it.
      servers.push(await createServer(loadConfig(env, REPO_ROOT), { catalogTimers: NO_POLL }));
    }
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await schema?.drop();
  });

  it('answers each pin 201 or 409, keeps every pin it answered 201 and none it refused', async () => {
    const [a, b] = servers as [MesuraServer, MesuraServer];
    const signedIn = await a.app.inject({ method: 'POST', url: '/api/session', headers: { origin: ORIGIN }, payload: { email: ADMIN, password: TEST_PASSWORD } });
    expect(signedIn.statusCode, signedIn.body).toBe(204);
    // A session is valid on every server of the cluster.
    const headers = { cookie: String(signedIn.headers['set-cookie']).split(';', 1)[0]!, origin: ORIGIN, 'content-type': 'application/json' };
    const made = await a.app.inject({ method: 'POST', url: '/api/dashboards', headers, payload: { name: 'Redacció' } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;

    const answered: string[] = [];
    const statuses: number[] = [];
    for (let round = 0; round < RACING_ROUNDS; round++) {
      const views = [`/consola/contingut/?informe=content/pages&periode=avui&f=section:a${round}`, `/consola/contingut/?informe=content/pages&periode=avui&f=section:b${round}`];
      const pins = await Promise.all([a, b].map((server, i) => server.app.inject({ method: 'POST', url: `/api/dashboards/${id}/tiles`, headers, payload: { view: views[i] } })));
      pins.forEach((pin, i) => {
        statuses.push(pin.statusCode);
        if (pin.statusCode === 201) answered.push(views[i]!);
        else expect(pin.json()).toEqual({ error: 'this dashboard was changed meanwhile; open it again and retry', code: 'MESURA_ERR_CONFLICT' });
      });
    }
    expect(new Set(statuses)).toSatisfy((seen: Set<number>) => [...seen].every((status) => status === 201 || status === 409));
    expect(answered.length).toBeGreaterThanOrEqual(RACING_ROUNDS);

    for (const server of [a, b]) {
      const tiles = (await server.app.inject({ url: `/api/dashboards/${id}`, headers })).json().tiles as { view: string }[];
      const kept = tiles.map((tile) => new URL(tile.view, ORIGIN).searchParams.get('f'));
      expect(kept.sort()).toEqual(answered.map((view) => new URL(view, ORIGIN).searchParams.get('f')).sort());
    }
  });
});
