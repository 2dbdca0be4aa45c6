import { describe, expect, it } from 'vitest';
import { GUIDE_AHEAD_MS, GUIDE_PAST_MS, createSeedContent, guideFor, madridIso, madridOffsetMinutes, nowAndNext } from '@mesura/content';

const { channels, stations } = createSeedContent();
const slugs = [...channels, ...stations].map((c) => c.slug);

describe('the programme guide', () => {
  it('covers six hours back to eighteen ahead with no gap, for every channel and station, at any hour', () => {
    for (const slug of slugs) {
      for (let hour = 0; hour < 24; hour += 5) {
        const now = new Date(Date.parse('2026-11-24T00:17:00Z') + hour * 3_600_000);
        const guide = guideFor(slug, now);
        expect(Date.parse(guide[0]!.start)).toBeLessThanOrEqual(now.getTime() - GUIDE_PAST_MS);
        expect(Date.parse(guide.at(-1)!.end)).toBeGreaterThanOrEqual(now.getTime() + GUIDE_AHEAD_MS);
        for (let i = 1; i < guide.length; i++) expect(guide[i]!.start, slug).toBe(guide[i - 1]!.end);
        expect(nowAndNext(slug, now).now.end).toBe(nowAndNext(slug, now).next.start);
      }
    }
  });

  it('says what is on in Madrid time, across the change to summer time too', () => {
    const evening = nowAndNext('mesura-tv', new Date('2026-11-24T20:30:00Z'));
    expect(evening.now).toMatchObject({ title: 'Mesura Notícies vespre', programme: 'mesura-noticies', start: '2026-11-24T21:00:00+01:00' });
    expect(madridOffsetMinutes(Date.parse('2026-07-01T12:00:00Z'))).toBe(120);
    expect(madridIso(Date.parse('2026-07-01T12:00:00Z'))).toBe('2026-07-01T14:00:00+02:00');
    const spring = guideFor('mesura-radio', new Date('2026-03-29T03:00:00Z'));
    for (let i = 1; i < spring.length; i++) expect(spring[i]!.start).toBe(spring[i - 1]!.end);
  });

  it('gives each entry a stable id, and refuses an unknown channel', () => {
    const a = guideFor('mesura-24', new Date('2026-11-24T10:00:00Z'));
    const b = guideFor('mesura-24', new Date('2026-11-24T10:05:00Z'));
    expect(a.map((x) => x.id)).toEqual(b.map((x) => x.id));
    expect(() => guideFor('no-such-channel', new Date())).toThrow();
  });
});
