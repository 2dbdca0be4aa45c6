/**
 * The play and ad figures and every session counter (store/media-session-counters.ts): sums of
 * columns a session row and a media cell (store/duckdb/media-cells.ts) both name alike, so both
 * texts read them from here.
 */
import { COUNTER_SUMS_SQL } from '../media-session-counters.js';

export const PLAY_AND_AD_SUMS = `sum(starts) AS plays,
  sum(content_ms) / 1000.0 AS seconds_played,
  sum(content_ms) / 1000.0 / nullif(sum(starts), 0) AS seconds_per_play,
  CAST(sum(completes) AS DOUBLE) / nullif(sum(starts), 0) AS completion_rate,
  sum(completes) AS completes,
  CAST(sum(ads_completed) AS DOUBLE) / nullif(sum(ads_started), 0) AS ad_completion_rate,
  sum(ad_ms) / 1000.0 AS ad_seconds,
  ${COUNTER_SUMS_SQL}`;
