/**
 * The listen backlog of the server as main.ts starts it (edge-limits.ts `listenBacklog`): the built
 * server as a real process (helpers/built-server.ts), its listening socket read with iproute2's
 * `ss`, whose Send-Q column of a listening socket is its backlog.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, BUILT_MAIN, buildServer } from '../helpers/built-server.js';
import { freePort } from '../helpers/free-port.js';

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

async function startServer(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-backlog-'));
  folders.push(dataDir);
  const child = spawn(process.execPath, [BUILT_MAIN], {
    env: { ...process.env, ...env, PORT: String(port), MESURA_HOST: '127.0.0.1', MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline; await new Promise((r) => setTimeout(r, POLL_MS))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return port;
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
  beforeAll(buildServer, BUILD_TIMEOUT_MS);

  it("is MESURA_MAX_CONNECTIONS (as far as the kernel allows), not Node's 511", { timeout: 60_000 }, async () => {
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    const port = await startServer({ MESURA_MAX_CONNECTIONS: String(MAX_CONNECTIONS) });
    expect(backlogOf(port)).toBe(Math.min(MAX_CONNECTIONS, somaxconn));
  });
});
