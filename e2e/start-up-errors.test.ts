/**
 * The built server (`node server/dist/main.js`) told an operator's mistake: a port in use, a data
 * folder it cannot make or write. Each is one line on stderr, the process's whole output, and the
 * exit, before anything is opened (no store file, no ingest log in the data folder).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDataDir, freePort, removeDataDir } from './helpers/server-process.js';

const MAIN = path.resolve(import.meta.dirname, '../server/dist/main.js');
/** The user another operator's folder refuses: nobody, when the tests run as root (root passes every permission check). */
const AS_NOBODY = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];

interface Ended {
  code: number | null;
  output: string;
}

/** Runs the server to its exit with `env` added, its stdout and stderr together. */
function runToExit(env: Record<string, string>, prefix: readonly string[] = []): Promise<Ended> {
  const [command, ...args] = [...prefix, process.execPath, MAIN];
  const child = spawn(command!, args, { env: { ...process.env, MESURA_HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const dirs: string[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const dir of dirs.splice(0)) removeDataDir(dir);
});

/** A free port, then taken by another listener until the test ends. */
async function heldPort(): Promise<number> {
  const port = await freePort();
  const holder = createServer();
  servers.push(holder);
  await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  return port;
}

function scratch(): string {
  const dir = emptyDataDir();
  dirs.push(dir);
  return dir;
}

describe('the server refuses an operator’s mistake in one line', () => {
  it('a port in use: names the port, exits 2, and has not made the data folder', async () => {
    const port = await heldPort();
    const dataDir = path.join(scratch(), 'data');

    const ended = await runToExit({ PORT: String(port), MESURA_DATA_DIR: dataDir });

    expect(ended.output).toBe(`mesura: port ${port} on 127.0.0.1 is already in use (another Mesura, or another program); stop it or set PORT\n`);
    expect(ended.code).toBe(2);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a metrics port in use: names that port, before anything opens', async () => {
    const metricsPort = await heldPort();
    const dataDir = path.join(scratch(), 'data');

    const ended = await runToExit({ PORT: String(await freePort()), MESURA_METRICS_PORT: String(metricsPort), MESURA_DATA_DIR: dataDir });

    expect(ended.output).toBe(`mesura: port ${metricsPort} on 127.0.0.1 is already in use (another Mesura, or another program); stop it or set MESURA_METRICS_PORT\n`);
    expect(ended.code).toBe(2);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a data folder under a file: says so, exits 2', async () => {
    const file = path.join(scratch(), 'not-a-folder');
    writeFileSync(file, '');
    const dataDir = path.join(file, 'data');

    const ended = await runToExit({ PORT: String(await freePort()), MESURA_DATA_DIR: dataDir });

    expect(ended.output).toBe(`mesura: the data folder ${dataDir} cannot be created: ${dataDir} or one of its parents is a file, not a folder; set MESURA_DATA_DIR to a folder Mesura may write\n`);
    expect(ended.code).toBe(2);
  });

  it('a folder the user may not write: a missing one it cannot make, and an existing one; nothing written to either', async () => {
    const locked = path.join(scratch(), 'locked');
    mkdirSync(path.join(locked, 'data'), { recursive: true });
    chmodSync(locked, 0o755);
    chmodSync(path.join(locked, 'data'), 0o555);
    chmodSync(path.dirname(locked), 0o755);
    const port = String(await freePort());

    const missing = await runToExit({ PORT: port, MESURA_DATA_DIR: path.join(locked, 'new') }, AS_NOBODY);
    expect(missing.output).toMatch(
      new RegExp(`^mesura: the data folder ${locked}/new cannot be created: permission denied to the user running Mesura \\(uid \\d+\\); set MESURA_DATA_DIR to a folder Mesura may write\\n$`),
    );
    expect(missing.code).toBe(2);

    const existing = await runToExit({ PORT: port, MESURA_DATA_DIR: path.join(locked, 'data') }, AS_NOBODY);
    expect(existing.output).toMatch(
      new RegExp(`^mesura: the data folder ${locked}/data cannot be written: permission denied to the user running Mesura \\(uid \\d+\\); set MESURA_DATA_DIR to a folder Mesura may write\\n$`),
    );
    expect(existing.code).toBe(2);
    expect(readdirSync(path.join(locked, 'data'))).toEqual([]);
  });
});
