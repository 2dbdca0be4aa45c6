import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import type { ServerConfig } from './config.js';
import { INGEST_LOG_DIR, openIntake, type Intake } from './ingest/intake.js';
import { BEACON_PATH_PREFIX, createBeaconHandler, type BeaconHandler } from './ingest/beacon-handler.js';
import { createBackfill, ensureBackfillKey } from './ingest/backfill-key.js';
import { geoDatabaseFiles, openGeolocator } from './ingest/steps/geolocate.js';
import { createHeartbeatHandler, isHeartbeatUrl, type HeartbeatHandler } from './ingest/heartbeat-handler.js';
import { openActivityCatalog, type ActivityCatalog, type CatalogTimers } from './decide/activity-catalog.js';
import { activityRoutes } from './decide/activity-routes.js';
import { createRedirectPolicy } from './decide/redirect-policy.js';
import { createPreviewTokens, ensurePreviewKey, type PreviewTokens } from './decide/preview-token.js';
import { DELIVERY_PATH_PREFIX, createDeliveryHandler, type DeliveryHandler } from './decide/delivery-handler.js';
import { createUserAgentClassifier } from './ingest/steps/user-agent.js';
import { fastifyTrustProxy } from './http/client-address.js';
import { createCors, type Cors } from './http/cors.js';
import { createEdgeServer } from './http/edge-limits-server.js';
import { openFileWarning, softOpenFileLimit } from './http/edge-limits-open-files.js';
import { registerCompression } from './http/compression.js';
import { siteConnectSources, siteImageSources } from './http/content-security-policy.js';
import { addSecurityHeaders, applySecurityHeaders, securityHeaders } from './http/security-headers.js';
import { HttpError, fromFrameworkError } from './http/errors.js';
import { answerFrameworkError } from './http/undecodable-url.js';
import { answerClientError } from './http/request-failure.js';
import { frontEndRoutes } from './http/front-ends.js';
import { tagLibraryRoutes } from './http/tag-library-routes.js';
import { tagLibraryPath } from '@mesura/site-property/tag-library';
import { liveRoutes } from './live/live-routes.js';
import { createContentCatalog } from './content/content-catalog.js';
import { contentRoutes } from './content/content-routes.js';
import { podcastFeedRoutes } from './content/podcast-feed-routes.js';
import { visitorRoutes } from './visitors/visitor-routes.js';
import { siteFormPostRoutes } from './http/site-form-posts.js';
import { ARTICLE_PAGE_ROUTE, pollForm, QUIZ_PAGE_PATH } from './engagement/poll-form-posts.js';
import { newsletterForm } from './engagement/newsletter-form-posts.js';
import { passwordForgottenForm, passwordResetForm, signInForm, signUpForm } from './visitors/account-form-posts.js';
import { identityRoutes } from './identity/identity-routes.js';
import { engagementRoutes } from './engagement/engagement-routes.js';
import { createMailer } from './mail/mailer.js';
import { mediaReportRoutes } from './reports/media-routes.js';
import { reportRoutes } from './reports/report-routes.js';
import { REPORT_CATALOGUE } from './reports/report-catalogue.js';
import { reportCatalogueRoutes } from './reports/report-catalogue-routes.js';
import { goalRoutes } from './reports/goal-routes.js';
import { funnelRoutes } from './reports/funnel-routes.js';
import { segmentRoutes } from './reports/segment-routes.js';
import { annotationRoutes } from './reports/annotation-routes.js';
import { dashboardRoutes } from './dashboards/dashboard-routes.js';
import { keyFiguresRoutes } from './reports/key-figures-routes.js';
import type { SegmentSources } from './reports/report-segment.js';
import { realtimeRoutes } from './reports/realtime-routes.js';
import { refusalRoutes } from './ingest/refusals-routes.js';
import { consentChoiceRoutes } from './consent-choices/consent-choice-routes.js';
import { mediaSettingsRoutes } from './settings/media-settings-routes.js';
import { openEventsStore, type EventsStore } from './store/open-events-store.js';
import { createObservability, registerObservability, type ObservabilityOptions } from './observe/observability.js';
import { timedSink } from './observe/timed-sink.js';
import { checkDataFolderVersion, recordDataFolderVersion } from './store/data-folder-version.js';
import type { EmbeddedMetadata } from './store/metadata-store.js';
import { openMetadataStore, type MetadataStore } from './store/metadata-store.js';
import { accountRoutes, openAccounts } from './auth/accounts.js';
import { accountAuditRoutes } from './auth/account-audit-routes.js';
import type { AuthContext } from './auth/auth-context.js';
import { installAuthGuard, type RegisteredRoute } from './auth/auth-guard.js';
import { startRetentionJob, type RetentionJob } from './rights/retention-job.js';
import { startServerBackups, type Backups } from './backup/server-backups.js';
import { startDayRollupJob, type DayRollupsJob } from './store/clickhouse/day-rollup-job.js';
import { visitorRightsRoutes } from './rights/visitor-rights-routes.js';
import { localDayIn } from './local-day.js';
import { registerMailNotices } from './alerts/mail-notices.js';
import type { JobTimers } from './periodic-job.js';

