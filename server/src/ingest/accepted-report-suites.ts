/**
 * The report suites the collector stores hits for (MESURA_REPORT_SUITES). A beacon or heartbeat
 * naming any other is refused whole, so that nobody can create suites (`__proto__`, `Infinity`,
 * random names filling the store) by sending to them.
 */
import { GA_PROPERTY_IDS, REPORT_SUITE_ID, REPORT_SUITES, limits } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';

/** The environments' suites and the ga account's property ids: what the site's own tags send to. */
export const DEFAULT_REPORT_SUITES: readonly string[] = [...Object.values(REPORT_SUITES), ...Object.values(GA_PROPERTY_IDS)];

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
        throw new HttpError(ERRORS.unknownReportSuite, `report suite '${other.slice(0, limits.MAX_REPORT_SUITE_ID_CHARS)}' is not accepted by this collector`);
      }
    },
  };
}

/** MESURA_REPORT_SUITES: a comma list of suite ids; unset means DEFAULT_REPORT_SUITES. Throws a one-line Error. */
export function parseReportSuites(value: string | undefined): string[] {
  const listed =
    value
      ?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean) ?? [];
  if (listed.length === 0) return [...DEFAULT_REPORT_SUITES];
  const bad = listed.find((suite) => !REPORT_SUITE_ID.test(suite));
  if (bad !== undefined) throw new Error(`MESURA_REPORT_SUITES must list report suite ids (1 to ${limits.MAX_REPORT_SUITE_ID_CHARS} letters, digits, _ . -), got '${bad}'`);
  return listed;
}
