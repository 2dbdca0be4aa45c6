import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeBeacon, type AnalyticsHit, type HitType } from '@mesura/protocol';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createToken } from '../../src/auth/api-tokens.js';
import type { Role } from '../../src/shared/roles.js';
import { addUser } from '../../src/auth/users.js';
import { DEFAULT_REPORT_SUITES } from '../../src/ingest/accepted-report-suites.js';

export interface TestServer {
  server: MesuraServer;
  dataDir: string;
  /** Closes the server and deletes its data folder. */
  dispose(): Promise<void>;
  /** `{authorization: 'Bearer …'}` of an API token of a user with that role (made once per server). */
  authHeaders(role: Role): Promise<Record<string, string>>;
}

/** The password of every user tests make; long enough for MIN_PASSWORD_CHARS. */
export const TEST_PASSWORD = 'test-password-1234';

const headersByServer = new WeakMap<MesuraServer, Map<Role, Promise<Record<string, string>>>>();

/**
 * `{authorization: 'Bearer …'}` for a user of `role` (email `<role>@test.local`, made once per
 * server, or found in its data folder after a restart).
 */
export function authHeadersFor(server: MesuraServer, role: Role): Promise<Record<string, string>> {
  let byRole = headersByServer.get(server);
  if (!byRole) headersByServer.set(server, (byRole = new Map()));
  let headers = byRole.get(role);
  if (!headers) byRole.set(role, (headers = makeAuthHeaders(server, role)));
  return headers;
}

async function makeAuthHeaders(server: MesuraServer, role: Role): Promise<Record<string, string>> {
  const email = `${role}@test.local`;
  const user = (await server.accounts.store.userByEmail(email)) ?? (await addUser(server.accounts, null, { email, password: TEST_PASSWORD, role }));
  const { token } = await createToken(server.accounts, user, { name: `test ${role}` });
  return { authorization: `Bearer ${token}` };
}

/**
 * What tests' servers get unless a test says otherwise: the suites the fixtures send to besides
 * the defaults (the commercial library's sample beacons, the media scenarios), and a visitor burst
 * no fixture reaches (fixtures send many hits of one visitor at one fake instant).
 */
export const TEST_ENV: Record<string, string> = {
  MESURA_REPORT_SUITES: [...DEFAULT_REPORT_SUITES, 'ccmaprod', 'mesuraglobal', 'rsid.test'].join(','),
  MESURA_VISITOR_BURST_HITS: '1000000',
  // Every report reads what the test sent just before it.
  MESURA_REPORT_MAX_LAG_MS: '0',
};

/** A server on an empty temporary data folder, for app.inject; `now` fixes the receive time. */
export async function startTestServer(env: Record<string, string> = {}, now?: () => number): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-test-'));
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const config = loadConfig({ MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent', ...TEST_ENV, ...env }, repoRoot);
  const server = await createServer(config, { now });
  return {
    server,
    dataDir,
    authHeaders: (role) => authHeadersFor(server, role),
    async dispose() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A desktop browser's user agent: the injector's default one is (rightly) flagged as a bot. */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

let counter = 0;

/** A valid page-view hit; override what a test is about. */
export function testHit(overrides: Partial<AnalyticsHit> = {}): AnalyticsHit {
  counter += 1;
  return {
    eventId: `test-${counter}-${Math.random().toString(36).slice(2)}`,
    clientTime: { day: 23, month0: 10, year: 2026, hour: 9, minute: 5, second: 7, weekday: 1, tzOffsetMin: -60 },
    visitor: { fid: '1F65FB944AFA1C05-25FBFAF16BF6E758' },
    pageName: 'mesura:portada',
    url: 'http://localhost:8080/',
    channel: 'portada',
    events: [{ id: 1 }],
    props: { 1: 'portada' },
    eVars: { 1: 'portada', 8: 'portada' },
    hierarchies: {},
    lists: {},
    contextData: {},
    browser: {},
    ...overrides,
  };
}

export function beaconUrl(hit: AnalyticsHit, hitType: HitType = 'page_view', suites = ['mesuradev']): string {
  return encodeBeacon({ reportSuites: suites, libraryVersion: 'MESURA-0.1.0', random: '12345678901234' }, hit, hitType);
}
