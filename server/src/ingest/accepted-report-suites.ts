/**
 * The report suites the collector stores hits for (MESURA_REPORT_SUITES). A beacon or heartbeat
 * naming any other is refused whole, so that nobody can create suites (`__proto__`, `Infinity`,
 * random names filling the store) by sending to them.
 */
import { GA_PROPERTY_IDS, REPORT_SUITES } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';

/** The environments' suites and the ga account's property ids: what the site's own tags send to. */
export const DEFAULT_REPORT_SUITES: readonly string[] = [...Object.values(REPORT_SUITES), ...Object.values(GA_PROPERTY_IDS)];
/** A configured suite id: what the beacon path accepts as one. */
const SUITE_ID = /^[A-Za-z0-9_.-]{1,40}$/;

export interface AcceptedReportSuites {
  /** Throws a 400 HttpError naming the first suite not accepted. */
  check(suites: readonly string[]): void;
}

export function acceptReportSuites(configured: readonly string[]): AcceptedReportSuites {
  const accepted = new Set(configured);
  return {
    check(suites) {
      const other = suites.find((suite) => !accepted.has(suite));
      if (other !== undefined) {
        throw new HttpError(ERRORS.unknownReportSuite, `report suite '${other.slice(0, 40)}' is not accepted by this collector`);
      }
    },
  };
}

/** MESURA_REPORT_SUITES: a comma list of suite ids; unset means DEFAULT_REPORT_SUITES. Throws a one-line Error. */
export function parseReportSuites(value: string | undefined): string[] {
  const listed = value?.split(',').map((entry) => entry.trim()).filter(Boolean) ?? [];
  if (listed.length === 0) return [...DEFAULT_REPORT_SUITES];
  const bad = listed.find((suite) => !SUITE_ID.test(suite));
  if (bad !== undefined) throw new Error(`MESURA_REPORT_SUITES must list report suite ids (letters, digits, _ . -), got '${bad}'`);
  return listed;
}
