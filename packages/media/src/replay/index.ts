/**
 * The replay's public entry (`@mesura/media/replay`): run a scenario on a simulated clock and
 * read the requests the tracker sent, for the CLI (cli.ts) and for other workspaces' tests.
 * Also the tracker's Node-side helpers that traffic generators (the demo, the benchmarks) need to
 * send what a player would: the seeded random source and the md5 of the wire's pod and chapter
 * ids. They are here, not in the main entry, because its every export counts in the browser
 * bundle's budget (size.mjs).
 */
export { REPLAY_EPOCH_MS } from '../constants.js';
export { md5 } from '../md5.js';
export { flattenContextData, formatLines, runScenario, type OutputLine } from './run-scenario.js';
export { seededRandom } from './seeded-random.js';
