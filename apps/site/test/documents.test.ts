/**
 * The downloadable documents (public/documents, written by scripts/generate-documents.mjs) are
 * well-formed PDFs: every cross-reference points at its object, and the page count is what they say.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../public/documents');

describe('the documents offered for download', () => {
  for (const name of readdirSync(DIR).filter((file) => file.endsWith('.pdf'))) {
    it(`${name} is a PDF whose cross-reference table points at every object`, () => {
      const file = readFileSync(path.join(DIR, name)).toString('latin1');
      expect(file.startsWith('%PDF-1.')).toBe(true);
      expect(file.trimEnd().endsWith('%%EOF')).toBe(true);
      const startxref = Number(/startxref\n(\d+)/.exec(file)?.[1]);
      expect(file.slice(startxref, startxref + 4)).toBe('xref');
      const entries = file
        .slice(startxref)
        .split('\n')
        .filter((line) => / 00000 n $/.test(line));
      entries.forEach((entry, index) => {
        const offset = Number(entry.slice(0, 10));
        expect(file.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
      });
      const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(file)?.[1]);
      expect(pages).toBe((file.match(/\/Type \/Page /g) ?? []).length);
    });
  }
});
