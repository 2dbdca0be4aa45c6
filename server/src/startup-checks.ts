/**
 * What main.ts checks before it opens anything (the store, the ingest log, retention): that the
 * data folder can be made and written, and that the port is free. Each failure is one
 * OperatorError line naming the folder or the port and what to do; found later, the same mistakes
 * were a stack (EADDRINUSE after the store had opened and retention had run, ENOENT … mkdir).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { OperatorError } from './operator-error.js';

/** The file written and removed to prove the data folder writable (root passes every access() check). */
export const WRITE_PROBE_FILE = '.mesura-write-check';

/** The file-system calls the folder check makes; tests give ones that fail as a real disk would. */
export interface FolderCalls {
  mkdir(dir: string): void;
  writeAndRemove(file: string): void;
}

const realFolderCalls: FolderCalls = {
  mkdir: (dir) => fs.mkdirSync(dir, { recursive: true }),
  writeAndRemove: (file) => {
    fs.writeFileSync(file, '');
    fs.rmSync(file);
  },
};

/** Makes the data folder if it is missing and proves it writable, or throws one line saying why not. */
export function checkDataFolder(dir: string, calls: FolderCalls = realFolderCalls): void {
  try {
    calls.mkdir(dir);
  } catch (error) {
    throw new OperatorError(`the data folder ${dir} cannot be created: ${folderProblem(error, dir)}; set MESURA_DATA_DIR to a folder Mesura may write`);
  }
  try {
    calls.writeAndRemove(path.join(dir, WRITE_PROBE_FILE));
  } catch (error) {
    throw new OperatorError(`the data folder ${dir} cannot be written: ${folderProblem(error, dir)}; set MESURA_DATA_DIR to a folder Mesura may write`);
  }
}

/** The cause of a file-system refusal in words, for the codes an operator meets. */
function folderProblem(error: unknown, dir: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EROFS':
      return 'the file system is mounted read-only';
    case 'EACCES':
    case 'EPERM':
      return `permission denied to the user running Mesura (uid ${process.getuid?.() ?? '?'})`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `${dir} or one of its parents is a file, not a folder`;
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return code ?? (error as Error).message;
  }
}

/**
 * Binds `port` on `host` and lets it go again, so that a port in use is one line before anything
 * opens. A program taking the port between this check and the real listen is still told in one
 * line (main.ts words the listen's own error with `listenProblem`).
 */
/** `variable`: the setting that moves the port, named in the line. */
export async function checkPortFree(port: number, host: string, variable = 'PORT'): Promise<void> {
  // Port 0 asks the system for a free one: nothing to check.
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(new OperatorError(listenProblem(error, port, host, variable))));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A listen failure in one line: what is wrong with `host:port` and what to change. */
export function listenProblem(error: unknown, port: number, host: string, variable = 'PORT'): string {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `port ${port} on ${host}`;
  switch (code) {
    case 'EADDRINUSE':
      return `${where} is already in use (another Mesura, or another program); stop it or set ${variable}`;
    case 'EACCES':
      return `${where} needs privileges this user lacks (ports below 1024 are reserved); set ${variable} to 1024 or above, or let the proxy hold the low port`;
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine; set MESURA_HOST to one of its addresses`;
    default:
      return `cannot listen on ${where}: ${code ?? (error as Error).message}`;
  }
}
