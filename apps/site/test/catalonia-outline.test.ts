import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cataloniaOutlineModule } from '../scripts/generate-catalonia-outline.mjs';

describe("the weather map's outline", () => {
  it("is the generator's output from es-atlas (run scripts/generate-catalonia-outline.mjs after changing either)", () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, '../src/weather/catalonia-outline.ts'), 'utf8');
    expect(committed).toBe(cataloniaOutlineModule());
  });
});
