import { describe, expect, it } from 'vitest';
import { replayQueue } from '../src/command-queue.js';
import type { QueuedPage } from '../src/queued-page.js';

/** A replay target recording, for each call, the page it is handled on (`show`'s last page). */
function recordingTarget() {
  let page: QueuedPage | undefined;
  const seen: unknown[] = [];
  return {
    seen,
    shown: () => page,
    target: {
      track: (name: string, detail?: unknown) => void seen.push([name, detail, page]),
      setCustomerIds: (ids: unknown) => void seen.push(ids),
    },
    show: (next?: QueuedPage) => void (page = next),
  };
}

describe('replayQueue', () => {
  it('replays each queued call on the page it was made on, its data layer and address, then the page shown again', () => {
    const record = recordingTarget();
    replayQueue(
      {
        q: [
          ['track', 'scPageView'],
          ['track', 'scPageView'],
        ],
        s: [
          { data: { page: { pageName: 'first' } }, href: 'https://mesura.cat/' },
          { data: { page: { pageName: 'second' } }, href: 'https://mesura.cat/noticies/' },
        ],
      },
      record.target,
      record.show,
    );
    expect(record.seen).toEqual([
      ['scPageView', undefined, { data: { page: { pageName: 'first' } }, href: 'https://mesura.cat/' }],
      ['scPageView', undefined, { data: { page: { pageName: 'second' } }, href: 'https://mesura.cat/noticies/' }],
    ]);
    expect(record.shown()).toBeUndefined();
  });

  it('replays a queue from an older snippet without pages on the page shown', () => {
    const record = recordingTarget();
    replayQueue({ q: [['track', 'scJugar', { linkText: 'Play' }], ['other']] }, record.target, record.show);
    expect(record.seen).toEqual([['scJugar', { linkText: 'Play' }, undefined]]);
  });

  it('replays the customer ids declared before the SDK, in their place among the calls (§3)', () => {
    const record = recordingTarget();
    const ids = { idUsuari: { id: 'u-42', authState: 1 } };
    replayQueue(
      {
        q: [
          ['track', 'scPageView'],
          ['setCustomerIds', ids],
          ['track', 'scJugar'],
        ],
      },
      record.target,
      record.show,
    );
    expect(record.seen).toEqual([['scPageView', undefined, undefined], ids, ['scJugar', undefined, undefined]]);
  });
});
