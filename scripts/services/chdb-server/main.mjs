#!/usr/bin/env node
// A current ClickHouse (the engine chDB embeds) behind the HTTP interface, on loopback, for tests:
//
//   node scripts/services/chdb-server/main.mjs --port <port> --dir <folder>
//
// Everything it writes (the engine's config, data, its pid file) stays under <folder>. It answers
// once the engine is loaded, and on SIGTERM or SIGINT lets the running statements end, then exits.
// scripts/services/clickhouse-current.sh starts and stops it; README.md beside this file says what
// it emulates of a server and what it does not.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ChdbSessions } from './chdb-sessions.mjs';
import { createHttpInterface } from './http-interface.mjs';

/**
 * The port the config names as this node's native port, which makes the one replica of the cluster
 * `mesura_one_node` this engine itself (a Distributed table then reads and writes it in process).
 * Nothing listens on it.
 */
export const LOCAL_REPLICA_PORT = 9000;

// The engine's time zone is the process's, read when it loads: UTC, as scripts/services/clickhouse.sh's server.
process.env.TZ = 'UTC';

const { values } = parseArgs({ options: { port: { type: 'string' }, dir: { type: 'string' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535 || !values.dir) {
  console.error('usage: main.mjs --port <1-65535> --dir <folder>');
  process.exit(2);
}
const dir = path.resolve(values.dir);
const pidFile = path.join(dir, 'chdb-server.pid');
mkdirSync(path.join(dir, 'data'), { recursive: true });
const configFile = path.join(dir, 'config.xml');
writeFileSync(configFile, engineConfig());

const { Session } = await import('chdb');
const sessions = new ChdbSessions({ Session, path: path.join(dir, 'data'), connectionArgs: [`--config-file=${configFile}`] });
const version = await sessions.version();
const server = createHttpInterface({ sessions, version });
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, '127.0.0.1', () => resolve(undefined));
});
writeFileSync(pidFile, `${process.pid}\n`);
console.error(`chdb-server: ClickHouse ${version} on http://127.0.0.1:${port}, data ${dir}`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeIdleConnections();
    sessions.close().finally(() => {
      rmSync(pidFile, { force: true });
      process.exit(0);
    });
  });
}

/** The cluster and macros scripts/services/clickhouse.sh's config defines, for the cluster tests. */
function engineConfig() {
  return `<?xml version="1.0"?>
<!-- Written by scripts/services/chdb-server/main.mjs on each start; edit the script, not this file. -->
<clickhouse>
  <tcp_port>${LOCAL_REPLICA_PORT}</tcp_port>
  <remote_servers>
    <mesura_one_node>
      <shard><internal_replication>true</internal_replication>
        <replica><host>127.0.0.1</host><port>${LOCAL_REPLICA_PORT}</port></replica></shard>
    </mesura_one_node>
  </remote_servers>
  <macros><shard>01</shard><replica>one-node</replica></macros>
</clickhouse>
`;
}