export interface MesuraServer {
  app: FastifyInstance;
  /** Stops accepting requests, writes every acknowledged event, closes the store. */
  close(): Promise<void>;
  /** The daily deletion of rows past MESURA_RETENTION_DAYS (rights/retention-job.ts); none on a collector over ClickHouse. */
  retention: RetentionJob | undefined;
  /** The closed days' visits and media sessions over ClickHouse (day-rollup-job.ts), where the console is served; none elsewhere. */
  dayRollups: DayRollupsJob | undefined;
  /** Users, sessions and tokens (auth/): tests make users through it. */
  accounts: AuthContext;
  /** Every route registered, with the access it declares (auth/auth-guard.ts). */
  routes: readonly RegisteredRoute[];
  /** Snapshots of the data folder while ingest goes on (backup/): the admin API's, the schedule's, and their last outcome (`status()`). */
  backups: Backups;
}

export interface ServerOptions {
  /** Clock for receive times (tests fix it). */
  now?: () => number;
  /** Timers of the activity catalog's poll of a shared metadata store (tests fire them). Default the process's. */
  catalogTimers?: CatalogTimers;
  /** Where the log's JSON lines go (the fuzz suite reads them). Default standard output. */
  logStream?: { write(line: string): void };
  /** Tests fake the data folder's free space and fire its timer (observe/free-space.ts). */
  freeSpace?: ObservabilityOptions['freeSpace'];
  /** Timers of the mailed reports' and alerts' schedule (alerts/mail-notices.ts): tests fire them. */
  mailNoticeTimers?: JobTimers;
}

/** The two hot-path handlers, on node:http; set once the intake is open. */
interface Collectors {
  beacon: BeaconHandler;
  heartbeat: HeartbeatHandler;
  /** Personalisation decisions: on the page's critical path, so beside the collectors. */
  delivery: DeliveryHandler;
}

/** How long requests in flight may take to finish once the server is told to stop. */
export const SHUTDOWN_GRACE_MS = 2000;

