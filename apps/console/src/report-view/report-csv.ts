/**
 * The CSV of what a report shows: the table's rows and columns (the comparison's included when
 * shown) and the totals, and never a row hidden by the minimum cohort (a CSV of aggregates must not carry what
 * the screen hides). Numbers unformatted (a change as a percentage, 12.5 for +12,5 %), cells as
 * csvRow of @mesura/protocol writes them (RFC 4180, a label that starts like a formula neutralised),
 * a byte-order mark so that spreadsheets read accents. Each row's code (row-label-text.ts rowCode:
 * a section's slug, a call's event and name) follows its label, so that a sheet can be joined to
 * other data by it.
 */
import { csvRow, type ReportAnswer } from '@mesura/protocol';
import { columnValue, reportColumns, TOTAL_LABEL, type ValueCells } from './report-columns';
import { rowCode } from './row-label-text';

const BOM = '\uFEFF';
const CODE_HEADING = 'Codi';
/** Decimal places kept for a change in percent (float noise such as 12.499999999 beyond). */
const CHANGE_PERCENT_DECIMALS = 2;

function percentOf(change: number | null): number | null {
  if (change === null) return null;
  const scale = 10 ** CHANGE_PERCENT_DECIMALS;
  return Math.round(change * 100 * scale) / scale;
}

export function reportCsv(answer: ReportAnswer): string {
  const columns = reportColumns(answer);
  const header = [answer.dimension.label, CODE_HEADING, ...columns.map((c) => (c.kind === 'change' ? `${c.heading} (%)` : c.heading))];
  const lines = [csvRow(header)];
  const line = (label: string, code: string, cells: ValueCells) => csvRow([label, code, ...columns.map((c) => (c.kind === 'change' ? percentOf(columnValue(c, cells)) : columnValue(c, cells)))]);
  for (const row of answer.rows) if (!row.hidden) lines.push(line(row.label, rowCode(row), row));
  if (!answer.totals.hidden) lines.push(line(TOTAL_LABEL, '', answer.totals));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** A file name for the CSV: the report and its range. */
export function reportCsvName(answer: ReportAnswer): string {
  return `mesura-${answer.report.replace('/', '-')}-${answer.from}-${answer.to}.csv`;
}
