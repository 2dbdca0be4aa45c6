import { guideFor } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { guideChannels } from '../../src/reports/media-channel-names.js';
import { guideSlots } from '../../src/reports/media-guide.js';

const DAY_MS = 86_400_000;
/** Any report zone's day lies within 14 hours of the UTC day. */
const ZONE_REACH_MS = 14 * 3_600_000;

describe('guideSlots', () => {
  it("gives every broadcast of the range's days in any time zone, back to back, each once", () => {
    const range = { from: '2026-03-28', to: '2026-03-30' }; // the spring clock change in Madrid
    for (const channel of guideChannels()) {
      const slots = guideSlots([channel], range).sort((a, b) => a.start_ms - b.start_ms);
      for (let i = 1; i < slots.length; i++) expect(slots[i]!.start_ms).toBe(slots[i - 1]!.end_ms);
      expect(slots[0]!.start_ms).toBeLessThanOrEqual(Date.parse(range.from) - ZONE_REACH_MS);
      expect(slots.at(-1)!.end_ms).toBeGreaterThanOrEqual(Date.parse(range.to) + DAY_MS + ZONE_REACH_MS);
      const expected = guideFor(channel, new Date('2026-03-29T12:00:00Z')).map((b) => ({ channel, title: b.title, start_ms: Date.parse(b.start), end_ms: Date.parse(b.end) }));
      expect(slots).toEqual(expect.arrayContaining(expected));
    }
  });

  it('answers a range asked again the same, and a longer one with the shorter one inside it', () => {
    const [channel] = guideChannels();
    const short = guideSlots([channel!], { from: '2026-11-01', to: '2026-11-02' });
    expect(guideSlots([channel!], { from: '2026-11-01', to: '2026-11-02' })).toEqual(short);
    expect(guideSlots([channel!], { from: '2026-10-25', to: '2026-11-09' })).toEqual(expect.arrayContaining(short));
  });
});
