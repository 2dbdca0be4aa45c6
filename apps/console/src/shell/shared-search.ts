/** URL parameters that belong to one area's drill-down (report-view/report-state.ts): `informe` and its `p.*`. */
function isDrillDownParam(key: string): boolean {
  return key === 'informe' || key.startsWith('p.');
}

/**
 * The query string another area opens with: the same period, comparison, filters and view, so
 * that moving between areas keeps what a person is looking at, but not the drill-down.
 */
export function sharedSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (isDrillDownParam(key)) params.delete(key);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
