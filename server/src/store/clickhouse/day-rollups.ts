/**
 * The day roll-ups the API nodes keep (day-rollup.ts), in the order the job runs them and
 * ensureSchema, cluster-sql.ts and retention go through them.
 */
import type { DayRollup } from './day-rollup.js';
import { LIVE_MINUTE_ROLLUP } from './live-minute-rollup.js';
import { SESSION_ROLLUP } from './session-rollup.js';
import { VISIT_ROLLUP } from './visit-rollup.js';

export const DAY_ROLLUPS: readonly DayRollup[] = [VISIT_ROLLUP, SESSION_ROLLUP, LIVE_MINUTE_ROLLUP];