export async function createServer(config: ServerConfig, options: ServerOptions = {}): Promise<MesuraServer> {
  const { now = Date.now, catalogTimers, logStream, mailNoticeTimers } = options;
  // MESURA_ROLE (config.ts SERVER_ROLES): a collector serves no console, an API node no measurement endpoints.
  const collectsEvents = config.role !== 'api';
  const servesConsole = config.role !== 'collector';
  const collectors: Collectors = { beacon: () => undefined, heartbeat: () => undefined, delivery: () => undefined };
  const headers = securityHeaders(config.publicUrl);
  // A folder of a newer release is refused before anything in it is opened or written.
  const folderVersion = checkDataFolderVersion(config.dataDir);
  const backfill = createBackfill(ensureBackfillKey(config.dataDir), config.retentionDays);
  const app = Fastify({
    // Requests are not logged: a request log would carry the raw client address.
    logger: { level: config.logLevel, ...(logStream && { stream: logStream }) },
    logController: new LogController({ disableRequestLogging: true }),
    // The same hops as the collectors' client address, so request.ip agrees with it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: config.maxBodyBytes,
    clientErrorHandler: answerClientError,
    // Errors before routing: never Fastify's own body (http/undecodable-url.ts).
    frameworkErrors: answerFrameworkError,
    // Beacons and heartbeats skip the framework: the collector is the hottest path and plain node:http.
    serverFactory: (handle) =>
      createEdgeServer(
        {
          limits: config.edge,
          trustProxy: config.trustProxy,
          now,
          exempt: (request) => backfill.trusted(request.headers),
          onDefect: (error) => app.log.error({ err: error }, 'handling a request failed'),
        },
        (request, response) => {
          observe.accessLog?.watch(request, response);
          const url = request.url ?? '';
          // The beacon handler writes the security headers into its answers' heads itself (beacon-handler.ts).
          if (collectsEvents && url.startsWith(BEACON_PATH_PREFIX)) return collectors.beacon(request, response);
          applySecurityHeaders(response, headers);
          if (!collectsEvents) return handle(request, response);
          if (isHeartbeatUrl(url)) return collectors.heartbeat(request, response);
          if (url.startsWith(DELIVERY_PATH_PREFIX)) return collectors.delivery(request, response);
          return handle(request, response);
        },
      ),
  });
  addSecurityHeaders(app, headers);
  const observe = createObservability(config, { log: app.log, now, ...(options.freeSpace && { freeSpace: options.freeSpace }) });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const httpError = error instanceof HttpError ? error : fromFrameworkError(error);
    if (httpError.kind.status >= 500) observe.failures.failed(`${request.method} ${request.routeOptions.url ?? request.url.split('?', 1)[0]} failed`, error);
    return reply.code(httpError.kind.status).headers(httpError.headers).send(httpError.body());
  });

  const variables = variableNames(SITE_VARIABLE_MAP);
  const logDir = path.join(config.dataDir, INGEST_LOG_DIR);
  const events = await openEventsStore({
    setting: config.store,
    dataDir: config.dataDir,
    logDir,
    variables,
    timeZone: config.timeZone,
    collectorName: config.collectorName,
    collects: collectsEvents,
    servesConsole,
    startsWithoutStore: config.role === 'collector',
    // Without MESURA_METADATA the metadata stays in the embedded file, whatever holds the events.
    embeddedMetadata: config.metadata === undefined,
    retentionDays: config.retentionDays,
    now,
    log: app.log,
    memoryLimitMiB: config.memory.eventsStoreMiB,
    // An answer from memory may be as old as a report may lag anyway.
    readCacheMaxAgeMs: config.reportMaxLagMs,
  });
  app.log.info(`events in ${events.description}`);
  const { embedded } = events;
  // Read only when MESURA_METADATA is unset, and then `embedded` is open.
  // A collector also starts while PostgreSQL cannot be reached: its beacons need no metadata.
  const metadata = await openMetadataStore(config, embedded as EmbeddedMetadata, app.log, { whileUnreachable: config.role === 'collector' ? 'wait' : 'fail' });
  const intake = !events.keepsIngestLog
    ? undefined
    : await openIntake({
        dataDir: config.dataDir,
        store: timedSink(events.sink, observe.metrics.storeLoaded),
        admit: () => observe.freeSpace.check(),
        onLogWrite: observe.logWrites,
        onNotStored: observe.metrics.notStored,
        maxUndrainedLogBytes: config.maxUndrainedLogBytes,
        drainRetry: events.drainRetry,
        environment: config.environment,
        variableMap: SITE_VARIABLE_MAP,
        timeZone: config.timeZone,
        reportSuite: config.reportSuite,
        reportSuites: config.reportSuites,
        visitorRate: config.visitorRate,
        caches: config.memory,
        onLoadError: (error) => observe.failures.failed('loading the ingest log into the store failed; will retry', error),
        consentPolicy: config.consentPolicy,
        keepUserAgent: config.keepUserAgent,
        locate: openGeolocator(geoDatabaseFiles(config.geoDatabase)),
      });
  if (intake && intake.recovered > 0) app.log.warn(`recovered ${intake.recovered} acknowledged events from the ingest log`);
  const openFiles = openFileWarning(config.edge, softOpenFileLimit());
  if (openFiles !== undefined) app.log.warn(openFiles);
  const retention =
    events.rights &&
    startRetentionJob({
      store: events.rights.retention,
      retentionDays: config.retentionDays,
      now,
      localDay: localDayIn(config.timeZone),
      // What this process acknowledged goes to the store first (an API node over ClickHouse has no log).
      catchUp: async () => intake?.catchUp(),
      onDone: (deleted, cutoff) => app.log.info({ deleted }, `retention: deleted raw rows of days before ${cutoff.day}`),
      onError: (error) => observe.failures.failed('retention: deleting old rows failed; will retry at the next run', error),
    });
  // The closed days' visits and media sessions, kept where the console is served, like retention.
  const dayRollups =
    events.dayRollups.length === 0
      ? undefined
      : startDayRollupJob({
          rollups: events.dayRollups,
          now,
          onDone: (runs) => {
            for (const [name, run] of Object.entries(runs)) if (run.built > 0) app.log.info(run, `${name} roll-up: closed days built`);
          },
          onError: (error, name) => observe.failures.failed(`${name} roll-up failed; will retry at the next run`, error),
        });
  const cors = createCors(config.siteOrigins);
  const { trustProxy } = config;
  if (intake) {
    collectors.beacon = createBeaconHandler({
      intake,
      cors,
      maxBodyBytes: config.maxBodyBytes,
      trustProxy,
      now,
      backfill,
      observe: observe.answers('beacon', `${BEACON_PATH_PREFIX}*`),
      securityHeaders: headers,
    });
    collectors.heartbeat = createHeartbeatHandler({ intake, cors, trustProxy, now, backfill, observe: observe.answers('heartbeat', '/hb') });
  }
  const redirects = createRedirectPolicy(config);
  const catalog = await openActivityCatalog(metadata.activities, {
    now,
    warn: (message) => app.log.warn(message),
    redirects,
    poll: metadata.shared,
    startWithoutStore: metadata.isWaiting(),
    ...(catalogTimers && { timers: catalogTimers }),
  });
  const previews = createPreviewTokens(ensurePreviewKey(config.dataDir));
  collectors.delivery = createDeliveryHandler({
    index: catalog.index,
    cors,
    clientCodes: new Set(config.clientCodes),
    edgeHost: config.decisionEdgeHost,
    disabledForMs: config.deliveryDisabledMs,
    maxBodyBytes: config.maxBodyBytes,
    classify: createUserAgentClassifier(),
    record: observe.countingDecisions((decisions) => (intake ? intake.recordDecisions(decisions) : Promise.resolve())),
    onRecordError: (error) => observe.failures.failed('an impression could not be recorded', error),
    now,
    backfill,
    previews,
    consentPolicy: config.consentPolicy,
    observe: observe.answers('decision', `${DELIVERY_PATH_PREFIX}*`),
  });
  const { email: adminEmail, password: adminPassword } = config.firstAdmin;
  const accountSettings = { dataDir: config.dataDir, publicUrl: config.publicUrl, siteOrigins: config.siteOrigins, adminEmail, adminPassword, makesFirstAdmin: servesConsole };
  const accounts = await openAccounts(metadata.accounts, accountSettings, now, app.log);
  // Before any route: the guard records each one with its declared access.
  const routes = installAuthGuard(app, accounts);
  if (collectsEvents) routeCollectors(app, collectors);
  // The banner's answers are a measurement: counted by every process that collects, into its engine.
  if (collectsEvents) {
    await app.register(consentChoiceRoutes, { table: events.consentChoices, cors, reportSuite: config.reportSuite, timeZone: config.timeZone, now, backfill });
  }
  // The servers a process started without and has not reached since (ClickHouse's tables, PostgreSQL's activities).
  const waitingFor = () => [...(events.isWaiting() ? ['events store'] : []), ...(metadata.isWaiting() ? ['metadata store'] : [])];
  await registerObservability(app, observe, {
    role: config.role,
    intake,
    loadFailureBlocksReadiness: !events.drainRetry,
    waitingFor,
    duckDb: embedded,
    ...(dayRollups && { dayRollups: () => dayRollups.status() }),
    ...(config.backup.dir !== undefined && { backup: () => backups.status() }),
  });
  if (config.role !== 'collector') {
    await app.register(accountRoutes, accounts);
    await app.register(accountAuditRoutes, { accounts: metadata.accounts });
    await registerRoutes(app, config, { events, intake, metadata, cors, now, catalog, delivery: () => collectors.delivery, previews, accounts, mailNoticeTimers });
  }
  const backups = await startServerBackups(app, config, { embedded, metadata, intake, routes: servesConsole, now });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await closeConnections(app);
      await retention?.stop();
      await dayRollups?.stop();
      await intake?.close();
      catalog.close();
      await events.close();
      await metadata.close();
      await observe.close();
    })());
  recordDataFolderVersion(config.dataDir, folderVersion, app.log);
  return { app, close, retention, dayRollups, accounts, routes, backups };
}

