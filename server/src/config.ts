import path from 'node:path';
import { REPORT_SUITES, parseEnvironment, type Environment } from '@mesura/protocol';
import { parseFirstAdminSettings, type FirstAdminSettings } from './auth/first-admin.js';
import { DEFAULT_MEMORY_BUDGET_MIB, MIN_MEMORY_BUDGET_MIB, memoryBudget, type MemoryBudget } from './memory-budget.js';
import { parseDeliveryDisabled, parseEdgeHost } from './decide/delivery-settings.js';
import { parseOriginList } from './decide/redirect-policy.js';
import { DEFAULT_EDGE_LIMITS as EDGE, checkEdgeLimits, type EdgeLimits } from './http/edge-limits.js';
import { parseReportSuites } from './ingest/accepted-report-suites.js';
import { VISITOR_BURST_HITS, VISITOR_MAX_HITS_PER_S, type VisitorRateLimits } from './ingest/visitor-rate.js';
import { parsePrivacyContact } from './rights/privacy-contact.js';
import { parseMediaSettingsConfig, type MediaSettingsByFile } from './settings/media-settings-config.js';
import { CONSENT_POLICIES, type ConsentPolicy } from './ingest/consent-check.js';
import { MIN_COHORT_DEFAULT } from './reports/min-cohort.js';
import { CELL_VISITOR_KEYS } from './store/duckdb/report-facts-schema.js';
import { LOAD_INTERVAL_MS } from './ingest/store-loader.js';
import { parsePostgresUrl, type PostgresUrl } from './store/postgres/postgres-url.js';
import { parseSmtpUrl, type SmtpUrl } from './mail/smtp-url.js';
import { parseEventsStore, type EventsStoreSetting } from './store/open-events-store.js';
import { MAX_UNDRAINED_LOG_BYTES_DEFAULT } from './ingest/collector-health.js';
import { parseObserveSettings, type ObserveSettings } from './observe/observe-settings.js';
import { parseBackupSettings, type BackupSettings } from './backup/backup-settings.js';
import { SERVER_ROLES, type ServerRole } from './shared/server-role.js';

