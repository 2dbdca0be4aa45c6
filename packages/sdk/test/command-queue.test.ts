import { describe, expect, it } from 'vitest';
import { replayQueue } from '../src/command-queue.js';

describe('replayQueue', () => {
  it('replays each queued call with the data layer it was made with, then restores the current one', () => {
    let data: unknown = { page: { pageName: 'third' } };
    const seen: [string, unknown][] = [];
    replayQueue(
      {
        q: [
          ['track', 'scPageView'],
          ['track', 'scPageView'],
        ],
        d: [{ page: { pageName: 'first' } }, { page: { pageName: 'second' } }],
      },
      { track: (name) => void seen.push([name, data]), setCustomerIds: () => undefined },
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
    replayQueue(
      { q: [['track', 'scJugar', { linkText: 'Play' }], ['other']] },
      { track: (name, detail) => void seen.push([name, detail]), setCustomerIds: () => undefined },
      { get: () => data, set: () => undefined },
    );
    expect(seen).toEqual([['scJugar', { linkText: 'Play' }]]);
  });

  it('replays the customer ids declared before the SDK, in their place among the calls (§3)', () => {
    const seen: unknown[] = [];
    const ids = { idUsuari: { id: 'u-42', authState: 1 } };
    replayQueue(
      {
        q: [
          ['track', 'scPageView'],
          ['setCustomerIds', ids],
          ['track', 'scJugar'],
        ],
      },
      { track: (name) => void seen.push(name), setCustomerIds: (given) => void seen.push(given) },
      { get: () => undefined, set: () => undefined },
    );
    expect(seen).toEqual(['scPageView', ids, 'scJugar']);
  });
});
