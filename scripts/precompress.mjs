// Writes `<file>.br` and `<file>.gz` beside each compressible file of the given build folders, at
// the highest levels (done once per build, so the server sends them without compressing anything:
// @fastify/static's preCompressed, and the SDK bundles in server/src/http/compression-bundles.ts).
// Usage: node scripts/precompress.mjs <dir>...
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats; media, images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.xml', '.txt', '.m3u8', '.vtt']);
/** Below this a compressed copy saves less than its headers cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

export function precompressDirectory(dir) {
  let before = 0;
  let after = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file)) || statSync(file).size < PRECOMPRESS_MIN_BYTES) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
    before += source.length;
    after += br.length;
  }
  console.log(`precompressed ${dir}: ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB brotli`);
}

for (const dir of process.argv.slice(2)) precompressDirectory(dir);
