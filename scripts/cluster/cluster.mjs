// npm run cluster [-- folder]: Mesura beyond one machine, on this one. Starts on loopback ClickHouse
// (events), PostgreSQL (metadata), two collectors (MESURA_ROLE=collector), one API node
// (MESURA_ROLE=api) and nginx in front, prints the addresses, and stops them all on Ctrl-C
// (SIGINT) or SIGTERM. Everything lives under the folder (default ./data/cluster).
//
// Environment: MESURA_CLUSTER_PORT (the balancer, default 8080; the API node and collectors take the
// next three), MESURA_CLUSTER_CLICKHOUSE_HTTP_PORT / _TCP_PORT (default 18223 / 19100),
// MESURA_CLUSTER_POSTGRES_PORT (default 15433).
import path from 'node:path';
import { Processes, clickHouseService, postgresService } from './cluster-processes.mjs';

const dir = path.resolve(process.argv[2] ?? 'data/cluster');
const port = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port from 1 to 65535`);
  return value;
};
const balancerPort = port('MESURA_CLUSTER_PORT', 8080);
const ports = { balancer: balancerPort, api: balancerPort + 1, collectors: [balancerPort + 2, balancerPort + 3] };
const clickHouse = clickHouseService(path.join(dir, 'clickhouse'), {
  httpPort: port('MESURA_CLUSTER_CLICKHOUSE_HTTP_PORT', 18223),
  tcpPort: port('MESURA_CLUSTER_CLICKHOUSE_TCP_PORT', 19100),
});
const postgres = postgresService(path.join(dir, 'postgres'), { port: port('MESURA_CLUSTER_POSTGRES_PORT', 15433) });
const processes = new Processes();
const publicOrigin = `http://localhost:${ports.balancer}`;

let stopping;
function stop(code) {
  stopping ??= (async () => {
    console.log('cluster: stopping the balancer, the collectors (each drains its log first), the API node, PostgreSQL and ClickHouse');
    await processes.stopAll();
    await postgres.stop().catch((error) => console.error(`cluster: ${error.message.split('\n')[0]}`));
    await clickHouse.stop().catch((error) => console.error(`cluster: ${error.message.split('\n')[0]}`));
    console.log('cluster: stopped');
    process.exit(code);
  })();
  return stopping;
}

async function main() {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
  processes.onUnexpectedExit = (name, code) => {
    console.error(`cluster: ${name} exited (${code}); stopping everything`);
    void stop(1);
  };
  console.log(`cluster: starting under ${dir}`);
  await clickHouse.start();
  await postgres.start();
  const metadata = await postgres.url();
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
    const name = `collector-${index + 1}`;
    const env = { ...common, MESURA_ROLE: 'collector', MESURA_COLLECTOR_NAME: name };
    collectors.push(await processes.startMesura({ name, dataDir: path.join(dir, name), port: collectorPort, env, keysFrom: api.dataDir }));
  }
  const balancer = await processes.startNginx({ dir: path.join(dir, 'nginx'), port: ports.balancer, collectors: ports.collectors, api: ports.api });
  console.log(`
Mesura cluster on loopback (Ctrl-C stops it all):
  site and console    ${publicOrigin}/  (nginx: measurement paths round robin to the collectors, the rest to the API node)
  API node            ${api.base}  (MESURA_ROLE=api: site, sign-in, accounts, content, in PostgreSQL; no reports on ClickHouse yet)
${collectors.map((c) => `  ${c.name.padEnd(19)} ${c.base}/healthz  (MESURA_ROLE=collector)`).join('\n')}
  ClickHouse (events) ${clickHouse.url}
  PostgreSQL (meta)   ${metadata.replace(/:[^:@/]*@/, ':***@')}
  balancer            ${balancer.base}  (config ${path.join(dir, 'nginx', 'nginx.conf')})
`);
}

main().catch((error) => {
  console.error(`cluster: ${error.message.split('\n')[0]}`);
  void stop(1);
});
