/**
 * The listen backlog of the server as main.ts starts it (edge-limits.ts `listenBacklog`): the built
 * server as a real process (built first with `tsc -b server`, incremental), its listening socket
 * read with iproute2's `ss`, whose Send-Q column of a listening socket is its backlog.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const MAIN = path.resolve(import.meta.dirname, '../../dist/main.js');
const REPO = path.resolve(import.meta.dirname, '../../..');
const BUILD_TIMEOUT_MS = 240_000;
const START_TIMEOUT_MS = 30_000;
const POLL_MS = 100;
/** Not the default, so that the backlog is seen to follow MESURA_MAX_CONNECTIONS. */
const MAX_CONNECTIONS = 1500;

const children: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-backlog-'));
  folders.push(dataDir);
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, PORT: String(port), MESURA_HOST: '127.0.0.1', MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline; await new Promise((r) => setTimeout(r, POLL_MS))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return port;
  }
  throw new Error('the server did not start');
}

/** The backlog of the socket listening on `port`: `ss`'s Send-Q of a LISTEN line. */
function backlogOf(port: number): number {
  const line = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim();
  const [state, , sendQ] = line.split(/\s+/);
  if (state !== 'LISTEN') throw new Error(`no listening socket on ${port}: '${line}'`);
  return Number(sendQ);
}

describe('the listen backlog', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'server'], { cwd: REPO, stdio: 'inherit' });
  }, BUILD_TIMEOUT_MS);

  it('is MESURA_MAX_CONNECTIONS (as far as the kernel allows), not Node\'s 511', { timeout: 60_000 }, async () => {
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    const port = await startServer({ MESURA_MAX_CONNECTIONS: String(MAX_CONNECTIONS) });
    expect(backlogOf(port)).toBe(Math.min(MAX_CONNECTIONS, somaxconn));
  });
});
