#!/usr/bin/env node
/**
 * `npm run fuzz -- --minutes N [--seed S]`: the route fuzz suite (server/test/route-fuzz.test.ts)
 * for N minutes (default 10) with a fresh seed, instead of CI's fixed seed and count. A failure
 * prints its seed and the failing request; `--seed S` runs that seed again.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';

const DEFAULT_MINUTES = 10;
const { values } = parseArgs({ options: { minutes: { type: 'string' }, seed: { type: 'string' } } });
const minutes = values.minutes === undefined ? DEFAULT_MINUTES : Number(values.minutes);
if (!(minutes > 0)) {
  console.error(`fuzz: --minutes must be a positive number, got '${values.minutes}'`);
  process.exit(2);
}
const seed = values.seed === undefined ? randomInt(2 ** 31) : Number(values.seed);
if (!Number.isInteger(seed)) {
  console.error(`fuzz: --seed must be an integer, got '${values.seed}'`);
  process.exit(2);
}
console.log(`fuzz: every route for ${minutes} min, seed ${seed} (again: npm run fuzz -- --minutes ${minutes} --seed ${seed})`);
const root = path.resolve(import.meta.dirname, '..');
const vitest = spawn(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', 'server/test/route-fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MESURA_FUZZ_MINUTES: String(minutes), MESURA_FUZZ_SEED: String(seed) },
});
vitest.on('exit', (code) => {
  if (code !== 0) console.error(`fuzz: failed with seed ${seed}`);
  process.exit(code ?? 1);
});
