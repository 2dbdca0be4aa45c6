import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { HIT_COLUMNS, variableColumns } from '../../src/store/hits-schema.js';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/export-schema.md'), 'utf8');

describe('docs/export-schema.md', () => {
  it('documents every export column, in order', () => {
    const columns = [...HIT_COLUMNS, ...variableColumns(variableNames(SITE_VARIABLE_MAP))].map((c) => c.name);
    const documented = [...doc.matchAll(/^\| `([a-z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(columns);
  });
});
