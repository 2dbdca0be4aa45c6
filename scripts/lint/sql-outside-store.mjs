// Every SQL text of the server lives under server/src/store/ (docs/architecture.md, "Where SQL
// lives"): report queries one per file in store/queries/ with their engines' texts side by side,
// the statements only one engine has in store/duckdb/, store/clickhouse/ and store/postgres/. This
// lint reads every other .ts file under server/src and flags a string or template literal that
// holds SQL statement text. Comments are not read (they may name a statement), and keywords count
// only in capitals, as the code writes SQL, so that prose such as "select a value from the list"
// is not taken for a query. Prints one line per finding and fails; silent and 0 when there is none.
// Usage: node scripts/lint/sql-outside-store.mjs [root]   (part of npm run lint; root defaults to this repository)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What is scanned, and the one folder under it where SQL may be written. */
export const SERVER_SOURCES = 'server/src';
export const SQL_PLACE = 'server/src/store';

/** Statement shapes, each named in the finding; capitals only (see above). */
const SQL_PATTERNS = [
  ['SELECT … FROM', /\bSELECT\b[\s\S]*?\bFROM\b/],
  ['INSERT INTO', /\bINSERT\s+INTO\b/],
  ['CREATE TABLE', /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMP(?:ORARY)?\s+)?(?:TABLE|VIEW|MATERIALIZED\s+VIEW|INDEX|DATABASE|SEQUENCE)\b/],
  ['DELETE FROM', /\bDELETE\s+FROM\b/],
  ['ALTER TABLE', /\bALTER\s+TABLE\b/],
  ['DROP TABLE', /\bDROP\s+(?:TABLE|VIEW|INDEX|DATABASE)\b/],
  ['UPDATE … SET', /\bUPDATE\s+[\w."$]+\s+SET\b/],
  ['GROUP BY', /\bGROUP\s+BY\b/],
  ['ORDER BY', /\bORDER\s+BY\b/],
  ['ATTACH … AS', /\bATTACH\s+\S+\s+AS\b/],
  ['LOCK TABLE', /\bLOCK\s+TABLE\b/],
  ['CAST(… AS …)', /\bCAST\s*\([^)]*\s+AS\s+[A-Z]/],
];

/** Which SQL shape `text` holds, or undefined. */
export function sqlShape(text) {
  return SQL_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0];
}

/**
 * The string and template literals of a TypeScript text, each with the line it starts on; a
 * template's `${…}` parts read as `…`, and literals inside them are listed too. Comments and
 * regular expressions are skipped (a `/` after a value divides; anywhere else it opens a pattern).
 */
export function stringLiterals(text) {
  const found = [];
  let i = 0;
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  const quoted = (quote) => {
    const start = i++;
    while (i < text.length && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    found.push({ line: lineAt(start), text: text.slice(start + 1, i++) });
  };
  const template = () => {
    const start = i++;
    let body = '';
    while (i < text.length && text[i] !== '`') {
      if (text[i] === '\\') {
        body += text.slice(i, i + 2);
        i += 2;
      } else if (text.startsWith('${', i)) {
        i += 2;
        code(true);
        body += '…';
      } else body += text[i++];
    }
    i++;
    found.push({ line: lineAt(start), text: body });
  };
  const regex = () => {
    let inClass = false;
    for (i++; i < text.length && text[i] !== '\n'; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '[') inClass = true;
      else if (text[i] === ']') inClass = false;
      else if (text[i] === '/' && !inClass) break;
    }
    i++;
  };
  // Reads code up to the `}` that closes a template's `${` (inTemplate) or to the end.
  const code = (inTemplate) => {
    let depth = 0;
    let previous = '';
    while (i < text.length) {
      const c = text[i];
      if (text.startsWith('//', i)) i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
      else if (text.startsWith('/*', i)) i = text.indexOf('*/', i) === -1 ? text.length : text.indexOf('*/', i) + 2;
      else if (c === "'" || c === '"') {
        quoted(c);
        previous = 'value';
      } else if (c === '`') {
        template();
        previous = 'value';
      } else if (c === '/' && !/^[\w$)\]]$|^value$/.test(previous)) {
        regex();
        previous = 'value';
      } else if (c === '}' && inTemplate && depth === 0) {
        i++;
        return;
      } else {
        if (c === '{') depth++;
        if (c === '}') depth--;
        if (!/\s/.test(c)) previous = /[\w$]/.test(c) ? wordBefore(i + 1) : c;
        i++;
      }
    }
  };
  // A keyword before `/` (return, typeof…) opens a pattern; a name before it divides.
  const wordBefore = (end) => {
    const word = /[\w$]+$/.exec(text.slice(Math.max(0, end - 12), end))?.[0] ?? '';
    return /^(return|typeof|case|in|of|delete|void|throw|new|yield|await)$/.test(word) ? '(' : 'a';
  };
  code(false);
  return found;
}

/** The .ts files under server/src outside store/, relative to `root`. */
function sources(root) {
  return readdirSync(path.join(root, SERVER_SOURCES), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(`${SQL_PLACE}/`))
    .sort();
}

/** The findings in the repository at `root`: `{ file, line, shape }` for each literal holding SQL outside store/. */
export function sqlFindings(root) {
  const found = [];
  for (const file of sources(root)) {
    for (const literal of stringLiterals(readFileSync(path.join(root, file), 'utf8'))) {
      const shape = sqlShape(literal.text);
      if (shape) found.push({ file, line: literal.line, shape });
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const found = sqlFindings(root);
  for (const { file, line, shape } of found)
    console.error(`${file}:${line}: SQL text (${shape}) outside ${SQL_PLACE}/: write it in a store/ file and import it (docs/architecture.md, "Where SQL lives")`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
