import { describe, expect, it } from 'vitest';
import { replayQueue } from '../src/command-queue.js';

describe('replayQueue', () => {
  it('replays each queued call with the data layer it was made with, then restores the current one', () => {
    let data: unknown = { page: { pageName: 'third' } };
    const seen: [string, unknown][] = [];
    replayQueue(
      { q: [['track', 'scPageView'], ['track', 'scPageView']], d: [{ page: { pageName: 'first' } }, { page: { pageName: 'second' } }] },
      (name) => void seen.push([name, data]),
      { get: () => data, set: (value) => (data = value) },
    );
    expect(seen).toEqual([
      ['scPageView', { page: { pageName: 'first' } }],
      ['scPageView', { page: { pageName: 'second' } }],
    ]);
    expect(data).toEqual({ page: { pageName: 'third' } });
  });

  it('replays a queue from an older snippet without snapshots against the current data layer', () => {
    const data = { page: { pageName: 'now' } };
    const seen: unknown[] = [];
    replayQueue({ q: [['track', 'scJugar', { linkText: 'Play' }], ['other']] }, (name, detail) => void seen.push([name, detail]), {
      get: () => data,
      set: () => undefined,
    });
    expect(seen).toEqual([['scJugar', { linkText: 'Play' }]]);
  });
});
