import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(REPO_ROOT, 'server/dist/main.js');
/** SIGTERM flushes and checkpoints; seconds at most on this data. */
const STOP_TIMEOUT_MS = 15_000;
/**
 * The built server's start, to its first /healthz answer. A start took 10-13 s at load average 12
 * on this 2-core machine (2026-11-29), and the first start right after a build, at load 11, had
 * not answered after 20 s: its first log line came 20 s after the spawn. Below vitest's 60-s hook
 * timeout, so that a server that does not start still fails with its own output.
 */
const START_TIMEOUT_MS = 45_000;

export interface ServerProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export function emptyDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'mesura-e2e-'));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Starts the built server (`node server/dist/main.js`) and waits until /healthz answers. */
export async function startServerProcess(options: { dataDir: string; port?: number; env?: Record<string, string> }): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), MESURA_HOST: '127.0.0.1', MESURA_DATA_DIR: options.dataDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, exited, () => output);
  } catch (error) {
    // No caller holds this process to stop it: left running, it would keep its port and a core.
    child.kill('SIGKILL');
    throw error;
  }
  return { baseUrl, port, dataDir: options.dataDir, child, output: () => output, exited };
}

async function waitForHealth(baseUrl: string, exited: Promise<number | string>, output: () => string): Promise<void> {
  let ended: number | string | undefined;
  void exited.then((code) => (ended = code));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`server exited (${ended}) before answering:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer /healthz within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** SIGTERM, then waits for the exit; a server that does not stop within STOP_TIMEOUT_MS fails the test with its log. */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      server.child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM:\n${server.output()}`));
    }, STOP_TIMEOUT_MS);
  });
  try {
    await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first admin of the e2e servers that read the API (pass E2E_ADMIN_ENV to the server's env). */
export const E2E_ADMIN = { email: 'e2e-admin@mesura.test', password: 'e2e-admin-password' } as const;
export const E2E_ADMIN_ENV = { MESURA_ADMIN_EMAIL: E2E_ADMIN.email, MESURA_ADMIN_PASSWORD: E2E_ADMIN.password };

const apiHeadersByServer = new WeakMap<{ baseUrl: string }, Promise<Record<string, string>>>();

/**
 * `{authorization: 'Bearer …'}` of an API token of the e2e admin on this server process, made once
 * per process: a sign-in (POST /api/session) and a token (POST /api/me/tokens), as a script would.
 */
export function apiHeaders(server: { baseUrl: string }): Promise<Record<string, string>> {
  let headers = apiHeadersByServer.get(server);
  if (!headers) apiHeadersByServer.set(server, (headers = makeApiHeaders(server.baseUrl)));
  return headers;
}

/** `{content-type, origin, cookie}` of a new session of `user`, as the console holds it. */
async function sessionHeaders(baseUrl: string, user: { email: string; password: string }): Promise<Record<string, string>> {
  const json = { 'content-type': 'application/json', origin: baseUrl };
  const signIn = await fetch(`${baseUrl}/api/session`, { method: 'POST', headers: json, body: JSON.stringify({ email: user.email, password: user.password }) });
  if (signIn.status !== 204) throw new Error(`sign-in of ${user.email} answered ${signIn.status}: ${await signIn.text()}`);
  return { ...json, cookie: (signIn.headers.get('set-cookie') ?? '').split(';', 1)[0]! };
}

/**
 * Makes a user as an admin does in the console, from the e2e admin's session (a token changes no
 * user), and has the user replace the initial password the admin chose, as the console asks at
 * first sign-in: afterwards `user.password` signs in with nothing left to change.
 */
export async function addUserAsAdmin(server: { baseUrl: string }, user: { email: string; password: string; role: string }): Promise<void> {
  const initial = `${user.password}-inicial`;
  const admin = await sessionHeaders(server.baseUrl, E2E_ADMIN);
  const made = await fetch(`${server.baseUrl}/api/users`, { method: 'POST', headers: admin, body: JSON.stringify({ ...user, password: initial }) });
  if (made.status !== 201) throw new Error(`making ${user.email} answered ${made.status}: ${await made.text()}`);
  const own = await sessionHeaders(server.baseUrl, { email: user.email, password: initial });
  const changed = await fetch(`${server.baseUrl}/api/me/password`, { method: 'POST', headers: own, body: JSON.stringify({ currentPassword: initial, newPassword: user.password }) });
  if (changed.status !== 204) throw new Error(`changing the initial password of ${user.email} answered ${changed.status}: ${await changed.text()}`);
}

async function makeApiHeaders(baseUrl: string): Promise<Record<string, string>> {
  const json = { 'content-type': 'application/json', origin: baseUrl };
  const signIn = await fetch(`${baseUrl}/api/session`, { method: 'POST', headers: json, body: JSON.stringify(E2E_ADMIN) });
  if (signIn.status !== 204) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()} (start the server with E2E_ADMIN_ENV)`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';', 1)[0]!;
  const made = await fetch(`${baseUrl}/api/me/tokens`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'e2e' }) });
  if (made.status !== 201) throw new Error(`making a token answered ${made.status}: ${await made.text()}`);
  return { authorization: `Bearer ${((await made.json()) as { token: string }).token}` };
}
