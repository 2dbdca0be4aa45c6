import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type ServerConfig } from './config.js';
import { createServer, type MesuraServer } from './app.js';
import { OperatorError } from './operator-error.js';
import { checkDataFolder, checkPortFree, listenProblem } from './startup-checks.js';
import { listenBacklog } from './http/edge-limits.js';
import { heapLimitAdvice } from './heap-limit.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One line on stderr and the exit: an operator's mistake is never a stack. */
function refuse(message: string, exitCode: number): never {
  console.error(`mesura: ${message}`);
  process.exit(exitCode);
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig(process.env, repoRoot);
  } catch (error) {
    refuse((error as Error).message, 2);
  }
  // Before anything opens: the store, the ingest log and retention all write to the data folder.
  try {
    await checkPortFree(config.port, config.host);
    if (config.metricsPort !== undefined) await checkPortFree(config.metricsPort, config.metricsHost, 'MESURA_METRICS_PORT');
    checkDataFolder(config.dataDir);
  } catch (error) {
    refuse((error as Error).message, error instanceof OperatorError ? error.exitCode : 1);
  }
  let server: MesuraServer;
  try {
    server = await createServer(config);
  } catch (error) {
    // A start-up failure (the metadata database unreachable, the data folder locked) is one line.
    refuse(`cannot start: ${(error as Error).message}`, error instanceof OperatorError ? error.exitCode : 1);
  }
  // SIGTERM (and Ctrl-C) stop intake, flush every acknowledged event, then exit cleanly.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.app.log.info(`${signal}: flushing and stopping`);
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  let address: string;
  try {
    address = await server.app.listen({ port: config.port, host: config.host, backlog: listenBacklog(config.edge) });
  } catch (error) {
    // Taken between the check and now: flush what was opened, then the same one line.
    await server.close().catch(() => undefined);
    refuse(listenProblem(error, config.port, config.host), 1);
  }
  const serves = config.role === 'collector' ? 'beacons /b/ss/, heartbeats /hb, delivery /m2/, health /healthz' : 'site /, console /consola/';
  server.app.log.info(`Mesura (${config.role}) is listening on ${address} (${serves}, data in ${config.dataDir})`);
  const heapAdvice = heapLimitAdvice(config.memory);
  if (heapAdvice) server.app.log.info(heapAdvice);
}

void main();
