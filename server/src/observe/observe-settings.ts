/** The environment variables of observe/ (config.ts reads them through here; docs/configuration.md lists them). */
import path from 'node:path';
import type { AccessLogTarget } from './access-log.js';
import { MIN_FREE_BYTES_DEFAULT } from './free-space.js';

/** MESURA_METRICS_HOST's default: loopback, so metrics reach no one a firewall has not let in. */
export const METRICS_HOST_DEFAULT = '127.0.0.1';

export interface ObserveSettings {
  /** MESURA_MIN_FREE_BYTES: new events are refused (503) while the data folder's disk has less free. Default 1 GiB. */
  minFreeBytes: number;
  /** MESURA_METRICS_PORT: a listener of its own answering GET /metrics. Default none (GET /metrics on the main port, for an admin). */
  metricsPort: number | undefined;
  /** MESURA_METRICS_HOST: where that listener listens. Default 127.0.0.1. */
  metricsHost: string;
  /** MESURA_ACCESS_LOG: `stdout` or a file path to append one line per request to. Default none. */
  accessLog: AccessLogTarget | undefined;
}

export function parseObserveSettings(env: Record<string, string | undefined>): ObserveSettings {
  return {
    minFreeBytes: parseMinFreeBytes(env.MESURA_MIN_FREE_BYTES),
    metricsPort: parseMetricsPort(env.MESURA_METRICS_PORT),
    metricsHost: env.MESURA_METRICS_HOST || METRICS_HOST_DEFAULT,
    accessLog: parseAccessLog(env.MESURA_ACCESS_LOG),
  };
}

/** Bytes, a whole number (0 turns the refusal off). */
function parseMinFreeBytes(value: string | undefined): number {
  if (value === undefined || value === '') return MIN_FREE_BYTES_DEFAULT;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new Error(`MESURA_MIN_FREE_BYTES must be a whole number of bytes (e.g. 1073741824 for 1 GiB; 0 turns the check off), got '${value.slice(0, 40)}'`);
  return n;
}

function parseMetricsPort(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) throw new Error(`MESURA_METRICS_PORT must be a port from 1 to 65535, got '${value.slice(0, 40)}'`);
  return port;
}

function parseAccessLog(value: string | undefined): AccessLogTarget | undefined {
  if (value === undefined || value === '' || value === 'off') return undefined;
  if (value === 'stdout') return 'stdout';
  if (value.includes('\0')) throw new Error(`MESURA_ACCESS_LOG must be 'stdout' or a file path`);
  return { file: path.resolve(value) };
}
