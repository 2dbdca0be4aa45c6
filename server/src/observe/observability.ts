/**
 * What an operator watches, made once per server (app.ts): the log of repeated failures, the
 * free-space watch that refuses events before the disk is full, the Prometheus metrics, the
 * optional access log, and the routes that show them (/healthz, /readyz, /metrics, and the
 * metrics listener of MESURA_METRICS_PORT). docs/operations.md "Health, readiness and metrics".
 */
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ERRORS, STORE_RETRY_AFTER_S, type HttpError } from '../http/errors.js';
import { BEACON_PATH_PREFIX, type AnswerObserver } from '../ingest/beacon-handler.js';
import { isHeartbeatUrl } from '../ingest/heartbeat-handler.js';
import type { AnalyticsReader } from '../store/analytics-reader.js';
import { openAccessLog, type AccessLog } from './access-log.js';
import { createFailureLog, type FailureLog, type FailureLogSink } from './failure-log.js';
import { watchFreeSpace, type FreeSpaceReader, type FreeSpaceTimers, type FreeSpaceWatch } from './free-space.js';
import { healthBody, type HealthSources } from './health.js';
import type { ObserveSettings } from './observe-settings.js';
import { listenForMetrics, metricsRoute } from './metrics-endpoint.js';
import { createServerMetrics, type EventKind, type ServerMetrics } from './metrics.js';
import { duckDbMemoryBytes } from './runtime-figures.js';

/** Routes whose answer time is a report's (the latency histograms). */
const REPORT_ROUTE = /^\/api\/(reports|export)\//;
/** The metrics' route name of a request no route matched: never its raw path (cardinality). */
const UNMATCHED_ROUTE = 'unmatched';
const LOG_WRITE_SOURCE = 'writing the ingest log failed; events are answered 503';

export interface Observability {
  failures: FailureLog;
  freeSpace: FreeSpaceWatch;
  metrics: ServerMetrics;
  accessLog: AccessLog | undefined;
  /** What a collector's handler of `kind` reports its answers to. */
  answers(kind: EventKind, route: string): AnswerObserver;
  /** The ingest log's failed writes (ENOSPC…) and the write that ends them, for the log of failures (ingest/log-write-failures.ts). */
  logWrites: { failed(error: unknown): void; recovered(): void };
  /** `record` with the decisions it stored counted, as acknowledged events and by type (impression, conversion). */
  countingDecisions<R extends readonly { type: string }[]>(record: (rows: R) => Promise<void>): (rows: R) => Promise<void>;
  /** Starts the listener of MESURA_METRICS_PORT, if set. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export interface ObservabilityOptions {
  log: FailureLogSink;
  now: () => number;
  /** Tests fake a full disk and fire the free-space timer. */
  freeSpace?: { read?: FreeSpaceReader; timers?: FreeSpaceTimers };
}

/** What createObservability reads of the server's settings (config.ts ServerConfig). */
export interface ObservedServer extends ObserveSettings {
  /** MESURA_DATA_DIR: the folder whose free space is watched. */
  dataDir: string;
}

export function createObservability(config: ObservedServer, options: ObservabilityOptions): Observability {
  const failures = createFailureLog(options.log, options.now);
  const freeSpace = watchFreeSpace({
    dir: config.dataDir,
    minFreeBytes: config.minFreeBytes,
    ...options.freeSpace,
    onError: (error) => failures.failed("reading the data folder's free space failed", error),
  });
  const metrics = createServerMetrics();
  const accessLog = config.accessLog === undefined ? undefined : openAccessLog(config.accessLog, (error) => failures.failed('writing the access log failed', error), options.now);
  let metricsServer: Server | undefined;
  return {
    failures,
    freeSpace,
    metrics,
    accessLog,
    answers(kind, route) {
      const source = `answering ${kind}s with 503`;
      return {
        acknowledged() {
          metrics.acknowledged(kind);
          failures.recovered(source);
        },
        refused(failure: HttpError) {
          metrics.refused(kind, failure.kind.code);
          metrics.httpError(route, failure.kind.status);
          // A 503 is the server's trouble, not the client's: logged once, then counted.
          if (failure.kind.status >= 500 && failure.kind !== ERRORS.shuttingDown) failures.failed(source, failure);
        },
      };
    },
    logWrites: {
      failed: (error) => failures.failed(LOG_WRITE_SOURCE, error),
      recovered: () => failures.recovered(LOG_WRITE_SOURCE),
    },
    countingDecisions: (record) => async (rows) => {
      await record(rows);
      metrics.acknowledged('decision', rows.length);
      for (const row of rows) metrics.decided(row.type, 1);
    },
    async listen() {
      if (config.metricsPort !== undefined) metricsServer = await listenForMetrics(metrics, config.metricsPort, config.metricsHost);
    },
    async close() {
      freeSpace.close();
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      await accessLog?.close();
    },
  };
}

export interface ObservedRoutes extends Omit<HealthSources, 'freeSpace'> {
  /** The embedded store, whose memory the metrics read. */
  duckDb: AnalyticsReader | undefined;
}

/** /healthz, /readyz and /metrics, the per-route metrics and access-log names, and the metrics listener. */
export async function registerObservability(app: FastifyInstance, observe: Observability, routes: ObservedRoutes): Promise<void> {
  const sources: HealthSources = { ...routes, freeSpace: observe.freeSpace };
  const { metrics, accessLog } = observe;
  app.get('/healthz', { config: { access: 'public' } }, async () => healthBody(sources));
  app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
    const body = await healthBody(sources);
    if (body.ready) return body;
    return reply
      .code(ERRORS.notReady.status)
      .header('Retry-After', String(STORE_RETRY_AFTER_S))
      .send({ ...body, error: `not ready: ${body.status}`, code: ERRORS.notReady.code });
  });
  metricsRoute(app, metrics);
  const { intake } = routes;
  metrics.setSources({
    ...(intake && { ingest: async () => ({ ...intake.health(), pendingEvents: await intake.pending() }) }),
    ...(intake && { caches: () => intake.caches() }),
    freeDiskBytes: () => observe.freeSpace.space?.freeBytes,
    duckDbMemoryBytes: () => duckDbMemoryBytes(routes.duckDb),
    ready: async () => (await healthBody(sources)).ready,
  });
  app.addHook('onResponse', async (request, reply) => {
    // The collectors count their own answers (app.inject reaches them through Fastify too).
    if (isCollectorRequest(request.url)) return;
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (reply.statusCode >= 400) metrics.httpError(route, reply.statusCode);
    if (REPORT_ROUTE.test(route)) metrics.reportAnswered(route, reply.elapsedTime / 1000);
  });
  if (accessLog) {
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url !== undefined && !request.is404) accessLog.nameRoute(request.raw, request.routeOptions.url);
    });
  }
  await observe.listen();
}

function isCollectorRequest(url: string): boolean {
  return url.startsWith(BEACON_PATH_PREFIX) || isHeartbeatUrl(url);
}
