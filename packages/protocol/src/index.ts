/**
 * @mesura/protocol: the wire formats that Mesura's SDK writes and its server reads. Pure: no I/O,
 * no globals beyond URLSearchParams, encodeURIComponent and Date.
 */

// Analytics beacon: path, parameters, client time.
export { beaconPath, parseBeaconPath } from './beacon-path.js';
export { encodeBeacon, encodeBeaconQuery } from './beacon-encoder.js';
export { decodeBeacon, decodeBeaconQuery } from './beacon-decoder.js';
export { clientTimeFromDate, clientTimeToEpochMs, formatClientTime, parseClientTime } from './client-time.js';

// Variable map and report suites.
export { eventId, eventName, namedVariables, variableNames, variableSlots } from './variable-map.js';
export { SITE_VARIABLE_MAP } from './site-variable-map.js';
export { REPORT_SUITES, parseEnvironment } from './report-suites.js';
export { VISITOR_ID_BYTES, formatVisitorId, isVisitorId } from './visitor-id-format.js';

// Limits and reasons, so that callers and tests name them rather than repeat them.
export * as limits from './constants.js';
export * as reasons from './errors.js';

export type { DecodeResult } from './decode-result.js';
export type { VariableMap, VariableSlots } from './variable-map.js';
export type { Environment } from './report-suites.js';
export type {
  AnalyticsHit,
  Beacon,
  BeaconAddress,
  BeaconEvent,
  BrowserInfo,
  ClientTime,
  HitType,
  LinkInfo,
  LinkType,
  MediaStartInfo,
  VisitorIds,
} from './analytics-hit.js';
