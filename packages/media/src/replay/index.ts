/**
 * The replay's public entry (`@mesura/media/replay`): run a scenario on a simulated clock and
 * read the requests the tracker sent, for the CLI (cli.ts) and for other workspaces' tests.
 */
export { REPLAY_EPOCH_MS } from '../constants.js';
export { flattenContextData, formatLines, runScenario, type OutputLine } from './run-scenario.js';