/**
 * Stops listening and closes the connections: idle keep-alive ones at once, and any still open
 * after SHUTDOWN_GRACE_MS, since a page left open in a browser (keep-alive sockets, preconnects)
 * would otherwise hold the shutdown for minutes. A request cut off that way got no 2xx, so its
 * event is not acknowledged: the client keeps it and retries.
 */
async function closeConnections(app: FastifyInstance): Promise<void> {
  const { server } = app;
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  try {
    const closed = app.close();
    server.closeIdleConnections();
    await closed;
  } finally {
    clearTimeout(force);
  }
}

/**
 * The collectors behind Fastify too, for app.inject (which does not go through the server). A
 * heartbeat at `/` shares its path with the site, so it is told apart before routing.
 */
function routeCollectors(app: FastifyInstance, collectors: Collectors): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isHeartbeatUrl(request.url)) return;
    reply.hijack();
    collectors.heartbeat(request.raw, reply.raw);
  });
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${BEACON_PATH_PREFIX}*`,
    config: { access: 'public' },
    onRequest: async (request, reply) => {
      reply.hijack();
      collectors.beacon(request.raw, reply.raw);
    },
    handler: async () => undefined,
  });
}

interface RouteDeps {
  /** The events' engine, whichever it is: reports, export, rights, refusals and the activities' results read it. */
  events: EventsStore;
  /** The ingest log this process collects into, if it keeps one: the reports load it first, so that they hold what this process acknowledged. */
  intake: Intake | undefined;
  catalog: ActivityCatalog;
  metadata: MetadataStore;
  delivery: () => DeliveryHandler;
  cors: Cors;
  now: () => number;
  previews: PreviewTokens;
  accounts: AuthContext;
  mailNoticeTimers: JobTimers | undefined;
}

async function registerRoutes(app: FastifyInstance, config: ServerConfig, deps: RouteDeps): Promise<void> {
  const { events, intake, metadata, cors, now, catalog, delivery, previews } = deps;
  await registerCompression(app);
  const catchUp = intake ? () => intake.catchUp() : async () => undefined;
  // Every report of the console (the catalogue's, goals', funnels') may lag by MESURA_REPORT_MAX_LAG_MS
  // rather than load at each ask (store-loader.ts freshness): a load at every goal or funnel ask made
  // each one wait for a whole load while beacons arrived (docs/capacity.md "What a report waits on").
  const reportCatchUp = intake ? () => intake.catchUpWithin(config.reportMaxLagMs) : catchUp;
  // Goal definitions from the metadata store; their reports from the events' engine. Segments
  // likewise, opened first: every report may be asked with one (`s=`).
  const goals = await metadata.openGoals();
  app.addHook('onClose', () => goals.close());
  const segments = await metadata.openSegments();
  app.addHook('onClose', () => segments.close());
  await registerEventRoutes(app, config, { events, catchUp, reportCatchUp, now, segments: { segments, goals } });
  await app.register(segmentRoutes, { segments, goals, now });
  // Chart notes: the team's, from the metadata store.
  const annotations = await metadata.openAnnotations();
  app.addHook('onClose', () => annotations.close());
  await app.register(annotationRoutes, { annotations, now });
  // Dashboards: each person's home one and the team's shared ones, from the metadata store.
  const dashboards = await metadata.openDashboards();
  app.addHook('onClose', () => dashboards.close());
  await app.register(dashboardRoutes, { dashboards, segments, catalogue: REPORT_CATALOGUE, now });
  await app.register(mediaSettingsRoutes, { settings: config.mediaSettings, cors });
  await app.register(identityRoutes, { cors, siteOrigins: config.siteOrigins });
  const mailer = createMailer(config, { now, log: app.log });
  app.addHook('onClose', () => mailer.close());
  await app.register(engagementRoutes, { openStore: () => metadata.openEngagement(), cors, mailer, timeZone: config.timeZone, now });
  await registerMailNotices(app, {
    metadata,
    accounts: deps.accounts.store,
    mailer,
    context: { reader: events.reader, minCohort: config.minCohort, timeZone: config.timeZone },
    reportSuite: config.reportSuite,
    segments: { segments, goals },
    dashboards,
    catchUp,
    consoleOrigin: config.publicUrl?.origin ?? `http://localhost:${config.port}`,
    now,
    ...(deps.mailNoticeTimers && { timers: deps.mailNoticeTimers }),
  });
  const redirects = createRedirectPolicy(config);
  // Definitions from the metadata store (the catalog); results from the events' engine.
  await app.register(activityRoutes, {
    catalog,
    store: events.decisions,
    catchUp,
    delivery,
    redirects,
    now,
    minCohort: config.minCohort,
    localDay: localDayIn(config.timeZone),
    previews,
    goals,
    reportSuite: config.reportSuite,
  });
  const goalContext = { reader: events.reader, minCohort: config.minCohort, timeZone: config.timeZone };
  await app.register(goalRoutes, { goals, context: goalContext, reportSuite: config.reportSuite, catchUp: reportCatchUp, now, segments });
  // Funnels likewise: definitions from the metadata store, their steps' goals from the goals'.
  const funnels = await metadata.openFunnels();
  app.addHook('onClose', () => funnels.close());
  await app.register(funnelRoutes, { funnels, goals, context: goalContext, reportSuite: config.reportSuite, catchUp: reportCatchUp, now, segments });
  await app.register(liveRoutes, { siteDir: config.siteDir, now });
  const content = createContentCatalog(await metadata.loadContent());
  await app.register(contentRoutes, { catalog: content, now });
  // The podcasts' feeds are the site's; their addresses are absolute, on the configured origin.
  await app.register(podcastFeedRoutes, { catalog: content, siteOrigin: config.publicUrl?.origin ?? `http://localhost:${config.port}`, now });
  const visitors = await metadata.openVisitors();
  app.addHook('onClose', () => visitors.close());
  await app.register(visitorRoutes, { store: visitors, cors, secureCookies: config.publicUrl?.protocol === 'https:', mailer, now });
  // The same forms posted by a browser without JavaScript, to their page, done by the routes above.
  await app.register(siteFormPostRoutes, {
    forms: [signInForm, signUpForm, passwordForgottenForm, passwordResetForm, newsletterForm('/'), newsletterForm(QUIZ_PAGE_PATH), pollForm(ARTICLE_PAGE_ROUTE), pollForm(QUIZ_PAGE_PATH)],
  });
  await app.register(tagLibraryRoutes, { sdkDir: config.sdkDir });
  await app.register(frontEndRoutes, {
    siteDir: config.siteDir,
    siteFirstViewFile: config.siteFirstViewFile,
    consoleDir: config.consoleDir,
    sdkDir: config.sdkDir,
    connectSources: siteConnectSources(config),
    imageSources: siteImageSources(config),
    frameSources: config.publicUrl ? [config.publicUrl.origin] : [],
    siteConfig: {
      ...(config.publicUrl && { collector: config.publicUrl.origin }),
      autoPageView: false,
      sisterDomains: config.sisterDomains,
      ...(config.gaDestination !== undefined && { gaDestination: config.gaDestination }),
      ...(config.privacyContact !== undefined && { privacyContact: config.privacyContact }),
      // The server's environment is the layer its pages load (§7 "Script loads").
      tagLibrary: tagLibraryPath(config.environment),
    },
  });
}

