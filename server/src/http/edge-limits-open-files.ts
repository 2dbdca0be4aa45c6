import { readFileSync } from 'node:fs';
import { OPEN_FILE_HEADROOM, openFilesNeeded, type EdgeLimits } from './edge-limits.js';

/** Linux's view of the process's limits; elsewhere the check is skipped. */
const PROC_LIMITS_FILE = '/proc/self/limits';

/** The soft open-file limit of this process, when the system says (Linux). */
export function softOpenFileLimit(read: (file: string) => string = (file) => readFileSync(file, 'utf8')): number | undefined {
  try {
    const line = read(PROC_LIMITS_FILE)
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Number.POSITIVE_INFINITY;
    const n = Number(soft);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The limits with the connection cap lowered to what the open-file limit leaves after
 * OPEN_FILE_HEADROOM: a cap above it would let connections take the descriptors the store, the
 * ingest log and static files need, and then every request fails, not only the extra ones.
 */
export function fitToOpenFiles(limits: EdgeLimits, softLimit: number | undefined): EdgeLimits {
  if (openFileWarning(limits, softLimit) === undefined || softLimit === undefined) return limits;
  const maxConnections = Math.max(1, softLimit - OPEN_FILE_HEADROOM);
  return { ...limits, maxConnections, maxConnectionsPerAddress: Math.min(limits.maxConnectionsPerAddress, maxConnections) };
}

/**
 * A one-line warning when the open-file limit is below what the connection cap needs: past it the
 * process cannot accept connections nor open files, whatever the cap says.
 */
export function openFileWarning(limits: EdgeLimits, softLimit: number | undefined): string | undefined {
  const needed = openFilesNeeded(limits);
  if (softLimit === undefined || softLimit >= needed) return undefined;
  const fitting = Math.max(1, softLimit - OPEN_FILE_HEADROOM);
  return `the open-file limit is ${softLimit} but MESURA_MAX_CONNECTIONS=${limits.maxConnections} needs ${needed}: at most ${fitting} connections are accepted; raise the limit (ulimit -n, LimitNOFILE) to keep ${limits.maxConnections}`;
}
