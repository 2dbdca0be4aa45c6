/**
 * House rules a reviewer would otherwise check by hand: the tracker runs in the browser, so no
 * source but the replay CLI may use Node; no `eval`; no file over 400 lines (STYLE §1).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const MAX_LINES = 400;

function sources(directory: string, prefix = ''): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(`${directory}${entry.name}/`, `${prefix}${entry.name}/`) : entry.name.endsWith('.ts') ? [`${prefix}${entry.name}`] : [],
  );
}

const FILES = sources(SRC);
const NODE_ALLOWED = new Set(['replay/cli.ts']);

describe('packages/media sources', () => {
  it.each(FILES.filter((file) => !NODE_ALLOWED.has(file)))('%s uses no Node module or global', (file) => {
    const text = readFileSync(`${SRC}${file}`, 'utf8');
    expect(text).not.toMatch(/from ['"](node:|fs|path|process|child_process)/);
    expect(text).not.toMatch(/\bprocess\.|\brequire\(|reference types="node"/);
  });

  it.each(FILES)('%s has no eval and at most 400 lines', (file) => {
    const text = readFileSync(`${SRC}${file}`, 'utf8');
    expect(text).not.toMatch(/\beval\(|new Function\(/);
    expect(text.split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });
});
