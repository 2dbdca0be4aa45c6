/**
 * The media reports' drill-down (media-session-reports.ts): a programme opens its seasons, a
 * season its episodes, each narrowed by the parameters of the grouping it came from.
 */
import type { SqlValue } from '../analytics-reader.js';
import type { MediaGrouping } from './media-grouping.js';

/**
 * The drill-down of a programme into its seasons and of a season into its episodes: each grouping's
 * own parameters and the column each one holds, as the groups' keys read it ('' for none).
 */
const DRILL_PARAMS: Partial<Record<MediaGrouping, Readonly<Record<string, string>>>> = {
  season: { programme: "coalesce(programme, '')" },
  content: { programme: "coalesce(programme, '')", season: "coalesce(season, '')" },
};

/** The conditions of a drill-down's parameters, written alike for both engines; values bound as `$p_<name>`. */
export function drillConditions(grouping: MediaGrouping, params: Readonly<Record<string, string>>): { sql: string; values: Record<string, SqlValue> } {
  const columns = DRILL_PARAMS[grouping] ?? {};
  const named = Object.keys(columns).filter((name) => params[name] !== undefined);
  return {
    sql: named.map((name) => ` AND ${columns[name]} = $p_${name}`).join(''),
    values: Object.fromEntries(named.map((name) => [`p_${name}`, params[name]!])),
  };
}

/** The parameters a grouping's report takes from the drill-down that opened it; undefined for none. */
export function drillParams(grouping: MediaGrouping): string[] | undefined {
  const columns = DRILL_PARAMS[grouping];
  return columns && Object.keys(columns);
}
