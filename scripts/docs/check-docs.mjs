// npm run check:docs: what keeps the docs true, cheaply (no build, no server), run first by npm test.
// - every relative link and anchor of the repository's Markdown leads somewhere (links out of the
//   repository, such as the specification beside it, and web addresses are not followed);
// - docs/spec-coverage.md's counts match its rows (spec-coverage-counts.mjs);
// - no doc restates a bundle's size budget: bundle-budgets.json states each once.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleCounts } from './spec-coverage-counts.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-server', 'data', 'coverage']);

/** Every Markdown file of the repository, outside dependencies, builds and hidden folders. */
export function markdownFiles(dir = root, out = []) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || SKIPPED_FOLDERS.has(name)) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) markdownFiles(file, out);
    else if (name.endsWith('.md')) out.push(file);
  }
  return out;
}

/** The text without fenced code blocks and inline code, where a bracket is no link. */
function withoutCode(markdown) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' ')).replace(/`+[^`\n]*`+/g, (code) => ' '.repeat(code.length));
}

/** GitHub's anchor of a heading's text: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading) {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsByFile = new Map();
/** The anchors a Markdown file offers: its headings' slugs (repeats numbered) and explicit ids. */
function anchorsOf(file) {
  if (!anchorsByFile.has(file)) {
    const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
    const anchors = new Set();
    const seen = new Map();
    for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
    anchorsByFile.set(file, anchors);
  }
  return anchorsByFile.get(file);
}

/** Broken links of one file, as lines `file:line: problem`. */
export function brokenLinks(file) {
  const text = withoutCode(readFileSync(file, 'utf8'));
  const problems = [];
  const targets = [
    ...[...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => [m[1], m.index]),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => [m[1], m.index]),
  ];
  for (const [target, index] of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const where = `${path.relative(root, file)}:${text.slice(0, index).split('\n').length}`;
    const [rawPath, anchor] = target.split('#');
    const linked = rawPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
    if (path.relative(root, linked).startsWith('..')) continue;
    if (!existsSync(linked)) {
      problems.push(`${where}: ${target} leads to no file`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (!linked.endsWith('.md')) continue;
    if (!anchorsOf(linked).has(decodeURIComponent(anchor))) problems.push(`${where}: ${target}: no heading of ${path.relative(root, linked)} has the anchor #${anchor}`);
  }
  return problems;
}

/** Lines that state a size budget in KB: the number belongs in bundle-budgets.json alone. */
export function restatedBudgets(file) {
  const problems = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if ((/\bbudgets?\b/i.test(line) && /\d\s?KB\b/.test(line)) || /fails past \d+(\.\d+)?\s?KB/i.test(line)) {
        problems.push(`${path.relative(root, file)}:${i + 1}: states a size budget in KB; name bundle-budgets.json instead`);
      }
    });
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = markdownFiles();
  const problems = [...files.flatMap(brokenLinks), ...staleCounts(), ...files.flatMap(restatedBudgets)];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`check:docs: ${problems.length} problem(s) in ${files.length} Markdown files`);
    process.exit(1);
  }
  console.log(`check:docs: ${files.length} Markdown files, their links, the spec-coverage counts and the size budgets: all good`);
}
