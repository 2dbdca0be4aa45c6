// Decision benchmark (server half of the personalisation benchmark): starts the built server on 127.0.0.1 with its
// seeded activities and, for a bounded time, has a few concurrent clients ask for offers as the
// personalisation client does (GET /m2/mesura/mbox/json, one visitor per request, the article and
// weather mboxes and the global mbox in turn). Prints decisions/s and p50/p99 latency against the
// goal (p99 ≤ 5 ms), then stops the server. The requests come from SOURCE_ADDRESS_COUNT loopback
// addresses in turn, as visitors' do, and the server keeps its default per-address limits. Stops by itself.
// Usage: npm run bench:decide [-- seconds [clients]]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBounded, startServer } from './server-process.mjs';
import { SOURCE_ADDRESS_COUNT, sourceAddress } from './source-addresses.mjs';

const SECONDS = Number(process.argv[2] ?? 10);
const CLIENTS = Number(process.argv[3] ?? 4);
const WARM_UP_MS = 1000;
const P99_GOAL_MS = 5;
const HARD_LIMIT_MS = (SECONDS + 60) * 1000;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const PAGES = [
  ['mesura-noticia-1001', '/noticia/1001/parlament-aprova-llei-habitatge-assequible'],
  ['mesura-noticia-1002', '/noticia/1002/hospitals-allarguen-horari-vacunacio-grip'],
  ['mesura-noticia-1003', '/noticia/1003/girona-remunta-montilivi-places-europees'],
  ['mesura-el-temps', '/el-temps/'],
  ['target-global-mbox', '/noticia/1001/parlament-aprova-llei-habitatge-assequible'],
];
let server;

/** A request as the client writes it (wire-formats §3), for a new visitor each time. */
function query(port, n) {
  const [mbox, pagePath] = PAGES[n % PAGES.length];
  const params = {
    mbox,
    mboxSession: randomBytes(16).toString('hex'),
    mboxPC: `${randomBytes(16).toString('hex')}.1_0`,
    mboxPage: 'p',
    mboxRid: String(n),
    mboxVersion: '1.8.2',
    mboxCount: '1',
    mboxTime: String(Date.now()),
    mboxHost: `127.0.0.1:${port}`,
    mboxURL: `http://127.0.0.1:${port}${pagePath}`,
    mboxReferrer: '',
    browserHeight: '800',
    browserWidth: '1280',
    browserTimeOffset: '60',
    screenHeight: '1080',
    screenWidth: '1920',
    colorDepth: '24',
    mboxXDomain: 'enabled',
    mboxMCGVID: randomBytes(8).toString('hex'),
  };
  return `/m2/mesura/mbox/json?${new URLSearchParams(params)}`;
}

/**
 * A kept-alive connection per source address. Client `i` takes the addresses `i`, `i + CLIENTS`, …
 * in turn, one request each, so that no two clients share one and no address sends faster than
 * a client's rate spread over its share of them.
 */
const agents = Array.from({ length: SOURCE_ADDRESS_COUNT }, (_, n) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: sourceAddress(n) }));
const agentsOf = (client) => agents.filter((_, n) => n % CLIENTS === client);

function get(port, url, agent) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers: { 'user-agent': UA } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${res.statusCode}: ${body}`))));
    });
    req.on('error', reject);
  });
}

async function client(port, until, latencies, counter, own) {
  for (let turn = 0; Date.now() < until.end; turn++) {
    const url = query(port, counter.n++);
    const start = process.hrtime.bigint();
    const body = await get(port, url, own[turn % own.length]);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (Date.now() >= until.measureFrom) latencies.push(ms);
    if (!body.includes('"offers"')) throw new Error(`not a delivery response: ${body.slice(0, 100)}`);
    if (counter.n % PAGES.length === 0 && !body.includes('responseTokens')) counter.empty++;
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-decide-'));
  let child;
  try {
    ({ child } = server = await startServer(dataDir, {}, { fromManyAddresses: true }));
    const { port } = server;
    const now = Date.now();
    const until = { measureFrom: now + WARM_UP_MS, end: now + WARM_UP_MS + SECONDS * 1000 };
    const latencies = [];
    const counter = { n: 0, empty: 0 };
    process.stderr.write(`${CLIENTS} clients for ${SECONDS} s (after ${WARM_UP_MS} ms warm-up)…\n`);
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(port, until, latencies, counter, agentsOf(i))));
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    console.log(`decisions: ${latencies.length} in ${SECONDS} s = ${Math.round(latencies.length / SECONDS)} decisions/s (${CLIENTS} concurrent clients, keep-alive)`);
    console.log(`latency: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${latencies.at(-1).toFixed(2)} ms`);
    console.log(`goal p99 ≤ ${P99_GOAL_MS} ms: ${p99 <= P99_GOAL_MS ? 'met' : 'NOT met'}`);
  } finally {
    for (const agent of agents) agent.destroy();
    if (child) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBounded('bench:decide', main, HARD_LIMIT_MS, () => server?.child);
