/**
 * Scenario files: each test/scenarios/*.json is a replay scenario in the README's "Replay"
 * format plus `expected`, the output lines in order. A heartbeat or analytics line of `expected`
 * may list only some of its params (those it is about); every other field must be equal, and there
 * must be exactly as many lines.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runScenario, type OutputLine } from '../src/replay/run-scenario.js';

const DIRECTORY = fileURLToPath(new URL('./scenarios/', import.meta.url));
const FILES = readdirSync(DIRECTORY).filter((name) => name.endsWith('.json')).sort();

/** The actual line, cut down to the params the expected line lists. */
function asExpected(actual: OutputLine, expected: OutputLine): OutputLine {
  if (!('params' in actual) || !('params' in expected)) return actual;
  const params = Object.fromEntries(Object.keys(expected.params).map((key) => [key, actual.params[key]]));
  return { ...actual, params } as OutputLine;
}

describe('replay scenarios (test/scenarios/*.json)', () => {
  it('has scenario files', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(5);
  });

  it.each(FILES)('%s prints its expected lines', async (name) => {
    const scenario = JSON.parse(readFileSync(`${DIRECTORY}${name}`, 'utf8')) as { expected: OutputLine[] };
    const lines = await runScenario(scenario);
    expect(lines.map((line, i) => `${i}: ${line.kind}@${line.at}`)).toEqual(
      scenario.expected.map((line, i) => `${i}: ${line.kind}@${line.at}`),
    );
    lines.forEach((line, i) => {
      const expected = scenario.expected[i] as OutputLine;
      expect(asExpected(line, expected), `line ${i}`).toEqual(expected);
    });
  });
});
