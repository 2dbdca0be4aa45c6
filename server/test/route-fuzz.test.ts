/**
 * Every route the server registers (read from its own route list, so a new route is fuzzed
 * without anyone adding it here) gets generated requests over a real socket, through the edge
 * server the public reaches: arbitrary methods, paths, queries, headers and bodies, anonymous and
 * signed in with each role (fuzz/request-arbitrary.ts). For each request:
 * - the process stays alive and answers (no uncaught exception, no hang);
 * - the answer is < 500, or a documented 503 (store unavailable, shutting down, ingest log full);
 * - nothing is logged at error level;
 * - a route that needs a role never answers 2xx or 3xx to a caller without it.
 *
 * CI runs a fixed seed and a bounded count. `npm run fuzz -- --minutes N` (scripts/fuzz.mjs) runs
 * longer with a fresh seed (MESURA_FUZZ_SEED, MESURA_FUZZ_MINUTES) and prints the seed of a failure.
 */
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { BACKFILL_KEY_FILE } from '../src/ingest/backfill-key.js';
import { DEFAULT_ACCESS, type Access } from '../src/auth/roles.js';
import { ROLES, type Role } from '../src/shared/roles.js';
import { authHeadersFor, TEST_ENV, TEST_PASSWORD } from './helpers/test-server.js';
import { testActivity } from './helpers/activity.js';
import { describeCase, fuzzCase, wellFormedCase, type FuzzCase, type FuzzCorpus, type FuzzPrincipal } from './fuzz/request-arbitrary.js';
import { isStateChanging } from '../src/auth/origin-check.js';
import { sendRaw, type RawAnswer } from './fuzz/raw-request.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** CI's seed: the same requests every run, so a failure there is a failure here. */
const CI_SEED = 20_261_126;
/** CI's count: about a minute on this machine's two cores with nothing else running. */
const CI_RUNS = 12_000;
/** CI's count of changes tried without the role they need, each followed by a look at the state. */
const CI_UNAUTHORISED_RUNS = 1_500;
/** A request the server has not answered by then counts as a hang. */
const ANSWER_TIMEOUT_MS = 5_000;
/** The error codes a 503 may carry (http/errors.ts): the server says it cannot store now, and when to retry. */
const DOCUMENTED_503_CODES = ['MESURA_ERR_STORE_UNAVAILABLE', 'MESURA_ERR_SHUTTING_DOWN', 'MESURA_ERR_INGEST_LOG_FULL', 'MESURA_ERR_LOW_DISK', 'MESURA_ERR_NOT_READY'];
/** pino's level number for error: anything at or above it is a defect when a client caused it. */
const ERROR_LEVEL = 50;
/** Header carrying the case's number, so the route that answered it can be looked up. */
const CASE_HEADER = 'x-fuzz-case';

const minutes = Number(process.env.MESURA_FUZZ_MINUTES ?? 0);
const seed = process.env.MESURA_FUZZ_SEED ? Number(process.env.MESURA_FUZZ_SEED) : CI_SEED;

let server: MesuraServer;
let port: number;
let dataDir: string;
let corpus: FuzzCorpus;
/** The route and access that answered each case, by CASE_HEADER. */
const answeredBy = new Map<string, { url: string; access: Access }>();
const errorLines: string[] = [];
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-fuzz-'));
  const env = { MESURA_DATA_DIR: dataDir, ...TEST_ENV, MESURA_LOG_LEVEL: 'info' };
  const config = loadConfig(env, path.resolve(import.meta.dirname, '../..'));
  server = await createServer(config, { logStream: { write: (line) => void (JSON.parse(line).level >= ERROR_LEVEL && errorLines.push(line)) } });
  server.app.addHook('onResponse', async (request) => {
    const id = request.headers[CASE_HEADER];
    if (typeof id === 'string' && request.routeOptions.url !== undefined && !request.is404) {
      answeredBy.set(id, { url: request.routeOptions.url, access: request.routeOptions.config.access ?? DEFAULT_ACCESS });
    }
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
  corpus = {
    backfillKey: readFileSync(path.join(dataDir, BACKFILL_KEY_FILE), 'utf8'),
    siteOrigin: config.siteOrigins[0]!,
    tokens: Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, (await authHeadersFor(server, role)).authorization!.slice('Bearer '.length)]))) as Record<Role, string>,
    sessionCookies: Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await signIn(role, config.siteOrigins[0]!)]))) as Record<Role, string>,
    ids: [],
    bodies: [],
  };
  corpus = { ...corpus, ...(await storedThings(corpus.tokens.admin)) };
  process.on('uncaughtException', recordUncaught);
});

