// The processes of a loopback cluster (npm run cluster, bench/cluster.mjs): ClickHouse and
// PostgreSQL through scripts/services/*.sh, Mesura servers (server/dist/main.js) by role, and nginx
// in front. Each process started here is tracked, so that stopAll() leaves none behind.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { nginxConfig } from './nginx-config.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const execFileAsync = promisify(execFile);
/**
 * A service script (scripts/services/*.sh) in a process group of its own: a Ctrl-C in the terminal
 * does not cut a start short, whose server could then come up after its stop found nothing to stop;
 * the script that ran it waits for the start and then stops the server.
 */
const run = (script, args, options) => execFileAsync(script, args, { ...options, detached: true });
/** How long a Mesura server may take to answer /healthz after its start, on a loaded machine. */
const START_TIMEOUT_MS = 60_000;
const START_POLL_MS = 200;
/** How long a server may take to drain and stop after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 30_000;
export const NGINX = '/usr/sbin/nginx';
/** The data-folder keys every server of a cluster must share (server/src/data-key-file.ts users). */
const SHARED_KEY_FILES = ['backfill.key', 'preview.key'];

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lines of a child's output, each prefixed with its name, or dropped when `quiet`. */
function pipeOutput(child, name, quiet) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      if (!quiet) for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
}

/** ClickHouse under `dir` on loopback ports of its own (scripts/services/clickhouse.sh). */
export function clickHouseService(dir, { httpPort, tcpPort, database = 'mesura' }) {
  const env = { ...process.env, MESURA_CLICKHOUSE_HTTP_PORT: String(httpPort), MESURA_CLICKHOUSE_TCP_PORT: String(tcpPort) };
  const script = path.join(ROOT, 'scripts/services/clickhouse.sh');
  return {
    url: `clickhouse://default:@127.0.0.1:${httpPort}/${database}`,
    httpPort,
    /** The running server's process id (its pid file), or undefined. */
    pid: () => {
      try {
        return Number(readFileSync(path.join(dir, 'clickhouse-server.pid'), 'utf8').trim()) || undefined;
      } catch {
        return undefined;
      }
    },
    start: () => run(script, ['start', dir], { env }),
    stop: () => run(script, ['stop', dir], { env }),
    /** For an exit that cannot wait (a hard time limit). */
    stopNow: () => {
      try {
        execFileSync(script, ['stop', dir], { env, stdio: 'ignore' });
      } catch {}
    },
  };
}

/** PostgreSQL under `dir` (scripts/services/postgres.sh); `url()` after start. */
export function postgresService(dir, { port }) {
  const env = { ...process.env, MESURA_POSTGRES_PORT: String(port) };
  const script = path.join(ROOT, 'scripts/services/postgres.sh');
  return {
    start: () => run(script, ['start', dir], { env }),
    stop: () => run(script, ['stop', dir], { env }),
    url: async () => (await run(script, ['url', dir], { env })).stdout.trim(),
  };
}

/**
 * Tracks the children it starts; stopAll() ends each, newest first. Each child runs in a process
 * group of its own (`detached`), so that a Ctrl-C in the terminal reaches only the script that
 * started them, which then stops them in order (the balancer before the collectors, which drain
 * while ClickHouse still runs); a child stopped by the terminal at the same moment would look to
 * it like one that failed.
 */
export class Processes {
  #running = new Set();
  /** Called when a tracked child exits without being asked to. */
  onUnexpectedExit = (name, code) => process.stderr.write(`${name} exited unexpectedly (${code})\n`);

  /**
   * Starts the built server (npm run build first) with `env` on `port` and resolves once /healthz
   * answers. `keysFrom`: a data folder whose shared keys it copies first (every server of a
   * cluster needs the same ones).
   */
  async startMesura({ name, dataDir, port, env, quiet = false, keysFrom }) {
    const main = path.join(ROOT, 'server/dist/main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
    mkdirSync(dataDir, { recursive: true });
    for (const file of keysFrom ? SHARED_KEY_FILES : []) {
      if (existsSync(path.join(keysFrom, file)) && !existsSync(path.join(dataDir, file))) copyFileSync(path.join(keysFrom, file), path.join(dataDir, file));
    }
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, PORT: String(port), MESURA_HOST: '127.0.0.1', MESURA_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    pipeOutput(child, name, quiet);
    const handle = this.#track(name, child);
    const base = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline; await pause(START_POLL_MS)) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} while starting`);
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return { ...handle, base, port, dataDir };
    }
    await handle.kill9();
    throw new Error(`${name} did not answer /healthz within ${START_TIMEOUT_MS} ms`);
  }

  /** nginx in the foreground with a configuration written under `dir` (nginx-config.mjs). */
  async startNginx({ dir, port, collectors, api }) {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light (or nginx)`);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'nginx.conf');
    const runAsRoot = process.getuid?.() === 0;
    writeFileSync(file, nginxConfig({ dir, port, collectors, api, runAsRoot }));
    const child = spawn(NGINX, ['-c', file, '-p', dir, '-e', path.join(dir, 'nginx-error.log')], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    pipeOutput(child, 'nginx', false);
    const handle = this.#track('nginx', child);
    for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline; await pause(START_POLL_MS)) {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; see ${dir}/nginx-error.log`);
      if (
        await fetch(`http://127.0.0.1:${port}/b/ss/`).then(
          () => true,
          () => false,
        )
      )
        return { ...handle, base: `http://127.0.0.1:${port}`, port };
    }
    await handle.kill9();
    throw new Error('nginx did not answer');
  }

  /** SIGKILL to every tracked child, without waiting: for an exit that cannot wait. */
  killAllNow() {
    for (const handle of this.#running) handle.child.kill('SIGKILL');
  }

  /** Ends every tracked child: SIGTERM (a Mesura server drains first), SIGKILL past STOP_TIMEOUT_MS. */
  async stopAll() {
    for (const handle of [...this.#running].reverse()) await handle.stop();
  }

  #track(name, child) {
    let expected = false;
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    const handle = {
      name,
      child,
      exited,
      /** SIGTERM, then SIGKILL if it has not left within STOP_TIMEOUT_MS. */
      stop: async () => {
        expected = true;
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(timer);
        }
        this.#running.delete(handle);
      },
      /** kill -9: no drain, no flush, as a crash. */
      kill9: async () => {
        expected = true;
        child.kill('SIGKILL');
        await exited;
        this.#running.delete(handle);
      },
    };
    this.#running.add(handle);
    void exited.then((code) => {
      this.#running.delete(handle);
      if (!expected) this.onUnexpectedExit(name, code);
    });
    return handle;
  }
}
