import type { TcfSignal } from '@mesura/protocol';
import { checkConsent, type ConsentNeed, type ConsentPolicy, type ConsentSummary } from './consent-check.js';
import type { RefusalCounts } from './refusals.js';
import { createTcfDecoder } from './tcf-decoder.js';

/**
 * The collector's consent check: the summary to store with the row, or `undefined` when the row
 * must not be stored, in which case the refusal has been counted once per report suite.
 *
 * A refused hit is answered as a stored one (2xx). It is a beacon the visitor's own browser sent
 * against its own signal (a stale page, a tag that ignores consent): an error would not change the
 * signal, and the transports retry what is not acknowledged, so a 4xx or 5xx would only bring it
 * back. The refusal counts are where the refusals show.
 */
export type ConsentChecker = (signal: TcfSignal | undefined, need: ConsentNeed, reportSuites: readonly string[], atMs: number) => ConsentSummary | undefined;

export interface ConsentCheckerOptions {
  policy: ConsentPolicy;
  refusals: Pick<RefusalCounts, 'count'>;
  /** Decoded TC strings kept (MESURA_MEMORY_MIB's share, memory-budget.ts). Default TC_DECODE_CACHE_ENTRIES. */
  decodeCacheEntries?: number;
}

export function createConsentChecker(options: ConsentCheckerOptions): ConsentChecker {
  const decode = createTcfDecoder(options.decodeCacheEntries);
  return (signal, need, reportSuites, atMs) => {
    const verdict = checkConsent(signal, need, options.policy, (tcString) => decode(tcString, atMs));
    if (verdict.stored) return verdict.consent;
    for (const reportSuite of reportSuites) options.refusals.count(reportSuite, verdict.reason, atMs);
    return undefined;
  };
}
