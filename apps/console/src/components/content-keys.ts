/**
 * Rows paired with a key made of what they say, for the lists the server sends without ids (the
 * account audit, the rights requests, an activity's changes). Rows that say the same (two failed
 * sign-ins of one address in one millisecond) are told apart by their order among themselves, so
 * a row keeps its key when rows come before it (a newer page) or after it (an older one).
 */
export function keyedByContent<T>(rows: readonly T[], contentOf: (row: T) => string): { row: T; key: string }[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const content = contentOf(row);
    const repeats = seen.get(content) ?? 0;
    seen.set(content, repeats + 1);
    return { row, key: repeats === 0 ? content : `${content}#${repeats}` };
  });
}