interface EventRouteDeps {
  events: EventsStore;
  /** Loads what this process acknowledged into the store (nothing to load without an ingest log). */
  catchUp: () => Promise<void>;
  /** The same unless the store is fresh enough for a report (config.ts MESURA_REPORT_MAX_LAG_MS). */
  reportCatchUp: () => Promise<void>;
  now: () => number;
  /** The segments the catalogue's reports may be asked with. */
  segments: SegmentSources;
}

/**
 * The routes that read or write the events: reports, export, rights, refusals (consent choices:
 * createServer). Each first loads what this process acknowledged; a process without an ingest log
 * (an API node over ClickHouse) reads what the collectors drained on their own.
 */
async function registerEventRoutes(app: FastifyInstance, config: ServerConfig, { events, catchUp, reportCatchUp, now, segments }: EventRouteDeps): Promise<void> {
  const { reportSuite, minCohort, timeZone } = config;
  await app.register(reportRoutes, { store: events.reports, reportSuite, catchUp });
  await app.register(reportCatalogueRoutes, { definitions: REPORT_CATALOGUE, context: { reader: events.reader, minCohort, timeZone }, reportSuite, catchUp: reportCatchUp, segments });
  await app.register(keyFiguresRoutes, { context: { reader: events.reader, minCohort, timeZone }, reportSuite, catchUp: reportCatchUp, segments });
  await app.register(realtimeRoutes, { reader: events.reader, catchUp: reportCatchUp, reportSuite, minCohort, now });
  if (events.rights) await app.register(visitorRightsRoutes, { store: events.rights.visitorData, catchUp, now });
  await app.register(refusalRoutes, { store: events.refusals, reportSuite, catchUp });
  await app.register(mediaReportRoutes, { store: events.reports, reportSuite, catchUp, now });
}