/** Everything the server reads from its environment, with the defaults docs/configuration.md lists (MESURA_MIN_FREE_BYTES, MESURA_METRICS_PORT, MESURA_METRICS_HOST, MESURA_ACCESS_LOG: observe/observe-settings.ts). */
export interface ServerConfig extends ObserveSettings {
  /** PORT: TCP port. Default 8080. */
  port: number;
  /** MESURA_HOST: interface to listen on. Default 127.0.0.1 (loopback: a public deployment says so, usually behind a proxy). */
  host: string;
  /** MESURA_PUBLIC_URL: the origin visitors and the console reach the server at (https turns on Secure cookies and HSTS). Default none: http on localhost. */
  publicUrl: URL | undefined;
  /** MESURA_DATA_DIR: folder of the embedded DuckDB file. Default ./data. */
  dataDir: string;
  /**
   * MESURA_METADATA: postgres://user:password@host:port/database holding users, sessions, API
   * tokens, activities and site content for every server of a cluster (store/postgres/). Default
   * none: they stay embedded under MESURA_DATA_DIR, whatever store the events use.
   */
  metadata: PostgresUrl | undefined;
  /** MESURA_STORE: where events go: unset, the embedded DuckDB under MESURA_DATA_DIR; clickhouse://user:password@host:port/database, ClickHouse (store/open-events-store.ts). */
  store: EventsStoreSetting;
  /** MESURA_ROLE: all | collector | api (SERVER_ROLES). Default all. */
  role: ServerRole;
  /** MESURA_MAX_UNDRAINED_LOG_BYTES: past this many bytes of ingest log not yet in the events store, new events get 503 (ingest/collector-health.ts). Default 8 GiB. */
  maxUndrainedLogBytes: number;
  /** MESURA_COLLECTOR_NAME: this collector's name in ClickHouse batch ids (store/clickhouse/collector-name.ts). Default one made at random and kept in the ingest log's folder. */
  collectorName: string | undefined;
  /** MESURA_ENV: development | staging | production; the reports' default suite (the SDK picks its own by host name). Default development. */
  environment: Environment;
  reportSuite: string;
  /** MESURA_SITE_ORIGINS: comma list of origins allowed to POST beacons with CORS. Default the server's own origin on localhost and 127.0.0.1. */
  siteOrigins: string[];
  /** MESURA_REDIRECT_ORIGINS: comma list of origins, besides the site's, that redirect offers may send visitors to. Default none. */
  redirectOrigins: string[];
  /** MESURA_OFFER_ORIGINS: comma list of origins, besides the site's, that untrusted offers' links and images may point to (decide/redirect-policy.ts), and the site's img-src. Default none. */
  offerOrigins: string[];
  /**
   * MESURA_TRUSTED_PROXY_HOPS: reverse proxies trusted to append to X-Forwarded-For; the client is
   * that many addresses from its right (http/client-address.ts), and Fastify's `trustProxy` gets
   * the same number. Default 0 (the socket's peer); MESURA_TRUST_PROXY=true, the former switch, is 1.
   */
  trustProxy: number;
  /** MESURA_CONSENT_POLICY: `verify` stores hits without any TCF signal as consent `unknown`, `strict` refuses them. Default verify. */
  consentPolicy: ConsentPolicy;
  /** MESURA_KEEP_USER_AGENT: store the raw user agent besides its parts. Default false. */
  keepUserAgent: boolean;
  /** MESURA_GEO_DB: a MaxMind-format city database to place addresses with instead of the shipped one (ingest/steps/geolocate.ts). Default the shipped DB-IP database. */
  geoDatabase: string | undefined;
  /** MESURA_TIMEZONE: IANA zone in which reports cut days. Default Europe/Madrid. */
  timeZone: string;
  /** MESURA_MAX_BODY_BYTES: largest POST beacon body accepted. Default 65536. */
  maxBodyBytes: number;
  /** MESURA_LOG_LEVEL: fatal | error | warn | info | debug | silent. Default info. */
  logLevel: string;
  /** MESURA_SISTER_DOMAINS: comma list of domains whose links carry the visitor id. Default none. */
  sisterDomains: string[];
  /** MESURA_GA_DESTINATION: origin receiving the ga account's page views; `off` for none. Default this collector. */
  gaDestination: string | false | undefined;
  /** MESURA_SMTP_URL: smtp://user:password@host:587 or smtps://…:465, the relay of the mail sent to visitors (mail/mailer.ts). Default none: mail is written to outbox/ under MESURA_DATA_DIR. */
  smtp: SmtpUrl | undefined;
  /** MESURA_PRIVACY_CONTACT: whom visitors write to for access or erasure, shown in the site's cookie settings. Default none: the text names the data-protection officer. */
  privacyContact: string | undefined;
  /** MESURA_MEDIA_SETTINGS: JSON of per-publisher overrides of the media settings file. Default none (every publisher gets the defaults). */
  mediaSettings: MediaSettingsByFile;
  /** MESURA_CLIENT_CODES: comma list of personalisation client codes answered at /m2/{clientCode}/mbox/json. Default mesura. */
  clientCodes: string[];
  /** MESURA_DECISION_EDGE_HOST: host[:port] every delivery answer names as `edgeHost`. Default none (no `edgeHost`). */
  decisionEdgeHost: string | undefined;
  /** MESURA_DELIVERY_DISABLED_MS: `clientCode:ms` list; those codes answer `disabled` for that many ms. Default none. */
  deliveryDisabledMs: ReadonlyMap<string, number>;
  /** MESURA_ADMIN_EMAIL + MESURA_ADMIN_PASSWORD: the first admin, made on a start with no user. Default none: admin@localhost with a generated password (auth/first-admin.ts). */
  firstAdmin: FirstAdminSettings;
  /**
   * MESURA_REPORT_MAX_LAG_MS: a console report first loads what the collector acknowledged when
   * the store's latest load began longer ago than this; 0 makes every report read its own writes.
   * Default twice the loader's interval: the loader's own rounds keep reports fresh, and a report
   * waits for a load only when they stall.
   */
  reportMaxLagMs: number;
  /** MESURA_MIN_COHORT: report cells counting fewer distinct visitors are hidden (reports/min-cohort.ts). Default 5, at most 5. */
  minCohort: number;
  /** MESURA_RETENTION_DAYS: raw rows (hits, heartbeats, decision events) older than this many days are deleted daily. Default 395. */
  retentionDays: number;
  /** MESURA_HEADER_TIMEOUT_MS, MESURA_REQUEST_TIMEOUT_MS, MESURA_KEEP_ALIVE_TIMEOUT_MS, MESURA_MAX_CONNECTIONS, MESURA_MAX_CONNECTIONS_PER_ADDRESS, MESURA_ADDRESS_MAX_REQUESTS_PER_S (http/edge-limits.ts). */
  edge: EdgeLimits;
  /** MESURA_REPORT_SUITES: comma list of the report suites the collector stores hits for. Default the environments' suites and the ga accounts' ids. */
  reportSuites: string[];
  /** MESURA_VISITOR_MAX_HITS_PER_S (default 10) and MESURA_VISITOR_BURST_HITS (default 60): beyond them a visitor id's hits are answered, not stored. */
  visitorRate: VisitorRateLimits;
  /** MESURA_BACKUP_DIR, MESURA_BACKUP_INTERVAL_HOURS (default 24), MESURA_BACKUP_KEEP (default 7): scheduled snapshots (backup/). */
  backup: BackupSettings;
  /** MESURA_MEMORY_MIB (default 2048, at least 512): DuckDB's memory limits and the caches' sizes (memory-budget.ts). */
  memory: MemoryBudget;
  /** Built front-ends and SDK served by the server (not environment variables: derived from the repository layout). */
  siteDir: string;
  /** The site's server build: the first view of its pages (http/first-view.ts). */
  siteFirstViewFile: string;
  consoleDir: string;
  /** Folder of the browser bundles (`mesura.js`, `mesura-activity-map.js`). */
  sdkDir: string;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
/** About 13 months: a year's reports can still be compared with the same month a year before. */
export const DEFAULT_RETENTION_DAYS = 395;
export const REPORT_MAX_LAG_MS_DEFAULT = 2 * LOAD_INTERVAL_MS;

/** Reads the configuration; throws a one-line Error naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined>, repoRoot: string): ServerConfig {
  const port = parsePort(env.PORT);
  const environment = parseEnvironment(env.MESURA_ENV);
  const origins = commaList(env.MESURA_SITE_ORIGINS);
  const clientCodes = commaList(env.MESURA_CLIENT_CODES) ?? ['mesura'];
  const store = parseEventsStore(env.MESURA_STORE);
  const memory = memoryBudget(parseMemoryMiB(env.MESURA_MEMORY_MIB));
  return {
    port,
    host: env.MESURA_HOST || DEFAULT_HOST,
    publicUrl: parsePublicUrl(env.MESURA_PUBLIC_URL),
    dataDir: path.resolve(env.MESURA_DATA_DIR || './data'),
    metadata: env.MESURA_METADATA ? parsePostgresUrl('MESURA_METADATA', env.MESURA_METADATA) : undefined,
    store,
    role: parseRole(env.MESURA_ROLE),
    maxUndrainedLogBytes: parsePositiveInt('MESURA_MAX_UNDRAINED_LOG_BYTES', env.MESURA_MAX_UNDRAINED_LOG_BYTES, MAX_UNDRAINED_LOG_BYTES_DEFAULT),
    collectorName: env.MESURA_COLLECTOR_NAME || undefined,
    environment,
    reportSuite: REPORT_SUITES[environment],
    siteOrigins: origins ?? [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    redirectOrigins: parseOriginList('MESURA_REDIRECT_ORIGINS', env.MESURA_REDIRECT_ORIGINS),
    offerOrigins: parseOriginList('MESURA_OFFER_ORIGINS', env.MESURA_OFFER_ORIGINS),
    trustProxy: parseTrustedProxyHops(env.MESURA_TRUSTED_PROXY_HOPS, env.MESURA_TRUST_PROXY),
    consentPolicy: parseConsentPolicy(env.MESURA_CONSENT_POLICY),
    keepUserAgent: parseFlag('MESURA_KEEP_USER_AGENT', env.MESURA_KEEP_USER_AGENT),
    geoDatabase: env.MESURA_GEO_DB ? path.resolve(env.MESURA_GEO_DB) : undefined,
    timeZone: parseTimeZone(env.MESURA_TIMEZONE || 'Europe/Madrid'),
    maxBodyBytes: parsePositiveInt('MESURA_MAX_BODY_BYTES', env.MESURA_MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES),
    logLevel: env.MESURA_LOG_LEVEL || 'info',
    sisterDomains: commaList(env.MESURA_SISTER_DOMAINS) ?? [],
    gaDestination: parseGaDestination(env.MESURA_GA_DESTINATION),
    privacyContact: parsePrivacyContact(env.MESURA_PRIVACY_CONTACT),
    smtp: env.MESURA_SMTP_URL ? parseSmtpUrl('MESURA_SMTP_URL', env.MESURA_SMTP_URL) : undefined,
    mediaSettings: parseMediaSettingsConfig(env.MESURA_MEDIA_SETTINGS),
    clientCodes,
    decisionEdgeHost: parseEdgeHost(env.MESURA_DECISION_EDGE_HOST),
    deliveryDisabledMs: parseDeliveryDisabled(env.MESURA_DELIVERY_DISABLED_MS, clientCodes),
    firstAdmin: parseFirstAdminSettings(env.MESURA_ADMIN_EMAIL, env.MESURA_ADMIN_PASSWORD),
    reportMaxLagMs: parseWholeNumber('MESURA_REPORT_MAX_LAG_MS', env.MESURA_REPORT_MAX_LAG_MS, REPORT_MAX_LAG_MS_DEFAULT),
    minCohort: parseMinCohort(env.MESURA_MIN_COHORT),
    retentionDays: parsePositiveInt('MESURA_RETENTION_DAYS', env.MESURA_RETENTION_DAYS, DEFAULT_RETENTION_DAYS),
    edge: checkEdgeLimits({
      headerTimeoutMs: parsePositiveInt('MESURA_HEADER_TIMEOUT_MS', env.MESURA_HEADER_TIMEOUT_MS, EDGE.headerTimeoutMs),
      requestTimeoutMs: parsePositiveInt('MESURA_REQUEST_TIMEOUT_MS', env.MESURA_REQUEST_TIMEOUT_MS, EDGE.requestTimeoutMs),
      keepAliveTimeoutMs: parsePositiveInt('MESURA_KEEP_ALIVE_TIMEOUT_MS', env.MESURA_KEEP_ALIVE_TIMEOUT_MS, EDGE.keepAliveTimeoutMs),
      maxConnections: parsePositiveInt('MESURA_MAX_CONNECTIONS', env.MESURA_MAX_CONNECTIONS, EDGE.maxConnections),
      maxConnectionsPerAddress: parsePositiveInt('MESURA_MAX_CONNECTIONS_PER_ADDRESS', env.MESURA_MAX_CONNECTIONS_PER_ADDRESS, EDGE.maxConnectionsPerAddress),
      addressMaxRequestsPerS: parsePositiveInt('MESURA_ADDRESS_MAX_REQUESTS_PER_S', env.MESURA_ADDRESS_MAX_REQUESTS_PER_S, EDGE.addressMaxRequestsPerS),
      refusalHoldMs: parseWholeNumber('MESURA_REFUSAL_HOLD_MS', env.MESURA_REFUSAL_HOLD_MS, EDGE.refusalHoldMs),
      maxTrackedAddresses: memory.trackedAddresses,
    }),
    reportSuites: parseReportSuites(env.MESURA_REPORT_SUITES),
    ...parseObserveSettings(env),
    visitorRate: {
      maxHitsPerS: parsePositiveInt('MESURA_VISITOR_MAX_HITS_PER_S', env.MESURA_VISITOR_MAX_HITS_PER_S, VISITOR_MAX_HITS_PER_S),
      burstHits: parsePositiveInt('MESURA_VISITOR_BURST_HITS', env.MESURA_VISITOR_BURST_HITS, VISITOR_BURST_HITS),
      trackedVisitors: memory.trackedVisitors,
    },
    memory,
    backup: parseBackupSettings(env, path.resolve(env.MESURA_DATA_DIR || './data')),
    siteDir: path.join(repoRoot, 'apps/site/dist'),
    siteFirstViewFile: path.join(repoRoot, 'apps/site/dist-server/first-view.js'),
    consoleDir: path.join(repoRoot, 'apps/console/dist'),
    sdkDir: path.join(repoRoot, 'packages/sdk/dist'),
  };
}

/** The entries of a comma list, trimmed; undefined when it has none. */
function commaList(value: string | undefined): string[] | undefined {
  const entries = value
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries?.length ? entries : undefined;
}

function parseGaDestination(value: string | undefined): string | false | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'off') return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`MESURA_GA_DESTINATION must be an http(s) origin or 'off', got '${value}'`);
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
    throw new Error(`MESURA_GA_DESTINATION must be an http(s) origin or 'off', got '${value}'`);
  }
  return url.origin;
}

