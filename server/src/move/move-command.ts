/**
 * `npm run move-to-cluster -- [--data-dir DIR]`: a stopped embedded server's data folder (default
 * MESURA_DATA_DIR, else ./data) moved into the cluster's ClickHouse (MESURA_STORE) and PostgreSQL
 * (MESURA_METADATA), either or both, read from the environment as the cluster's servers read them
 * (move-to-cluster.ts). One line per table and a final line; a mistake is one line and exit 2.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { runCommand } from '../backup/command-line.js';
import { loadConfig } from '../config.js';
import { OperatorError } from '../operator-error.js';
import { moveToCluster } from './move-to-cluster.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const USAGE = "usage: npm run move-to-cluster -- [--data-dir DIR] (with MESURA_STORE and/or MESURA_METADATA set to the cluster's stores)";

runCommand('move-to-cluster', async (args) => {
  const config = loadConfig(process.env, repoRoot);
  const dataDir = dataDirArgument(args) ?? config.dataDir;
  const result = await moveToCluster({
    dataDir,
    store: config.store,
    metadata: config.metadata,
    variables: variableNames(SITE_VARIABLE_MAP),
    memoryLimitMiB: config.memory.eventsStoreMiB,
    print: (line) => console.log(line),
  });
  return result.summary;
});

/** `--data-dir DIR` or `--data-dir=DIR`; nothing else is taken. */
function dataDirArgument(args: readonly string[]): string | undefined {
  if (args.length === 0) return undefined;
  const [first, second] = args;
  if (args.length === 1 && first?.startsWith('--data-dir=') && first.length > '--data-dir='.length) return path.resolve(first.slice('--data-dir='.length));
  if (args.length === 2 && first === '--data-dir' && second) return path.resolve(second);
  throw new OperatorError(USAGE);
}
