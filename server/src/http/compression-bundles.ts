/**
 * The SDK's browser bundles, kept in memory in each encoding. The build writes `.br` and `.gz`
 * beside each bundle (scripts/precompress.mjs) at the highest levels; a copy older than its bundle
 * (the SDK rebuilt alone) or missing is made here instead, once, on the first request that wants it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { RESPONSE_ENCODINGS, type ResponseEncoding } from './compression.js';

/** The file suffix of each encoding's copy beside a built file. */
export const ENCODED_FILE_SUFFIX: Readonly<Record<ResponseEncoding, string>> = { br: '.br', gzip: '.gz' };

export interface EncodedBody {
  body: Buffer;
  /** Undefined: sent as it is. */
  encoding: ResponseEncoding | undefined;
}

export interface CompressedBundle {
  /** The body for a request's Accept-Encoding header. */
  bodyFor(acceptEncoding: string | undefined): EncodedBody;
}

/** Undefined when the bundle is not built. */
export function loadCompressedBundle(file: string): CompressedBundle | undefined {
  if (!existsSync(file)) return undefined;
  const source = readFileSync(file);
  const builtAt = statSync(file).mtimeMs;
  const copies = new Map<ResponseEncoding, Buffer>();
  const copy = (encoding: ResponseEncoding): Buffer => {
    let body = copies.get(encoding) ?? readFreshCopy(file + ENCODED_FILE_SUFFIX[encoding], builtAt);
    body ??= encoding === 'br' ? brotliBest(source) : gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    copies.set(encoding, body);
    return body;
  };
  return {
    bodyFor(acceptEncoding) {
      const encoding = acceptEncoding ? negotiate(acceptEncoding, [...RESPONSE_ENCODINGS]) : null;
      return encoding === null ? { body: source, encoding: undefined } : { body: copy(encoding), encoding };
    },
  };
}

function readFreshCopy(file: string, builtAt: number): Buffer | undefined {
  return existsSync(file) && statSync(file).mtimeMs >= builtAt ? readFileSync(file) : undefined;
}

function brotliBest(source: Buffer): Buffer {
  return brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
}
