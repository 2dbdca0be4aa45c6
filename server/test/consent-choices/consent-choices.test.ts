/**
 * `POST /api/consent/choices`: the banner's answer counted per local day, with nothing that could
 * identify the visitor; refused from other sites, in bad shapes and past an address's rate; kept
 * across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { CONSENT_CHOICES_BURST } from '../../src/consent-choices/consent-choice-limits.js';
import { DUCKDB_FILE_NAME } from '../../src/store/duckdb/duckdb-store.js';
import { TEST_ENV, authHeadersFor } from '../helpers/test-server.js';

const SITE = 'https://site.test';
// 23:30 UTC on the 22nd is 00:30 on the 23rd in Barcelona: the choice counts on the 23rd.
const RECEIVED_AT = Date.UTC(2026, 10, 22, 23, 30);
const DAY = '2026-11-23';

const dataDirs: string[] = [];
const servers: MesuraServer[] = [];

async function start(dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-consent-'))): Promise<{ server: MesuraServer; dataDir: string }> {
  if (!dataDirs.includes(dataDir)) dataDirs.push(dataDir);
  const config = loadConfig({ MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', MESURA_SITE_ORIGINS: SITE, ...TEST_ENV }, path.resolve(import.meta.dirname, '../../..'));
  const server = await createServer(config, { now: () => RECEIVED_AT });
  servers.push(server);
  return { server, dataDir };
}

async function stop(server: MesuraServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function choose(server: MesuraServer, body: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'POST', url: '/api/consent/choices', headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE, ...headers }, payload: body });
}

async function choicesReport(server: MesuraServer): Promise<Record<string, number | null>> {
  const response = await server.app.inject({ url: `/api/reports/consent/choices?from=${DAY}&to=${DAY}`, headers: await authHeadersFor(server, 'analyst') });
  expect(response.statusCode).toBe(200);
  return response.json().rows[0].values;
}

describe('POST /api/consent/choices', () => {
  it('answers 204 without a cookie and stores only the day, the suite, the choice and its count', async () => {
    const { server, dataDir } = await start();
    const answers = ['accept-all', 'accept-all', 'reject-all', 'custom'];
    for (const choice of answers) {
      const response = await choose(server, JSON.stringify({ choice }), { cookie: 'mesura_cid=abc; euconsent-v2=xyz', 'user-agent': 'Mozilla/5.0 Test' });
      expect(response.statusCode).toBe(204);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['access-control-allow-origin']).toBe(SITE);
    }
    await stop(server);
    const instance = await DuckDBInstance.create(path.join(dataDir, DUCKDB_FILE_NAME));
    const connection = await instance.connect();
    const columns = (await connection.runAndReadAll(`SELECT column_name FROM information_schema.columns WHERE table_name = 'consent_choices' ORDER BY ordinal_position`)).getRowObjectsJson();
    expect(columns.map((c) => c.column_name)).toEqual(['day', 'report_suite', 'choice', 'choices']);
    const rows = (await connection.runAndReadAll(`SELECT strftime(day, '%Y-%m-%d') AS day, report_suite, choice, choices FROM consent_choices ORDER BY choice`)).getRowObjectsJson();
    expect(rows).toEqual([
      { day: DAY, report_suite: 'mesuradev', choice: 'accept-all', choices: '2' },
      { day: DAY, report_suite: 'mesuradev', choice: 'custom', choices: '1' },
      { day: DAY, report_suite: 'mesuradev', choice: 'reject-all', choices: '1' },
    ]);
    connection.closeSync();
    instance.closeSync();
  });

  it('accepts a JSON body and a request without an Origin, as the collector does', async () => {
    const { server } = await start();
    const json = await server.app.inject({ method: 'POST', url: '/api/consent/choices', headers: { 'content-type': 'application/json' }, payload: { choice: 'reject-all' } });
    expect(json.statusCode).toBe(204);
  });

  it('refuses another site with 403 and counts nothing', async () => {
    const { server } = await start();
    const response = await choose(server, '{"choice":"accept-all"}', { origin: 'https://evil.test' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'a consent choice must come from one of the site origins (MESURA_SITE_ORIGINS)', code: 'MESURA_ERR_ORIGIN_NOT_ALLOWED' });
    expect(await choicesReport(server)).toMatchObject({ total: 0 });
  });

  it.each([
    ['not JSON', 'accept-all', 'the body must be {"choice": "accept-all" | "reject-all" | "custom"}'],
    ['an array', '["accept-all"]', 'the body must be {"choice": "accept-all" | "reject-all" | "custom"}'],
    ['an unknown choice', '{"choice":"maybe"}', 'choice must be one of accept-all, reject-all, custom'],
    ['no choice', '{}', 'choice must be one of accept-all, reject-all, custom'],
    ['an identifier beside the choice', '{"choice":"reject-all","visitorId":"1F65FB944AFA1C05-25FBFAF16BF6E758"}', 'unknown field \'visitorId\'; the body holds only "choice"'],
  ])('refuses %s with a one-line 400', async (_name, body, error) => {
    const { server } = await start();
    const response = await choose(server, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'MESURA_ERR_BAD_QUERY' });
  });

  it('answers 429 with Retry-After past the burst of one address, and the choices it took count', async () => {
    const { server } = await start();
    const burst = await Promise.all(Array.from({ length: CONSENT_CHOICES_BURST }, () => choose(server, '{"choice":"custom"}')));
    expect(burst.every((response) => response.statusCode === 204)).toBe(true);
    const over = await choose(server, '{"choice":"custom"}');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('1');
    expect(over.json().code).toBe('MESURA_ERR_TOO_MANY_REQUESTS');
    expect(await choicesReport(server)).toMatchObject({ custom: CONSENT_CHOICES_BURST, total: CONSENT_CHOICES_BURST });
  });

  it('keeps every acknowledged choice across a restart and adds new ones to them', async () => {
    const first = await start();
    expect((await choose(first.server, '{"choice":"reject-all"}')).statusCode).toBe(204);
    expect((await choose(first.server, '{"choice":"accept-all"}')).statusCode).toBe(204);
    await stop(first.server);
    const second = await start(first.dataDir);
    for (const choice of ['accept-all', 'accept-all', 'custom']) expect((await choose(second.server, JSON.stringify({ choice }))).statusCode).toBe(204);
    expect(await choicesReport(second.server)).toEqual({ accept_all: 3, reject_all: 1, custom: 1, total: 5, accept_share: 0.6 });
  });
});
