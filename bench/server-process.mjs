// The built Mesura server as the benchmarks start it: on 127.0.0.1, a free port, its own data folder.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { DEFAULT_MEMORY_BUDGET_MIB, memoryBudget } from '@mesura/server/tooling';
import { describeLimits } from './source-addresses.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const START_POLLS = 200;
const START_POLL_MS = 100;

/** The first admin of a bench server, who reads its reports. */
export const BENCH_ADMIN = { email: 'bench-admin@mesura.test', password: 'bench-admin-password' };
export const BENCH_ADMIN_ENV = { MESURA_ADMIN_EMAIL: BENCH_ADMIN.email, MESURA_ADMIN_PASSWORD: BENCH_ADMIN.password };
/**
 * A load benchmark's traffic comes from one loopback address standing for many clients: the
 * per-address request rate (MESURA_ADDRESS_MAX_REQUESTS_PER_S, meant for one machine) is lifted so
 * that it measures the server, not that limit. bench/abuse.mjs keeps the defaults on purpose.
 */
export const BENCH_LOAD_ENV = { MESURA_ADDRESS_MAX_REQUESTS_PER_S: '100000000' };

/**
 * `{content-type, origin, cookie}` of a new session of the bench admin on the server at `port`:
 * what making tokens and users needs (a token makes neither).
 */
export async function adminSessionHeaders(port) {
  const base = `http://127.0.0.1:${port}`;
  const json = { 'content-type': 'application/json', origin: base };
  const signIn = await fetch(`${base}/api/session`, { method: 'POST', headers: json, body: JSON.stringify(BENCH_ADMIN) });
  if (signIn.status !== 204) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return { ...json, cookie: (signIn.headers.get('set-cookie') ?? '').split(';', 1)[0] };
}

/** `{authorization: 'Bearer …'}` of a new API token of the bench admin on the server at `port`. */
export async function apiHeaders(port) {
  const base = `http://127.0.0.1:${port}`;
  const made = await fetch(`${base}/api/me/tokens`, { method: 'POST', headers: await adminSessionHeaders(port), body: JSON.stringify({ name: 'bench' }) });
  if (made.status !== 201) throw new Error(`making a token answered ${made.status}: ${await made.text()}`);
  return { authorization: `Bearer ${(await made.json()).token}` };
}

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts `server/dist/main.js` (npm run build first) and resolves once /healthz answers; `env` adds
 * variables. `fromManyAddresses`: the bench's traffic comes from many loopback addresses
 * (source-addresses.mjs), so the per-address request rate keeps its default instead of BENCH_LOAD_ENV's.
 */
export async function startServer(dataDir, env = {}, { fromManyAddresses = false } = {}) {
  const port = await freePort();
  const limitsEnv = { ...(fromManyAddresses ? {} : BENCH_LOAD_ENV), ...env };
  // Every benchmark says which limits its figures were taken under.
  console.log(`server limits: ${describeLimits(limitsEnv)}`);
  // The heap bounded as deploy/mesura.service bounds it, from the budget the server will read.
  const heapMiB = memoryBudget(Number(env.MESURA_MEMORY_MIB ?? process.env.MESURA_MEMORY_MIB ?? DEFAULT_MEMORY_BUDGET_MIB)).nodeHeapMiB;
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMiB}`, path.join(ROOT, 'server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), MESURA_HOST: '127.0.0.1', MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'warn', ...BENCH_ADMIN_ENV, ...limitsEnv },
    stdio: 'inherit',
  });
  for (let i = 0; i < START_POLLS; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { port, child };
    } catch {}
    await new Promise((r) => setTimeout(r, START_POLL_MS));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/**
 * Runs a benchmark's main() and exits with its outcome; past hardLimitMs it kills the server
 * (currentChild() gives it, or undefined before it started) and exits 2, so a bench always stops.
 */
export function runBounded(name, main, hardLimitMs, currentChild) {
  const limit = setTimeout(() => {
    process.stderr.write(`${name}: hard time limit reached\n`);
    currentChild()?.kill('SIGKILL');
    process.exit(2);
  }, hardLimitMs);
  limit.unref();
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      currentChild()?.kill('SIGKILL');
      process.exit(1);
    },
  );
}
