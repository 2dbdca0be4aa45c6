/**
 * What /healthz and /readyz answer, in every role, built in one function (`healthBody`) from the
 * sources a role has. /healthz is liveness: it answers 200 whenever the process does, with the
 * figures an operator reads and a `status` to alert on. /readyz is readiness (Kubernetes' split):
 * 200 while the server can store what it acknowledges and answer, else 503, so that a balancer
 * sends its traffic elsewhere. Both are public (balancers call them without an account) and so
 * carry counts, sizes and one-line failures, never a credential: URLs in a failure lose their
 * user and password (`publicMessage`).
 */
import type { ServerRole } from '../shared/server-role.js';
import type { BackupStatus } from '../backup/backups.js';
import type { Intake } from '../ingest/intake.js';
import type { DayRollupStatus } from '../store/clickhouse/day-rollup-job.js';
import type { FreeSpaceWatch } from './free-space.js';

/**
 * `ok`; `degraded` (it acknowledges, but something failed: the last log write, load or drain, a
 * day roll-up, or a server it started without has not answered, `waitingFor`); `refusing` (new
 * events are answered 503: the disk is under MESURA_MIN_FREE_BYTES or the log past its bound).
 */
export type HealthStatus = 'ok' | 'degraded' | 'refusing';
export type RefusingBecause = 'low-disk' | 'ingest-log-full';

/** Longest failure message shown on the health answers. */
export const HEALTH_MESSAGE_MAX_CHARS = 200;

export interface HealthSources {
  role: ServerRole;
  /** The ingest log, in the roles that collect (absent on an API node over ClickHouse). */
  intake: Intake | undefined;
  /** Whether a failed load means reports cannot answer: the embedded store. A collector over ClickHouse keeps acknowledging into its log while drains fail, up to its bound. */
  loadFailureBlocksReadiness: boolean;
  /** The servers the process started without and has not reached since. */
  waitingFor: () => readonly string[];
  freeSpace: FreeSpaceWatch;
  /** Over ClickHouse where the console is served: the day roll-ups' last runs. */
  dayRollups?: () => Record<string, DayRollupStatus>;
  /** The backups' last success and failure (backup/backups.ts); alert when the success is older than twice MESURA_BACKUP_INTERVAL_HOURS. */
  backup?: () => BackupStatus;
}

export interface HealthBody {
  status: HealthStatus;
  ready: boolean;
  role: ServerRole;
  pendingEvents: number;
  undrainedLogBytes: number;
  maxUndrainedLogBytes: number | null;
  lagMs: number;
  lastLogWriteError: OneFailure | null;
  lastDrainError: OneFailure | null;
  freeDiskBytes: number | null;
  minFreeDiskBytes: number;
  refusing: boolean;
  refusingBecause: RefusingBecause | null;
  waitingFor: readonly string[];
  dayRollups?: Record<string, DayRollupStatus>;
  backup?: BackupStatus;
}

interface OneFailure {
  message: string;
  atMs: number;
  failures: number;
}

/** The one place the health answer is made: a new field is one line here. */
export async function healthBody(sources: HealthSources): Promise<HealthBody> {
  const { intake, freeSpace } = sources;
  const log = intake?.health();
  const dayRollups = sources.dayRollups?.();
  const waitingFor = sources.waitingFor();
  const refusingBecause: RefusingBecause | null = freeSpace.low() ? 'low-disk' : log?.refusing ? 'ingest-log-full' : null;
  const lastLogWriteError = publicFailure(log?.lastLogWriteError ?? null);
  const lastDrainError = publicFailure(log?.lastDrainError ?? null);
  const rollupFailing = Object.values(dayRollups ?? {}).some((rollup) => rollup.failing);
  const failing = lastLogWriteError !== null || lastDrainError !== null || rollupFailing || waitingFor.length > 0;
  const status: HealthStatus = refusingBecause ? 'refusing' : failing ? 'degraded' : 'ok';
  // A collector started without its servers acknowledges into its log: it is ready (docs/operations.md "Beyond one machine").
  const cannotLoad = sources.loadFailureBlocksReadiness && lastDrainError !== null;
  const ready = refusingBecause === null && lastLogWriteError === null && !cannotLoad && !(sources.role !== 'collector' && waitingFor.length > 0);
  return {
    status,
    ready,
    role: sources.role,
    pendingEvents: intake ? await intake.pending() : 0,
    undrainedLogBytes: log?.undrainedLogBytes ?? 0,
    maxUndrainedLogBytes: log?.maxUndrainedLogBytes ?? null,
    lagMs: log?.lagMs ?? 0,
    lastLogWriteError,
    lastDrainError,
    freeDiskBytes: freeSpace.space?.freeBytes ?? null,
    minFreeDiskBytes: freeSpace.minFreeBytes,
    refusing: refusingBecause !== null,
    refusingBecause,
    waitingFor,
    ...(dayRollups && { dayRollups }),
    ...(sources.backup && { backup: publicBackup(sources.backup()) }),
  };
}

function publicBackup(backup: BackupStatus): BackupStatus {
  return backup.lastFailure ? { ...backup, lastFailure: { ...backup.lastFailure, error: publicMessage(backup.lastFailure.error) } } : backup;
}

function publicFailure(failure: OneFailure | null): OneFailure | null {
  return failure && { ...failure, message: publicMessage(failure.message) };
}

/** A failure's line as the public may read it: no user or password of a URL, cut to HEALTH_MESSAGE_MAX_CHARS. */
export function publicMessage(message: string): string {
  return message.replace(/\/\/[^/@\s]*@/g, '//').slice(0, HEALTH_MESSAGE_MAX_CHARS);
}
