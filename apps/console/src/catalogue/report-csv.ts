/**
 * The CSV of what a report shows: its rows and columns, the comparison's columns when shown, and
 * never a row hidden by the minimum cohort (a CSV of aggregates must not carry what the screen
 * hides). Numbers unformatted, RFC 4180 quoting, a byte-order mark so that spreadsheets read accents.
 */
import type { ReportAnswer, ReportValue } from '@mesura/protocol';

const BOM = '\uFEFF';

function cell(value: string | ReportValue | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function reportCsv(answer: ReportAnswer): string {
  const comparing = answer.compare !== undefined;
  const header = [answer.dimension.label, 'Clau'];
  for (const metric of answer.metrics) {
    header.push(metric.label);
    if (comparing) header.push(`${metric.label} (període anterior)`);
  }
  const lines = [header.map(cell).join(',')];
  for (const row of answer.rows) {
    if (row.hidden) continue;
    const line: (string | ReportValue)[] = [row.label, row.key];
    for (const metric of answer.metrics) {
      line.push(row.values[metric.key] ?? null);
      if (comparing) line.push(row.previousHidden ? null : (row.previous?.[metric.key] ?? null));
    }
    lines.push(line.map(cell).join(','));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
