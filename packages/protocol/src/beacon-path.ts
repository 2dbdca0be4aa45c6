/**
 * The beacon's path, `/b/ss/{suites}/1/{version}/s{random}`: which report suites the hit belongs
 * to, which library wrote it, and a per-beacon cache-buster. Multi-suite tagging writes the suites
 * as a comma list, which some clients percent-encode (`%2C`), so the path is decoded first.
 */
import type { BeaconAddress } from './analytics-hit.js';
import { boundedPattern } from './bounded-pattern.js';
import { BEACON_PATH_PREFIX, BEACON_PATH_PROTOCOL_SEGMENT, MAX_BEACON_RANDOM_DIGITS, MAX_LIBRARY_VERSION_CHARS, MAX_REPORT_SUITE_ID_CHARS, MAX_REPORT_SUITES } from './constants.js';
import { decoded, rejected, type Result } from './result.js';
import { BEACON_PATH_BAD_ENCODING, MALFORMED_BEACON_PATH, TOO_MANY_REPORT_SUITES, badBeaconRandom, badLibraryVersion, badReportSuite } from './errors.js';

/** One report suite id: letters, digits, `_`, `.` and `-`, up to MAX_REPORT_SUITE_ID_CHARS. */
export const REPORT_SUITE_ID = /* @__PURE__ */ boundedPattern('[A-Za-z0-9_.-]', MAX_REPORT_SUITE_ID_CHARS);
const LIBRARY_VERSION = /* @__PURE__ */ boundedPattern('[A-Za-z0-9_.-]', MAX_LIBRARY_VERSION_CHARS);
const RANDOM = /* @__PURE__ */ boundedPattern('\\d', MAX_BEACON_RANDOM_DIGITS);
const RANDOM_MARKER = 's';
const SUITE_SEPARATOR = ',';

/**
 * `/b/ss/mesuradev/1/MESURA-0.1.0/s123…`. Trusts its caller, so that the browser bundle does not
 * carry the checks: the collector's `parseBeaconPath` refuses, with its reason, an address it
 * cannot read back.
 */
export function beaconPath(address: BeaconAddress): string {
  const suites = address.reportSuites.join(SUITE_SEPARATOR);
  const random = `${RANDOM_MARKER}${address.random}`;
  return `${BEACON_PATH_PREFIX}${suites}/${BEACON_PATH_PROTOCOL_SEGMENT}/${address.libraryVersion}/${random}`;
}

/** Reads a beacon path, percent-encoded or not, with or without a trailing `/`. */
export function parseBeaconPath(path: string): Result<BeaconAddress> {
  let plain = path;
  // Without a `%` there is nothing to decode, and nothing decodeURIComponent could refuse.
  if (path.includes('%')) {
    try {
      plain = decodeURIComponent(path);
    } catch {
      return rejected(BEACON_PATH_BAD_ENCODING);
    }
  }
  if (plain.endsWith('/')) plain = plain.slice(0, -1);
  if (!plain.startsWith(BEACON_PATH_PREFIX)) return rejected(MALFORMED_BEACON_PATH);

  const segments = plain.slice(BEACON_PATH_PREFIX.length).split('/');
  const [suites, protocol, libraryVersion, randomSegment] = segments;
  if (segments.length !== 4 || suites === undefined || protocol !== BEACON_PATH_PROTOCOL_SEGMENT || libraryVersion === undefined || randomSegment === undefined) {
    return rejected(MALFORMED_BEACON_PATH);
  }
  if (!randomSegment.startsWith(RANDOM_MARKER)) return rejected(badBeaconRandom(randomSegment));

  const address: BeaconAddress = {
    reportSuites: suites.split(SUITE_SEPARATOR),
    libraryVersion,
    random: randomSegment.slice(RANDOM_MARKER.length),
  };
  const reason = addressProblem(address);
  return reason === undefined ? decoded(address) : rejected(reason);
}

/** The first thing wrong with an address, checked in path order, or undefined. */
function addressProblem(address: BeaconAddress): string | undefined {
  if (address.reportSuites.length > MAX_REPORT_SUITES) return TOO_MANY_REPORT_SUITES;
  for (const suite of address.reportSuites) if (!REPORT_SUITE_ID.test(suite)) return badReportSuite(suite);
  if (address.reportSuites.length === 0) return badReportSuite('');
  if (!LIBRARY_VERSION.test(address.libraryVersion)) return badLibraryVersion(address.libraryVersion);
  if (!RANDOM.test(address.random)) return badBeaconRandom(`${RANDOM_MARKER}${address.random}`);
  return undefined;
}
