import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { createServer } from './app.js';
import { OperatorError } from './operator-error.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, repoRoot);
  } catch (error) {
    console.error(`mesura: ${(error as Error).message}`);
    process.exit(2);
  }
  let server;
  try {
    server = await createServer(config);
  } catch (error) {
    // A start-up failure (the metadata database unreachable, the data folder locked) is one line.
    console.error(`mesura: cannot start: ${(error as Error).message}`);
    process.exit(error instanceof OperatorError ? error.exitCode : 1);
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
  const address = await server.app.listen({ port: config.port, host: config.host });
  const serves = config.role === 'collector' ? 'beacons /b/ss/, heartbeats /hb, delivery /m2/, health /healthz' : 'site /, console /consola/';
  server.app.log.info(`Mesura (${config.role}) is listening on ${address} (${serves}, data in ${config.dataDir})`);
}

void main();
