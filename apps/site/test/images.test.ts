/**
 * The image pool is drawn and rendered at build time (scripts/generate-images.mjs): every image of
 * packages/content's pool, in every width the pages ask for, 16:9, small.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_ASPECT_RATIO, IMAGE_POOL, IMAGE_WIDTHS_PX } from '@mesura/content';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types.
import { generateImages, imageFile, IMAGE_WIDTHS_PX as SCRIPT_WIDTHS } from '../scripts/generate-images.mjs';

/** The heaviest file a 1280 px image may be. */
const MAX_FILE_BYTES = 80_000;
const outDir = mkdtempSync(path.join(tmpdir(), 'mesura-images-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the generated images', () => {
  it('are every pool image in every width, 16:9, small; a second run does nothing', async () => {
    expect(SCRIPT_WIDTHS).toEqual([...IMAGE_WIDTHS_PX]);
    expect(await generateImages(outDir)).toBe(IMAGE_POOL.length * IMAGE_WIDTHS_PX.length);
    for (const { id } of IMAGE_POOL) {
      for (const width of IMAGE_WIDTHS_PX) {
        const file = imageFile(outDir, id, width);
        const meta = await sharp(file).metadata();
        expect(meta.width, file).toBe(width);
        expect(meta.height).toBe(Math.round(width / IMAGE_ASPECT_RATIO));
        expect(statSync(file).size).toBeLessThan(MAX_FILE_BYTES);
      }
    }
    expect(await generateImages(outDir)).toBe(0);
  });
});
