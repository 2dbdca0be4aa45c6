/**
 * Where Prometheus scrapes: GET /metrics on the main port for an admin (a token: `Authorization:
 * Bearer …`), and, with MESURA_METRICS_PORT, a listener of its own on MESURA_METRICS_HOST
 * (127.0.0.1 by default) that answers GET /metrics to anyone who can reach it: a port a firewall
 * keeps to the monitoring network, as node_exporter's and the PostgreSQL exporter's are.
 */
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { OperatorError } from '../operator-error.js';
import type { ServerMetrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

export function metricsRoute(app: FastifyInstance, metrics: ServerMetrics): void {
  app.get(METRICS_PATH, { config: { access: 'admin' } }, async (_request, reply) => {
    const { contentType, text } = await metrics.scrape();
    return reply.type(contentType).send(text);
  });
}

/** Starts the metrics listener; a port in use or not ours to take is one line (OperatorError). */
export async function listenForMetrics(metrics: ServerMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found: GET /metrics\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, text }) => response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics could not be read\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? 'is in use by another process' : error.code === 'EACCES' ? 'may not be used by this user' : `cannot be listened on (${error.code ?? error.message})`;
      reject(new OperatorError(`MESURA_METRICS_PORT ${port} on ${host} ${why}: choose another port`, 1));
    });
    server.listen(port, host, () => resolve());
  });
  return server;
}
