// The counts of docs/spec-coverage.md, computed from its rows: the summary line and the table per
// section between the file's `counts` markers. Only the rows of the spec's sections (§1–§9) count;
// a row's status is its last cell, which starts with one of STATUSES.
//   node scripts/docs/spec-coverage-counts.mjs          fails (exit 1) when the written counts are stale
//   node scripts/docs/spec-coverage-counts.mjs --write  writes them again
// npm run check:docs runs the check (scripts/docs/check-docs.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SPEC_COVERAGE_FILE = fileURLToPath(new URL('../../docs/spec-coverage.md', import.meta.url));
export const STATUSES = ['done', 'untested', 'partly', 'not yet', 'does not apply'];
const START = '<!-- counts: written by scripts/docs/spec-coverage-counts.mjs --write, checked by npm run check:docs -->';
const END = '<!-- end of counts -->';

/** The cells of a Markdown table row (a `|` escaped as `\|` stays in its cell). */
function cells(line) {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/** Rows per status for each spec section, in the file's order: [{ section, counts }]. */
export function countRows(markdown) {
  const sections = [];
  let current;
  markdown.split('\n').forEach((line, index) => {
    const heading = line.match(/^## (§\d+)\b/);
    if (heading) {
      current = { section: heading[1], counts: Object.fromEntries(STATUSES.map((s) => [s, 0])) };
      sections.push(current);
      return;
    }
    if (line.startsWith('## ')) current = undefined;
    if (!current || !/^\|\s*\d+\s*\|/.test(line)) return;
    const status = cells(line).at(-1).toLowerCase();
    const known = STATUSES.find((s) => status === s || status.startsWith(`${s} `) || status.startsWith(`${s};`) || status.startsWith(`${s}:`));
    if (!known) throw new Error(`docs/spec-coverage.md:${index + 1}: the status "${status.slice(0, 60)}" is none of ${STATUSES.join(', ')}`);
    current.counts[known] += 1;
  });
  return sections;
}

/** The block the markers hold, made from the rows. */
export function countsBlock(sections) {
  const total = Object.fromEntries(STATUSES.map((s) => [s, sections.reduce((sum, { counts }) => sum + counts[s], 0)]));
  const rows = STATUSES.reduce((sum, s) => sum + total[s], 0);
  return [
    START,
    `**Summary: ${rows} rows: ${STATUSES.map((s) => `${total[s]} ${s}`).join(', ')}.**`,
    'Beyond-the-spec rows (the sections after §9) are not included in these counts.',
    '',
    `| section | rows | ${STATUSES.join(' | ')} |`,
    `|---|---|${STATUSES.map(() => '---').join('|')}|`,
    ...sections.map(({ section, counts }) => {
      const sum = STATUSES.reduce((n, s) => n + counts[s], 0);
      return `| ${section} | ${sum} | ${STATUSES.map((s) => counts[s]).join(' | ')} |`;
    }),
    END,
  ].join('\n');
}

/** The file with its counts written again from its rows. */
export function withCounts(markdown) {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/spec-coverage.md has no counts markers (${START} … ${END})`);
  return markdown.slice(0, start) + countsBlock(countRows(markdown)) + markdown.slice(end + END.length);
}

/** Problems of the file's written counts, as lines (none when they match its rows). */
export function staleCounts(file = SPEC_COVERAGE_FILE) {
  const markdown = readFileSync(file, 'utf8');
  const expected = withCounts(markdown);
  if (expected === markdown) return [];
  const written = markdown.split('\n');
  const wanted = expected.split('\n');
  const first = wanted.findIndex((line, i) => line !== written[i]);
  return [
    `docs/spec-coverage.md:${first + 1}: the counts do not match the rows (it says "${written[first]}", the rows make "${wanted[first]}"); run node scripts/docs/spec-coverage-counts.mjs --write`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) {
    const markdown = readFileSync(SPEC_COVERAGE_FILE, 'utf8');
    const updated = withCounts(markdown);
    if (updated !== markdown) writeFileSync(SPEC_COVERAGE_FILE, updated);
    console.log(updated === markdown ? 'spec-coverage counts: up to date' : 'spec-coverage counts: written');
  } else {
    const problems = staleCounts();
    for (const problem of problems) console.error(problem);
    if (problems.length > 0) process.exit(1);
    console.log('spec-coverage counts: up to date');
  }
}
