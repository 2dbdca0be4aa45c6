// Bundles the browser entry points (BUNDLES) into dist/ (no framework, no Node modules), with the
// options of bundle-options.mjs.
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { minify } from 'terser';
import { BUNDLES, ESBUILD_OPTIONS, TERSER_OPTIONS } from './bundle-options.mjs';

async function bundle({ entry, file, terser = TERSER_OPTIONS }) {
  const result = await build({ ...ESBUILD_OPTIONS, entryPoints: [entry] });
  const minified = await minify(result.outputFiles[0].text, terser);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, minified.code);
}

await Promise.all(BUNDLES.map(bundle));
