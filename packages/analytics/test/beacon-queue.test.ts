import { describe, expect, it } from 'vitest';
import { QUEUE_MAX_BEACONS, QUEUE_MAX_BYTES, enqueue } from '../src/index.js';

const beacon = (n: number, size = 20) => `/b/ss/mesuradev/1/MESURA-0.2.0/s${n}?`.padEnd(size, 'x');

describe('enqueue', () => {
  it('adds the beacon last and drops nothing while within bounds', () => {
    expect(enqueue([beacon(1)], beacon(2))).toEqual({ queue: [beacon(1), beacon(2)], dropped: [] });
  });

  it('keeps a beacon once however often it is added', () => {
    expect(enqueue([beacon(1)], beacon(1)).queue).toEqual([beacon(1)]);
  });

  it(`drops the oldest past ${QUEUE_MAX_BEACONS} beacons, with reason queue-full`, () => {
    const full = Array.from({ length: QUEUE_MAX_BEACONS }, (_, n) => beacon(n));
    const { queue, dropped } = enqueue(full, beacon(100));
    expect(queue).toHaveLength(QUEUE_MAX_BEACONS);
    expect(queue[0]).toBe(beacon(1));
    expect(queue.at(-1)).toBe(beacon(100));
    expect(dropped).toEqual([{ beacon: beacon(0), reason: 'queue-full' }]);
  });

  it(`drops the oldest past ${QUEUE_MAX_BYTES} bytes`, () => {
    const big = QUEUE_MAX_BYTES / 4;
    const queued = [beacon(1, big), beacon(2, big), beacon(3, big), beacon(4, big)];
    const { queue, dropped } = enqueue(queued, beacon(5, 10));
    expect(queue).toEqual([beacon(2, big), beacon(3, big), beacon(4, big), beacon(5, 10)]);
    expect(dropped).toEqual([{ beacon: beacon(1, big), reason: 'queue-full' }]);
  });

  it('refuses a beacon larger than the whole queue, with reason too-large, and keeps the rest', () => {
    const huge = beacon(9, QUEUE_MAX_BYTES + 1);
    expect(enqueue([beacon(1)], huge)).toEqual({ queue: [beacon(1)], dropped: [{ beacon: huge, reason: 'too-large' }] });
  });
});
