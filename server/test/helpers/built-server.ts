/**
 * The built server as a real process, for the tests that need main.ts itself (its listen options,
 * a SIGKILL): built first with `tsc -b server`, incremental, since unit tests run before
 * `npm run build` in CI.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const BUILT_MAIN = path.resolve(import.meta.dirname, '../../dist/main.js');
const REPO = path.resolve(import.meta.dirname, '../../..');
/** An up-to-date build takes seconds; a first one on a loaded machine, a minute or two. */
export const BUILD_TIMEOUT_MS = 240_000;

/** Builds the server (a `beforeAll` with BUILD_TIMEOUT_MS). */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'server'], { cwd: REPO, stdio: 'inherit' });
}