function parsePublicUrl(value: string | undefined): URL | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
    throw new Error(`MESURA_PUBLIC_URL must be an http(s) origin such as https://mesura.example.cat, got '${value}'`);
  }
  return url;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got '${value}'`);
  }
  return port;
}

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${value}'`);
  return n;
}

function parseMemoryMiB(value: string | undefined): number {
  const mib = parsePositiveInt('MESURA_MEMORY_MIB', value, DEFAULT_MEMORY_BUDGET_MIB);
  if (mib < MIN_MEMORY_BUDGET_MIB) throw new Error(`MESURA_MEMORY_MIB must be at least ${MIN_MEMORY_BUDGET_MIB} (MiB), got '${value}'`);
  return mib;
}

/** The page cells keep CELL_VISITOR_KEYS visitor keys each: a larger cohort could not be told from them. */
function parseMinCohort(value: string | undefined): number {
  const n = parsePositiveInt('MESURA_MIN_COHORT', value, MIN_COHORT_DEFAULT);
  if (n > CELL_VISITOR_KEYS) throw new Error(`MESURA_MIN_COHORT must be at most ${CELL_VISITOR_KEYS}, got '${value}'`);
  return n;
}

function parseWholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got '${value}'`);
  return n;
}

function parseFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new Error(`${name} must be true or false, got '${value}'`);
}

/** MESURA_TRUSTED_PROXY_HOPS when set; else MESURA_TRUST_PROXY=true as one hop, for configurations written before it. */
function parseTrustedProxyHops(hops: string | undefined, trustProxy: string | undefined): number {
  if (hops === undefined || hops === '') return parseFlag('MESURA_TRUST_PROXY', trustProxy) ? 1 : 0;
  const n = Number(hops);
  if (!/^\d+$/.test(hops) || !Number.isSafeInteger(n)) throw new Error(`MESURA_TRUSTED_PROXY_HOPS must be a whole number of proxies (0 or more), got '${hops}'`);
  return n;
}

/** MESURA_ROLE, default all: on ClickHouse as on DuckDB, one process may collect and serve the console both. */
function parseRole(value: string | undefined): ServerRole {
  const role = value === undefined || value === '' ? 'all' : SERVER_ROLES.find((known) => known === value);
  if (role === undefined) throw new Error(`MESURA_ROLE must be ${SERVER_ROLES.join(', ')}, got '${value!.slice(0, 40)}'`);
  return role;
}

function parseConsentPolicy(value: string | undefined): ConsentPolicy {
  if (value === undefined || value === '') return 'verify';
  const policy = CONSENT_POLICIES.find((known) => known === value);
  if (policy === undefined) throw new Error(`MESURA_CONSENT_POLICY must be ${CONSENT_POLICIES.join(' or ')}, got '${value}'`);
  return policy;
}

function parseTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    throw new Error(`MESURA_TIMEZONE must be an IANA time zone such as Europe/Madrid, got '${zone}'`);
  }
  return zone;
}
