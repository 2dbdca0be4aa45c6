/**
 * Brotli or gzip, as the client's Accept-Encoding allows, for what Fastify answers: pages, JSON,
 * the export (compressed as it streams, never held whole). Built files go out precompressed
 * (@fastify/static's preCompressed, compression-bundles.ts), so this compresses only what is made
 * per request. The collectors (a 43-byte GIF, 204s) are node:http handlers and pass by it.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** What the server sends compressed, best first. zstd is left out: browsers do not all take it. */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];
/** Below this a response goes out as it is: the compressed one would save less than a packet. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Brotli's quality for responses made per request: 4 compresses a page in well under a
 * millisecond, about as small as gzip's best; 11 (the default) would take tens of ms per page.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;
export const DYNAMIC_GZIP_LEVEL = 6;

/** Must be registered before the routes it compresses (its hook applies to routes added after it). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: [...RESPONSE_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
    // Inflating request bodies would let a small upload expand past the body limit: refused instead.
    globalDecompression: false,
  });
}
