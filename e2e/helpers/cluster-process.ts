/**
 * `node scripts/cluster/cluster.mjs` as a terminal runs it (`npm run cluster`): in a process group
 * of its own, so that a Ctrl-C (SIGINT to the group) reaches it and the servers and nginx it
 * started, as a terminal's would; and what the machine runs, read from /proc, to see that each of
 * those processes has left once it says it stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const CLUSTER_SCRIPT = path.join(REPO_ROOT, 'scripts/cluster/cluster.mjs');
/** The last lines of the cluster's output a failure message quotes. */
const OUTPUT_TAIL_LINES = 60;
const POLL_MS = 100;

export interface ClusterProcess {
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once cluster.mjs has ended. */
  exited: Promise<number | string>;
  /** The last lines of everything it printed, for failure messages. */
  outputTail(): string;
  /** Resolves once a line of its output holds `text`; fails past `timeoutMs` or when it exits first. */
  waitForLine(text: string, timeoutMs: number): Promise<void>;
  /** SIGINT to its whole process group: what Ctrl-C in its terminal sends. */
  interrupt(): void;
}

export function startCluster(dir: string, env: Record<string, string>): ClusterProcess {
  const child = spawn(process.execPath, [CLUSTER_SCRIPT, dir], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  let ended: number | string | undefined;
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve((ended = code ?? signal ?? -1))));
  const outputTail = () => output.split('\n').slice(-OUTPUT_TAIL_LINES).join('\n');
  return {
    child,
    exited,
    outputTail,
    async waitForLine(text, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (ended !== undefined) throw new Error(`cluster.mjs exited (${ended}) before printing '${text}':\n${outputTail()}`);
        if (Date.now() > deadline) throw new Error(`cluster.mjs did not print '${text}' within ${timeoutMs} ms:\n${outputTail()}`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    interrupt() {
      process.kill(-child.pid!, 'SIGINT');
    },
  };
}

/** One process as /proc/<pid>/stat shows it. */
export interface ProcessEntry {
  pid: number;
  parent: number;
  /** The executable's name, cut at 15 characters by the kernel. */
  name: string;
  /** Z: a zombie, which has exited and waits only for its parent to read its status. */
  state: string;
}

/** Every process of the machine now; one that leaves while it is read is left out. */
export function processTable(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(`/proc/${name}/stat`);
    if (stat === undefined) continue;
    // "pid (name) state ppid …": the name may hold spaces and parentheses, so cut at the last ')'.
    const close = stat.lastIndexOf(')');
    const [state, parent] = stat.slice(close + 2).split(' ');
    entries.push({ pid: Number(name), parent: Number(parent), name: stat.slice(stat.indexOf('(') + 1, close), state: state! });
  }
  return entries;
}

/** The processes of `roots` and all their descendants, as the table holds them now. */
export function processTree(roots: readonly number[]): ProcessEntry[] {
  const table = processTable();
  const found = new Map<number, ProcessEntry>();
  for (const entry of table) if (roots.includes(entry.pid)) found.set(entry.pid, entry);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of table) {
      if (!found.has(entry.pid) && found.has(entry.parent)) {
        found.set(entry.pid, entry);
        grew = true;
      }
    }
  }
  return [...found.values()];
}

/** Whether `pid` still runs (a zombie has exited). */
export function isRunning(pid: number): boolean {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/** The processes that run now whose command line names `text` (a folder): what a leftover server shows. */
export function processesNaming(text: string): ProcessEntry[] {
  return processTable().filter((entry) => entry.state !== 'Z' && (readProc(`/proc/${entry.pid}/cmdline`) ?? '').replaceAll('\0', ' ').includes(text));
}

/** The first line of a pid file, as a number; undefined without the file. */
export function pidFromFile(file: string): number | undefined {
  const text = readProc(file)?.split('\n', 1)[0]?.trim();
  return text && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Whether a server may listen on 127.0.0.1:`port` now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
