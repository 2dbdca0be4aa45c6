/**
 * Scenario files: each media-scenarios/*.json of @mesura/test-utils is a replay scenario in the README's "Replay"
 * format plus `expected`, the output lines in order. A heartbeat or analytics line of `expected`
 * may list only some of its params (those it is about); every other field must be equal, and there
 * must be exactly as many lines.
 */
import { describe, expect, it } from 'vitest';
import { mediaScenarioNames, readMediaScenario } from '@mesura/test-utils';
import { runScenario, type OutputLine } from '../src/replay/run-scenario.js';

const FILES = mediaScenarioNames();

/** The actual line, cut down to the params the expected line lists. */
function asExpected(actual: OutputLine, expected: OutputLine): OutputLine {
  if (!('params' in actual) || !('params' in expected)) return actual;
  const params = Object.fromEntries(Object.keys(expected.params).map((key) => [key, actual.params[key]]));
  return { ...actual, params } as OutputLine;
}

describe('replay scenarios (@mesura/test-utils media-scenarios/*.json)', () => {
  it('has scenario files', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(5);
  });

  it.each(FILES)('%s prints its expected lines', async (name) => {
    const scenario = readMediaScenario(name) as { expected: OutputLine[] };
    const lines = await runScenario(scenario);
    expect(lines.map((line, i) => `${i}: ${line.kind}@${line.at}`)).toEqual(scenario.expected.map((line, i) => `${i}: ${line.kind}@${line.at}`));
    lines.forEach((line, i) => {
      const expected = scenario.expected[i] as OutputLine;
      expect(asExpected(line, expected), `line ${i}`).toEqual(expected);
    });
  });
});
