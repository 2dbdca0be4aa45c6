// Bundles the browser entry points into dist/ (no framework, no Node modules), with the options of
// bundle-options.mjs.
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { minify } from 'terser';
import { ESBUILD_OPTIONS, MEDIA_TERSER_OPTIONS, TERSER_OPTIONS } from './bundle-options.mjs';

/** Each bundle the server serves: the SDK, and the modules its property loads. */
export const BUNDLES = [
  { entry: 'src/browser.ts', file: 'dist/mesura.js' },
  { entry: 'src/activity-map-module.ts', file: 'dist/mesura-activity-map.js' },
  // The media tracker, its player adapters and the start hits; the media tracker rule loads it.
  { entry: 'src/media-module.ts', file: 'dist/mesura-media.js', terser: MEDIA_TERSER_OPTIONS },
  // The ID-sync frame's page side, loaded by /mesura.js 30 s after the start when a sync is due.
  { entry: 'src/id-sync-module.ts', file: 'dist/mesura-id-sync.js' },
  // Loaded by the head snippet when the stored choice allows personalisation.
  { entry: 'src/personalize-module.ts', file: 'dist/mesura-personalize.js' },
  // DOMPurify for untrusted offer HTML, loaded by the personalisation client beside its first request.
  { entry: 'src/sanitizer-module.ts', file: 'dist/mesura-sanitize.js' },
  // Inlined by the server into the site's <head>: the queue, the __tcfapi stub, the stored-choice check.
  { entry: 'src/head-snippet.ts', file: 'dist/mesura-head.js' },
  // The audience-management module; the audience-measurement rule loads it.
  { entry: 'src/audience-module.ts', file: 'dist/mesura-audience.js' },
  // The site property's custom scripts, served from the tag manager's asset host (/tags/mesura/assets/).
  { entry: '../site-property/src/custom-scripts/lectura-completa-browser.ts', file: 'dist/tag-assets/lectura-completa.js' },
  { entry: '../site-property/src/custom-scripts/interessos-browser.ts', file: 'dist/tag-assets/interessos.js' },
];

async function bundle({ entry, file, terser = TERSER_OPTIONS }) {
  const result = await build({ ...ESBUILD_OPTIONS, entryPoints: [entry] });
  const minified = await minify(result.outputFiles[0].text, terser);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, minified.code);
}

await Promise.all(BUNDLES.map(bundle));
