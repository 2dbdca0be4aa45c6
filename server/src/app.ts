import { createServer as createHttpServer } from 'node:http';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import type { ServerConfig } from './config.js';
import { openIntake } from './ingest/intake.js';
import { BEACON_PATH_PREFIX, createBeaconHandler, type BeaconHandler } from './ingest/beacon-handler.js';
import { createCors } from './http/cors.js';
import { HttpError, fromFrameworkError } from './http/errors.js';
import { frontEndRoutes } from './http/front-ends.js';
import { identityRoutes } from './identity/identity-routes.js';
import { reportRoutes } from './reports/report-routes.js';
import { openDuckDbStore } from './store/duckdb-store.js';

export interface MesuraServer {
  app: FastifyInstance;
  /** Stops accepting requests, writes every acknowledged event, closes the store. */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Clock for receive times (tests fix it). */
  now?: () => number;
}

export async function createServer(config: ServerConfig, options: ServerOptions = {}): Promise<MesuraServer> {
  const { now = Date.now } = options;
  let collect: BeaconHandler = () => undefined;
  const app = Fastify({
    // Requests are not logged: a request log would carry the raw client address.
    logger: { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: config.maxBodyBytes,
    // Beacons skip the framework: the collector is the hottest path and plain node:http.
    serverFactory: (handle) =>
      createHttpServer((request, response) =>
        request.url?.startsWith(BEACON_PATH_PREFIX) ? collect(request, response) : handle(request, response),
      ),
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const httpError = error instanceof HttpError ? error : fromFrameworkError(error);
    if (httpError.kind.status >= 500) request.log.error({ err: { message: error.message, stack: error.stack } }, 'request failed');
    return reply.code(httpError.kind.status).send(httpError.body());
  });

  // DuckDB runs its statements on its own threads, so loading never stalls this one.
  const store = await openDuckDbStore(config.dataDir, variableNames(SITE_VARIABLE_MAP));
  const intake = await openIntake({
    dataDir: config.dataDir,
    store,
    environment: config.environment,
    variableMap: SITE_VARIABLE_MAP,
    timeZone: config.timeZone,
    onLoadError: (error) => app.log.error({ err: error }, 'loading the ingest log into the store failed; will retry'),
  });
  if (intake.recovered > 0) app.log.warn(`recovered ${intake.recovered} acknowledged events from the ingest log`);
  collect = createBeaconHandler({
    intake,
    cors: createCors(config.siteOrigins),
    maxBodyBytes: config.maxBodyBytes,
    trustProxy: config.trustProxy,
    now,
  });
  // The same handler behind a Fastify route, for app.inject (which does not go through the server).
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${BEACON_PATH_PREFIX}*`,
    onRequest: async (request, reply) => {
      reply.hijack();
      collect(request.raw, reply.raw);
    },
    handler: async () => undefined,
  });
  app.get('/healthz', async () => ({ status: 'ok', pendingEvents: await intake.pending() }));
  await app.register(reportRoutes, { store, reportSuite: config.reportSuite, catchUp: () => intake.catchUp() });
  await app.register(identityRoutes, { cors: createCors(config.siteOrigins) });
  await app.register(frontEndRoutes, {
    siteDir: config.siteDir,
    consoleDir: config.consoleDir,
    sdkDir: config.sdkDir,
    siteConfig: {
      autoPageView: false,
      sisterDomains: config.sisterDomains,
      ...(config.gaDestination !== undefined && { gaDestination: config.gaDestination }),
    },
  });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      await intake.close();
      await store.close();
    })());
  return { app, close };
}
