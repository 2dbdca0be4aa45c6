// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import ad1 from '../public/ads/anunci-1.xml?raw';
import ad2 from '../public/ads/anunci-2.xml?raw';
import { parseVast, safeClickThrough, vastDurationSeconds, vastSkipOffsetSeconds } from '../src/player/vast';

describe('parseVast', () => {
  it("reads the site's two preroll ads: id, title, advertiser, creative, length and media file", () => {
    expect(parseVast(ad1)).toEqual({
      id: 'mesura-anunci-1',
      title: 'Anunci 1',
      advertiser: 'Mesura Ràdio',
      creativeId: 'creativitat-1',
      lengthSeconds: 3,
      mediaUrl: '/ads/anunci-1.webm',
      mediaType: 'video/webm',
    });
    expect(parseVast(ad2)).toMatchObject({ id: 'mesura-anunci-2', lengthSeconds: 2, mediaUrl: '/ads/anunci-2.webm' });
  });

  it('picks the first media file the player can play', () => {
    const xml = ad1.replace('<MediaFiles>', '<MediaFiles><MediaFile type="video/mp4">/ads/a.mp4</MediaFile>');
    expect(parseVast(xml, { canPlay: (type) => type === 'video/webm' })?.mediaUrl).toBe('/ads/anunci-1.webm');
    expect(parseVast(xml)?.mediaUrl).toBe('/ads/a.mp4');
    expect(parseVast(xml, { canPlay: () => false })).toBeUndefined();
  });

  it.each([
    ['not XML', 'no és XML'],
    ['not VAST', '<?xml version="1.0"?><rss/>'],
    ['an empty VAST (no fill)', '<VAST version="4.1"/>'],
    ['a linear ad without a duration', ad1.replace(/<Duration>.*<\/Duration>/, '')],
  ])('gives nothing for %s', (_name, xml) => {
    expect(parseVast(xml)).toBeUndefined();
  });
});

describe('vastDurationSeconds', () => {
  it.each([
    ['00:00:03', 3],
    ['00:01:30.500', 90.5],
    ['01:00:00', 3600],
    ['3', Number.NaN],
    ['00:61:00', Number.NaN],
  ])('%s is %s s', (text, seconds) => {
    expect(vastDurationSeconds(text)).toBe(seconds);
  });
});

describe('skip offset and click-through (the midroll ad, anunci-3)', () => {
  it('reads the skippable midroll: skip after 1 s, click-through to the programmes', async () => {
    const ad3 = (await import('../public/ads/anunci-3.xml?raw')).default;
    expect(parseVast(ad3)).toMatchObject({ id: 'mesura-anunci-3', lengthSeconds: 3, skipOffsetSeconds: 1, clickThrough: '/programes/', mediaUrl: '/ads/anunci-3.webm' });
    expect(parseVast(ad1)).not.toHaveProperty('skipOffsetSeconds');
  });

  it.each([
    ['00:00:01', 1],
    ['00:00:02.500', 2.5],
    ['50%', 1.5],
    ['100%', 3],
    ['150%', undefined],
    ['soon', undefined],
    [null, undefined],
  ])('skipoffset %s of a 3 s ad is %s s', (text, seconds) => {
    expect(vastSkipOffsetSeconds(text, 3)).toBe(seconds);
  });

  it('keeps only http(s) and site-relative click-throughs', () => {
    expect(safeClickThrough(' https://anunciant.example/oferta ')).toBe('https://anunciant.example/oferta');
    expect(safeClickThrough('/programes/')).toBe('/programes/');
    expect(safeClickThrough('javascript:alert(1)')).toBeUndefined();
    expect(safeClickThrough('//altre.example/')).toBeUndefined();
    expect(safeClickThrough('')).toBeUndefined();
  });
});
