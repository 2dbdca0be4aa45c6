/**
 * How the media queries' ClickHouse texts answer DuckDB's `GROUP BY GROUPING SETS ((key), ())`,
 * which 18.16 lacks: the groups, then the total in a second SELECT over the same rows (UNION ALL),
 * whose key is null. The total is there even over no rows, as DuckDB's is; figures that DuckDB
 * answers NULL over no rows (sum, avg) are written with `overRows` so that ClickHouse's 0 or nan
 * reads as NULL too.
 */

export interface GroupsWithTotal {
  /** A SELECT (or a subquery's text) whose rows have `group_key` (String) and the figures' columns. */
  source: string;
  /** Column name → aggregate SQL over a group of `source` rows. */
  figures: Readonly<Record<string, string>>;
  /** An aggregate naming the group (a content's name): `label`, null on the total. */
  label?: string;
}

/** `key` (String, null on the total), `label` when asked, then the figures, named as given. */
export function groupsWithTotalClickHouse({ source, figures, label }: GroupsWithTotal): string {
  // Each figure is computed as `figure_…` and renamed a level up: ClickHouse resolves an alias
  // before a column, so `sum(completes) AS completes` would sum its own result.
  const computed = Object.entries(figures)
    .map(([name, sql]) => `${sql} AS figure_${name}`)
    .join(', ');
  const named = Object.keys(figures)
    .map((name) => `figure_${name} AS ${name}`)
    .join(', ');
  const labelOf = (sql: string) => (label === undefined ? '' : `CAST(${sql} AS Nullable(String)) AS figure_label, `);
  return `SELECT key, ${label === undefined ? '' : 'figure_label AS label, '}${named} FROM (
      SELECT toNullable(group_key) AS key, ${labelOf(label ?? 'NULL')}${computed} FROM (${source}) grouped GROUP BY group_key
      UNION ALL
      SELECT CAST(NULL AS Nullable(String)) AS key, ${labelOf('NULL')}${computed} FROM (${source}) grouped
    ) groups`;
}

/** `sql` over a group, NULL when the group has no rows (the total of an empty range), as DuckDB's sum and avg answer. */
export function overRows(sql: string): string {
  return `if(count() > 0, ${sql}, NULL)`;
}

/** count(DISTINCT column) of a Nullable column: 0, not NULL, when every value is NULL (18.16's uniqExact says NULL). */
export function distinctCount(column: string): string {
  return `uniqExactIf(assumeNotNull(${column}), ${column} IS NOT NULL)`;
}
