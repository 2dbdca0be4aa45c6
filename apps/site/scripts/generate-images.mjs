// Renders the image pool (packages/content image-pool.ts, drawings in image-drawings.mjs) to JPEG
// in every width of IMAGE_WIDTHS_PX, as public/imatges/{id}-{width}.jpg, at build time (nothing is
// downloaded, nothing committed). Skips the work when every output is newer than the drawings.
// Usage: node apps/site/scripts/generate-images.mjs [outDir]
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { CANVAS, DRAWINGS } from './image-drawings.mjs';

/** The widths and the pool, as packages/content defines them (paths.ts, image-pool.ts). */
export const IMAGE_WIDTHS_PX = [320, 640, 1280];
const JPEG_QUALITY = 70;
const DEFAULT_OUT_DIR = path.resolve(import.meta.dirname, '../public/imatges');
const SOURCES = ['image-drawings.mjs', 'generate-images.mjs'].map((name) => path.join(import.meta.dirname, name));

export const imageFile = (outDir, id, width) => path.join(outDir, `${id}-${width}.jpg`);

function upToDate(outDir) {
  const newestSource = Math.max(...SOURCES.map((file) => statSync(file).mtimeMs));
  return Object.keys(DRAWINGS).every((id) =>
    IMAGE_WIDTHS_PX.every((width) => {
      const file = imageFile(outDir, id, width);
      return existsSync(file) && statSync(file).mtimeMs >= newestSource;
    }),
  );
}

/** Writes every image of the pool in every width into `outDir`; returns how many it wrote. */
export async function generateImages(outDir = DEFAULT_OUT_DIR) {
  if (upToDate(outDir)) return 0;
  mkdirSync(outDir, { recursive: true });
  let written = 0;
  for (const [id, draw] of Object.entries(DRAWINGS)) {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS.width}" height="${CANVAS.height}" viewBox="0 0 ${CANVAS.width} ${CANVAS.height}">${draw()}</svg>`);
    for (const width of IMAGE_WIDTHS_PX) {
      await sharp(svg, { density: 72 })
        .resize(width)
        .jpeg({ quality: JPEG_QUALITY, progressive: true, mozjpeg: true })
        .toFile(imageFile(outDir, id, width));
      written++;
    }
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_OUT_DIR;
  const written = await generateImages(outDir);
  console.log(written === 0 ? 'images: up to date' : `images: ${written} files in ${path.relative(process.cwd(), outDir)}`);
}
