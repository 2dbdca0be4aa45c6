/**
 * What makes a page view a search (reports/search-reports.ts): keywords that are not the data
 * layer's default. Spec §5 sends 'No Informat' for every analytics value a page lacks, so every
 * page view that is not a search carries it as its keywords (eVar23/prop23); those are no search.
 * One definition, its DuckDB and ClickHouse texts side by side: the embedded store applies it as it
 * loads its report tables (store/duckdb/report-facts-load.ts), ClickHouse as a report reads
 * (store/clickhouse/report-facts-sql.ts).
 */

import { NOT_INFORMED_LOWER } from './not-informed-sql.js';

/** The not-informed defaults ('No informat', 'No Informat'), lower-cased as keywords are kept. */
export const NOT_INFORMED_KEYWORDS = NOT_INFORMED_LOWER;

/** The keywords a search report ranks: lower-cased and trimmed; NULL when blank or not informed. */
export const searchKeywordsSql = {
  duckdb: (column: string) => `nullif(nullif(lower(trim(${column})), ''), '${NOT_INFORMED_KEYWORDS}')`,
  clickhouse: (column: string) => `nullIf(nullIf(replaceRegexpAll(lower(${column}), '^ +| +$', ''), ''), '${NOT_INFORMED_KEYWORDS}')`,
};

/**
 * Whether the page view counts as a search of its visit: keywords were sent and are not the
 * default (none sent reads as the default). Blank keywords count (a search run with an empty box)
 * though no keyword ranks them.
 */
export const searchedSql = {
  duckdb: (column: string) => `(coalesce(lower(trim(${column})), '${NOT_INFORMED_KEYWORDS}') <> '${NOT_INFORMED_KEYWORDS}')`,
  // Never NULL (18.16 carries NULL through AND): the visits' `searches` counts it into a non-Nullable column.
  clickhouse: (column: string) => `(ifNull(replaceRegexpAll(lower(${column}), '^ +| +$', ''), '${NOT_INFORMED_KEYWORDS}') != '${NOT_INFORMED_KEYWORDS}')`,
};