afterAll(async () => {
  process.off('uncaughtException', recordUncaught);
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An activity and a user the admin made, whose ids and definitions the requests then start from. */
async function storedThings(adminToken: string): Promise<Pick<FuzzCorpus, 'ids' | 'bodies'>> {
  const activity = testActivity({
    id: 'fuzz-activity',
    experiences: [
      { id: 'a', name: 'A', share: 1 },
      { id: 'b', name: 'B', share: 1 },
    ],
  });
  const stored = await server.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}`, headers: { authorization: `Bearer ${adminToken}` }, payload: activity });
  if (stored.statusCode !== 200) throw new Error(`could not store the fuzz activity: ${stored.body}`);
  const user = (await server.accounts.store.userByEmail('analyst@test.local'))!;
  const newUser = { email: 'fuzz@test.local', password: TEST_PASSWORD, role: 'admin' };
  return { ids: [activity.id, user.id, 'a', 'b'], bodies: [activity as unknown as Record<string, unknown>, newUser, { name: 'fuzz', role: 'admin' }, { trusted: true }, { status: 'paused' }] };
}

async function signIn(role: Role, origin: string): Promise<string> {
  const response = await server.app.inject({ method: 'POST', url: '/api/session', headers: { origin }, payload: { email: `${role}@test.local`, password: TEST_PASSWORD } });
  const cookie = String(response.headers['set-cookie'] ?? '').split(';', 1)[0];
  if (!cookie) throw new Error(`could not sign in as ${role}: ${response.statusCode} ${response.body}`);
  return cookie;
}

/**
 * Whether the request carried a credential that may reach `access`: its principal's, or a real
 * token or session that a mutation left whole among its other headers.
 */
function mayReach(fuzz: FuzzCase, access: Access): boolean {
  if (access === 'public') return true;
  const carried = ROLES.filter((role) => fuzz.request.headers.some(([, value]) => value.includes(corpus.tokens[role]) || value.includes(corpus.sessionCookies[role])));
  // Ranked here, not with the server's roleAllows: the oracle must not share the code it checks.
  return carried.some((role) => ROLES.indexOf(role) >= ROLES.indexOf(access));
}

/** Why `answer` to `fuzz` breaks a rule, or undefined when it holds them all. */
function broken(fuzz: FuzzCase, id: string, answer: RawAnswer): string | undefined {
  if (uncaught.length > 0) return `uncaught exception: ${String(uncaught[0])}`;
  if (errorLines.length > 0) return `logged at error level: ${errorLines[0]!.slice(0, 500)}`;
  // A connection the parser refuses may be closed without a word; a hang never is.
  if (answer.kind === 'timed-out') return `no answer within ${ANSWER_TIMEOUT_MS} ms`;
  if (answer.kind === 'closed') return undefined;
  if (answer.status === 503 && DOCUMENTED_503_CODES.some((code) => answer.body.includes(code))) return undefined;
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  const route = answeredBy.get(id);
  if (route && answer.status < 400 && !mayReach(fuzz, route.access)) {
    return `${route.url} (${route.access}) answered ${answer.status} to ${JSON.stringify(fuzz.principal)}`;
  }
  return undefined;
}

describe('every route, fuzzed', () => {
  it('answers every generated request below 500, logs no error and never lets a caller past its role', { timeout: Math.max(180_000, minutes * 60_000 + 120_000) }, async () => {
    let counter = 0;
    const statuses = new Map<string, number>();
    const property = fc.asyncProperty(fuzzCase(server.routes, corpus), async (fuzz) => {
      const id = String((counter += 1));
      const answer = await sendRaw(port, { ...fuzz.request, headers: [[CASE_HEADER, id], ...fuzz.request.headers] }, ANSWER_TIMEOUT_MS);
      const status = answer.kind === 'answered' ? String(answer.status) : answer.kind;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const reason = broken(fuzz, id, answer);
      answeredBy.delete(id);
      if (reason !== undefined) throw new Error(`${reason}\n  request: ${describeCase(fuzz.route, fuzz.principal, fuzz.request)}`);
    });
    const settings = minutes > 0 ? { seed, numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: minutes * 60_000, markInterruptAsFailure: false } : { seed, numRuns: CI_RUNS };
    try {
      await fc.assert(property, { ...settings, endOnFailure: true });
    } finally {
      const tally = [...statuses]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      console.log(`fuzz: ${counter} requests at ${server.routes.length} routes, seed ${seed}; answers ${tally}`);
    }
    expect(counter).toBeGreaterThan(0);
  });
});

/** The users and the activities as the admin reads them: where a change the caller may not make would show. */
async function state(): Promise<string> {
  const headers = { authorization: `Bearer ${corpus.tokens.admin}` };
  const [users, activities] = await Promise.all(['/api/users', '/api/activities'].map((url) => server.app.inject({ url, headers })));
  return `${users!.body}\n${activities!.body}`;
}

describe('every change that needs a role, fuzzed without it', () => {
  it('changes no user and no activity for an anonymous caller or an analyst', { timeout: Math.max(180_000, minutes * 60_000 + 120_000) }, async () => {
    const changes = server.routes.filter((route) => route.access !== 'public' && isStateChanging(route.method));
    const lacking = fc.constantFrom<FuzzPrincipal>({ kind: 'anonymous' }, { kind: 'signed-in', role: 'analyst', via: 'token' }, { kind: 'signed-in', role: 'analyst', via: 'session' });
    const before = await state();
    const property = fc.asyncProperty(fc.oneof(wellFormedCase(changes, corpus, lacking), fuzzCase(changes, corpus, lacking)), async (fuzz) => {
      // An analyst may make an analyst's changes; and a mutation may leave a stronger credential whole.
      fc.pre(!mayReach(fuzz, fuzz.route.access));
      await sendRaw(port, fuzz.request, ANSWER_TIMEOUT_MS);
      const after = await state();
      if (after !== before) throw new Error(`the state changed\n  request: ${describeCase(fuzz.route, fuzz.principal, fuzz.request)}`);
    });
    const settings = minutes > 0 ? { seed, numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: (minutes * 60_000) / 4, markInterruptAsFailure: false } : { seed, numRuns: CI_UNAUTHORISED_RUNS };
    await fc.assert(property, { ...settings, endOnFailure: true });
  });
});
