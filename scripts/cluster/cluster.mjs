// npm run cluster [-- folder]: Mesura beyond one machine, on this one. Starts on loopback ClickHouse
// (events), PostgreSQL (metadata), two collectors (MESURA_ROLE=collector), one API node
// (MESURA_ROLE=api) and nginx in front, prints the addresses under the line READY_LINE once all of
// them answer (e2e/cluster.test.ts waits for it), and stops them all on Ctrl-C (SIGINT) or SIGTERM.
// Everything lives under the folder (default ./data/cluster).
//
// Environment: MESURA_CLUSTER_PORT (the balancer, default 8080; the API node and collectors take the
// next three unless MESURA_CLUSTER_API_PORT and MESURA_CLUSTER_COLLECTOR_PORTS, two ports separated by
// a comma, name theirs), MESURA_CLUSTER_CLICKHOUSE_HTTP_PORT / _TCP_PORT (default 18223 / 19100),
// MESURA_CLUSTER_POSTGRES_PORT (default 15433). The servers take the rest of the environment too:
// MESURA_ADMIN_EMAIL and MESURA_ADMIN_PASSWORD name the first admin.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Processes, clickHouseService, postgresService } from './cluster-processes.mjs';

const READY_LINE = 'Mesura cluster on loopback (Ctrl-C stops it all):';
/** Where the API node writes a generated first admin's password (server/src/auth/first-admin.ts INITIAL_ADMIN_PASSWORD_FILE). */
const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';

function port(name, fallback) {
  const text = process.env[name] ?? String(fallback);
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 65535) throw new Error(`${name} must be a port from 1 to 65535, got '${text}'`);
  return value;
}

/** The two collectors' ports: MESURA_CLUSTER_COLLECTOR_PORTS ("8082,8083"), else the two after `first`. */
function collectorPorts(first) {
  const list = process.env.MESURA_CLUSTER_COLLECTOR_PORTS;
  if (list === undefined) return [first, first + 1];
  const texts = list.split(',').map((text) => text.trim());
  if (texts.length !== 2 || texts.some((text) => !/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65535)) {
    throw new Error(`MESURA_CLUSTER_COLLECTOR_PORTS must be two ports from 1 to 65535 separated by a comma, got '${list}'`);
  }
  return texts.map(Number);
}

function readSettings() {
  const balancer = port('MESURA_CLUSTER_PORT', 8080);
  return {
    dir: path.resolve(process.argv[2] ?? 'data/cluster'),
    ports: {
      balancer,
      api: port('MESURA_CLUSTER_API_PORT', balancer + 1),
      collectors: collectorPorts(balancer + 2),
      clickHouseHttp: port('MESURA_CLUSTER_CLICKHOUSE_HTTP_PORT', 18223),
      clickHouseTcp: port('MESURA_CLUSTER_CLICKHOUSE_TCP_PORT', 19100),
      postgres: port('MESURA_CLUSTER_POSTGRES_PORT', 15433),
    },
  };
}

let settings;
try {
  settings = readSettings();
} catch (error) {
  console.error(`cluster: ${error.message}`);
  process.exit(2);
}
const { dir, ports } = settings;
const clickHouse = clickHouseService(path.join(dir, 'clickhouse'), { httpPort: ports.clickHouseHttp, tcpPort: ports.clickHouseTcp });
const postgres = postgresService(path.join(dir, 'postgres'), { port: ports.postgres });
const processes = new Processes();
const publicOrigin = `http://localhost:${ports.balancer}`;

let stopping;
/** The service script running now (scripts/services/*.sh start): stop lets it finish, so that what it starts is stopped too. */
let serviceStarting = Promise.resolve();
function stop(code) {
  stopping ??= (async () => {
    console.log('cluster: stopping the balancer, the collectors (each drains its log first), the API node, PostgreSQL and ClickHouse');
    await processes.stopAll();
    await serviceStarting.catch(() => undefined);
    await postgres.stop().catch((error) => console.error(`cluster: ${error.message.split('\n')[0]}`));
    await clickHouse.stop().catch((error) => console.error(`cluster: ${error.message.split('\n')[0]}`));
    console.log('cluster: stopped');
    process.exit(code);
  })();
  return stopping;
}

/** How to sign in to the console: the admin MESURA_ADMIN_EMAIL names, or the file of a generated one's password. */
function firstAdminHint(apiDataDir) {
  if (process.env.MESURA_ADMIN_EMAIL) return `${process.env.MESURA_ADMIN_EMAIL} (MESURA_ADMIN_EMAIL, MESURA_ADMIN_PASSWORD)`;
  const file = path.join(apiDataDir, INITIAL_ADMIN_PASSWORD_FILE);
  return existsSync(file) ? `admin@localhost, first password in ${file}` : 'the accounts already made';
}

async function main() {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
  processes.onUnexpectedExit = (name, code) => {
    console.error(`cluster: ${name} exited (${code}); stopping everything`);
    void stop(1);
  };
  console.log(`cluster: starting under ${dir}`);
  // After each step: a Ctrl-C meanwhile has stopped what was running, and nothing more may start.
  await (serviceStarting = clickHouse.start());
  if (stopping) return;
  await (serviceStarting = postgres.start());
  const metadata = await postgres.url();
  if (stopping) return;
  const common = {
    MESURA_STORE: clickHouse.url,
    MESURA_METADATA: metadata,
    // nginx appends the client to X-Forwarded-For: one trusted hop.
    MESURA_TRUSTED_PROXY_HOPS: '1',
    MESURA_PUBLIC_URL: publicOrigin,
    MESURA_SITE_ORIGINS: `${publicOrigin},http://127.0.0.1:${ports.balancer}`,
    MESURA_LOG_LEVEL: process.env.MESURA_LOG_LEVEL ?? 'info',
  };
  const api = await processes.startMesura({ name: 'api', dataDir: path.join(dir, 'api'), port: ports.api, env: { ...common, MESURA_ROLE: 'api' } });
  const collectors = [];
  for (const [index, collectorPort] of ports.collectors.entries()) {
    if (stopping) return;
    const name = `collector-${index + 1}`;
    const env = { ...common, MESURA_ROLE: 'collector', MESURA_COLLECTOR_NAME: name };
    collectors.push(await processes.startMesura({ name, dataDir: path.join(dir, name), port: collectorPort, env, keysFrom: api.dataDir }));
  }
  if (stopping) return;
  const balancer = await processes.startNginx({ dir: path.join(dir, 'nginx'), port: ports.balancer, collectors: ports.collectors, api: ports.api });
  console.log(`
${READY_LINE}
  site and console    ${publicOrigin}/  (nginx: measurement paths round robin to the collectors, the rest to the API node)
  console sign-in     ${firstAdminHint(api.dataDir)}
  API node            ${api.base}  (MESURA_ROLE=api: site, sign-in, accounts and content in PostgreSQL; the console's reports from ClickHouse)
${collectors.map((c) => `  ${c.name.padEnd(19)} ${c.base}/healthz  (MESURA_ROLE=collector)`).join('\n')}
  ClickHouse (events) ${clickHouse.url}
  PostgreSQL (meta)   ${metadata.replace(/:[^:@/]*@/, ':***@')}
  balancer            ${balancer.base}  (config ${path.join(dir, 'nginx', 'nginx.conf')})
`);
}

main().catch((error) => {
  // A server that a Ctrl-C stopped while it started is no failure to report.
  if (!stopping) console.error(`cluster: ${error.message.split('\n')[0]}`);
  void stop(1);
});
