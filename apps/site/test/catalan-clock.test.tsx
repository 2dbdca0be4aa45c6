import type { Broadcast, Channel } from '@mesura/content';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { atClock, formatPublicationDate } from '../src/content/format-date';
import { OnAirStrip } from '../src/news/on-air-strip';

// Times as a Catalan reader says them: "a la una" but "a les dues", "a les tretze": one o'clock
// takes the singular article, in Catalan time (Europe/Madrid, UTC+1 in November).

describe('a clock time in a sentence', () => {
  it('takes "a la" at one o\'clock and "a les" at any other hour', () => {
    expect(atClock('1:10')).toBe('a la 1:10');
    expect(atClock('01:00')).toBe('a la 01:00');
    for (const clock of ['0:00', '10:00', '11:30', '13:10', '21:00', '8:30']) expect(atClock(clock)).toBe(`a les ${clock}`);
  });
});

describe('a publication date', () => {
  it("prints one o'clock in the singular", () => {
    expect(formatPublicationDate('2026-11-18T00:10:00Z')).toBe('18 de novembre del 2026, a la 1:10');
  });

  it('prints the other hours in the plural, as before', () => {
    expect(formatPublicationDate('2026-11-20T07:30:00Z')).toBe('20 de novembre del 2026, a les 8:30');
    expect(formatPublicationDate('2026-11-18T12:10:00Z')).toBe('18 de novembre del 2026, a les 13:10');
    expect(formatPublicationDate('2026-10-11T22:00:00Z')).toBe('12 d’octubre del 2026, a les 0:00');
  });
});

describe("the home page's on-air strip", () => {
  const channel: Channel = { slug: 'mesura-tv', name: 'Mesura TV', liveSrc: '/live/mesura-tv.m3u8', dvrWindowSeconds: 600 };
  const broadcast = (title: string, start: string): Broadcast => ({ id: `mesura-tv-${start}`, channel: 'mesura-tv', title, start, end: start, genre: 'Música' });
  const strip = (nextStart: string) =>
    renderToStaticMarkup(
      <StaticRouter location="/">
        <OnAirStrip onAir={[{ channel, now: broadcast('Cinema de mitjanit', '2026-11-25T22:00:00Z'), next: broadcast('Música a la nit', nextStart) }]} />
      </StaticRouter>,
    );

  it('announces a programme at one o\'clock with "A la"', () => {
    expect(strip('2026-11-26T00:00:00Z')).toContain('A la 01:00: Música a la nit');
  });

  it('announces the other hours with "A les"', () => {
    expect(strip('2026-11-26T09:00:00Z')).toContain('A les 10:00: Música a la nit');
  });
});
