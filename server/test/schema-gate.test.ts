import { describe, expect, it } from 'vitest';
import { schemaGate } from '../src/store/clickhouse/schema-gate.js';

describe('schemaGate (the events tables, made once ClickHouse answers)', () => {
  it('makes the tables once, for calls made meanwhile and after', async () => {
    let makes = 0;
    let finish: () => void = () => undefined;
    const gate = schemaGate(() => {
      makes += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const first = gate.ready();
    const second = gate.ready();
    expect(gate.made).toBe(false);
    finish();
    await Promise.all([first, second]);
    await gate.ready();
    expect(makes).toBe(1);
    expect(gate.made).toBe(true);
  });

  it('rejects every call of a failed attempt, and tries again on the next call', async () => {
    const outcomes = [new Error('connect ECONNREFUSED 127.0.0.1:8123'), undefined];
    let makes = 0;
    const gate = schemaGate(async () => {
      const outcome = outcomes[makes++];
      if (outcome) throw outcome;
    });
    const calls = [gate.ready(), gate.ready()];
    for (const call of calls) await expect(call).rejects.toThrow('ECONNREFUSED');
    expect(gate.made).toBe(false);
    await gate.ready();
    expect(gate.made).toBe(true);
    expect(makes).toBe(2);
  });
});
