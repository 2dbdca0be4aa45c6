/**
 * The heartbeats the commercial heartbeat library (MediaHeartbeat JS 2.2.x) really sent in the 38
 * recorded scenarios of shared/reference/media-traces, the traces the media tracker is made to send
 * exactly. Their heartbeat lines are copied into fixtures/media-traces (one JSON object a line:
 * `at`, ms after the scenario's start at which the request left, and its decoded `params`), so that
 * the tests do not read outside the repository, as packages/protocol's sample beacons are.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayedRequest } from './media.js';

const TRACES_DIR = path.resolve(import.meta.dirname, '../fixtures/media-traces');

/** The scenarios' names (the files without `.jsonl`), sorted. */
export const GOLDEN_SCENARIOS: readonly string[] = readdirSync(TRACES_DIR)
  .filter((file) => file.endsWith('.jsonl'))
  .map((file) => file.slice(0, -'.jsonl'.length))
  .sort();

export interface GoldenTraceOptions {
  /** Epoch ms the scenario starts at here: its heartbeats' times move with it. */
  startMs: number;
  /** `s:sc:rsid` of every heartbeat (the recordings name demo.public and rsid.radio). */
  suite: string;
  /** Added to every session id, so that scenarios recorded with the same random seed stay apart. */
  sessionSuffix: string;
  /** `s:user:mid`; default the recorded one. */
  visitorId?: string;
}

/**
 * One scenario's heartbeats as requests a collector accepts, in the order they left, moved to
 * `startMs`: a request leaves at `startMs + at`, and its client times (`l:event:ts`, and
 * `l:event:prev_ts` unless -1) move by as much, so that each keeps its distance to the scenario's
 * start (the recording's own start is its first request's `l:event:ts` less that request's `at`).
 */
export function goldenTrace(scenario: string, options: GoldenTraceOptions): ReplayedRequest[] {
  const lines = readFileSync(path.join(TRACES_DIR, `${scenario}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { at: number; params: Record<string, string> });
  const first = lines[0];
  if (first === undefined) throw new Error(`${scenario}: no heartbeat recorded`);
  const shiftMs = options.startMs - (Number(first.params['l:event:ts']) - first.at);
  return lines.map(({ at, params }) => {
    const moved: Record<string, string> = {
      ...params,
      's:sc:rsid': options.suite,
      's:event:sid': `${params['s:event:sid']}${options.sessionSuffix}`,
      'l:event:ts': String(Number(params['l:event:ts']) + shiftMs),
    };
    const previous = params['l:event:prev_ts'];
    if (previous !== undefined && previous !== '-1') moved['l:event:prev_ts'] = String(Number(previous) + shiftMs);
    if (options.visitorId !== undefined) moved['s:user:mid'] = options.visitorId;
    return { kind: 'heartbeat', sentAtMs: options.startMs + at, params: moved };
  });
}
