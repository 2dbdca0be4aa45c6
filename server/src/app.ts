import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import type { ServerConfig } from './config.js';
import { localDayIn } from './local-day.js';
import { Batcher } from './ingest/batcher.js';
import { collectorRoutes } from './ingest/collector-route.js';
import { createPipeline } from './ingest/pipeline.js';
import { createCors } from './http/cors.js';
import { HttpError, fromFrameworkError } from './http/errors.js';
import { frontEndRoutes } from './http/front-ends.js';
import { reportRoutes } from './reports/report-routes.js';
import type { HitRow } from './store/hit-row.js';
import { openDuckDbStore } from './store/duckdb-store.js';
import type { Store } from './store/store.js';

/** Largest batch of hits committed in one transaction. */
export const MAX_BATCH_ROWS = 5000;

export interface MesuraServer {
  app: FastifyInstance;
  store: Store;
  /** Stops accepting requests, writes every acknowledged event, closes the store. */
  close(): Promise<void>;
}

export async function createServer(config: ServerConfig, now: () => number = Date.now): Promise<MesuraServer> {
  const variableMap = SITE_VARIABLE_MAP;
  const store = await openDuckDbStore(config.dataDir, variableNames(variableMap));
  const batcher = new Batcher<HitRow>({ write: (rows) => store.appendHits(rows), maxBatchSize: MAX_BATCH_ROWS });
  const app = Fastify({
    // Requests are not logged: a request log would carry the raw client address.
    logger: { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: config.maxBodyBytes,
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const httpError = error instanceof HttpError ? error : fromFrameworkError(error);
    if (httpError.kind.status >= 500) request.log.error({ err: { message: error.message, stack: error.stack } }, 'request failed');
    return reply.code(httpError.kind.status).send(httpError.body());
  });

  app.get('/healthz', async () => ({ status: 'ok', pendingEvents: batcher.pending }));
  const pipeline = createPipeline({ environment: config.environment, variableMap, localDay: localDayIn(config.timeZone) });
  await app.register(collectorRoutes, {
    pipeline,
    batcher,
    cors: createCors(config.siteOrigins),
    maxBodyBytes: config.maxBodyBytes,
    now,
  });
  await app.register(reportRoutes, { store, reportSuite: config.reportSuite });
  await app.register(frontEndRoutes, {
    siteDir: config.siteDir,
    consoleDir: config.consoleDir,
    sdkFile: config.sdkFile,
    siteConfig: { reportSuite: config.reportSuite, environment: config.environment, autoPageView: false },
  });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      await batcher.close();
      await store.close();
    })());
  return { app, store, close };
}
