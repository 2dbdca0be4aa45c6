/**
 * A secret kept as a file in the data folder, made once (random, mode 0600) and read back on every
 * start. Whoever can read the data folder already holds every event Mesura has: that is the trust
 * boundary, so such keys live there and never travel as settings. The backfill key
 * (ingest/backfill-key.ts) and the preview-link key (decide/preview-token.ts) are two.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** 256 bits: the size of an HMAC-SHA256 key, and far past guessing for a shared secret. */
const DATA_KEY_BYTES = 32;
const KEY_FILE_MODE = 0o600;

/** The key in `dataDir/fileName` (base64url), made there first if it is not yet. */
export function ensureDataKeyFile(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once cannot both write; the second reads the first's key.
    writeFileSync(file, randomBytes(DATA_KEY_BYTES).toString('base64url'), { flag: 'wx', mode: KEY_FILE_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
