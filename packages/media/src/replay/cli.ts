#!/usr/bin/env node
/// <reference types="node" />
/**
 * `mesura-media-replay <scenario.json>`: replays a scenario on fake time and prints, one JSON
 * object a line, what the media tracker would send and log (README "Replay").
 * The only file of the package that uses Node.
 */
import { readFileSync } from 'node:fs';
import { formatLines, runScenario } from './run-scenario.js';
import { ScenarioError } from './scenario.js';

const USAGE = 'usage: mesura-media-replay <scenario.json>';

async function main(args: readonly string[]): Promise<number> {
  const [file] = args;
  if (file === undefined || args.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    process.stderr.write(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  try {
    process.stdout.write(formatLines(await runScenario(data)));
    return 0;
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    process.stderr.write(`${file}: ${error.message}\n`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
