/** RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvField).join(',') + '\r\n';
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
