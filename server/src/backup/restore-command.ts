/**
 * `npm run restore -- <backup folder>`: the snapshot brought back into the data folder
 * (MESURA_DATA_DIR), which must be absent or empty (restore.ts). One line either way.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';
import { OperatorError } from '../operator-error.js';
import { runCommand } from './command-line.js';
import { RestoreError, restoreSnapshot } from './restore.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

runCommand('restore', async (args) => {
  if (args.length !== 1) throw new OperatorError('usage: npm run restore -- <backup folder> (into MESURA_DATA_DIR, absent or empty)');
  const config = loadConfig(process.env, repoRoot);
  const source = path.resolve(args[0]!);
  try {
    const manifest = await restoreSnapshot(source, config.dataDir);
    const segments = manifest.files.filter((file) => file.path.endsWith('.ndjson')).length;
    return `restore: ${config.dataDir} holds the backup begun at ${manifest.startedAt} (${manifest.files.length} files, ${manifest.bytes} bytes); start the server on it: it loads the ${segments} ingest log segments the backup carries`;
  } catch (error) {
    if (error instanceof RestoreError) throw new OperatorError(error.message);
    throw error;
  }
});
