/**
 * The data layer's default for a value a page lacks (spec §5: 'No informat' for section,
 * subsection, programme and user id, 'No Informat' for every other analytics value), as the
 * reports tell it from a real value. The same SQL text runs on DuckDB and ClickHouse.
 */

/** Both defaults lower-cased. */
export const NOT_INFORMED_LOWER = 'no informat';

/** SQL: the column holds a value other than the default (NULL when the column is NULL). */
export const informedSql = (column: string) => `lower(${column}) <> '${NOT_INFORMED_LOWER}'`;

/** SQL: the column's value, NULL when it is the default (a label then falls back as for a missing one). */
export const informedOrNullSql = (column: string) => `CASE WHEN ${informedSql(column)} THEN ${column} END`;
