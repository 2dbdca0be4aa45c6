/**
 * What the SDK's bundles log, in one catalogue (spec §8), so that tests assert the words. Each
 * message says what to do next.
 */
import { LIBRARY_POLL_INTERVAL_MS, LIBRARY_POLL_MAX_POLLS } from './constants.js';

/** Every line the media bootstrap logs starts so, to be found in a busy console. */
export const MEDIA_LOG_PREFIX = '[mesura media]';

/** §8 "Export to a window namespace fails if the name is taken". */
export const mediaNamespaceTaken = (namespace: string): string => `${MEDIA_LOG_PREFIX} Export to window.${namespace} failed: the name is taken. Set mesuraConfig.mediaNamespace to a free name.`;

/** §8 "Tracker not built if library global is missing … after polling". */
export const MEASUREMENT_LIBRARY_MISSING =
  `${MEDIA_LOG_PREFIX} Media tracker not built: the measurement library (window.mesura with analytics and identity) ` +
  `did not appear after ${LIBRARY_POLL_MAX_POLLS} polls every ${LIBRARY_POLL_INTERVAL_MS} ms. Load /mesura.js on this page.`;
