import { describe, expect, it } from 'vitest';
import { fileDescription, formatBytes } from '../src/engagement/file-size';
import { pollPercentages, postedPoll } from '../src/engagement/poll-results';
import { SHARE_NETWORKS, shareUrl } from '../src/engagement/share-links';
import { formatTvCode, normaliseTvCode } from '../src/engagement/tv-code';
import { tvReceiverVideo } from '../src/engagement/engagement-page-fields';

const TITLE = "L'habitatge & el Parlament";
const URL_ = 'https://mesura.cat/noticia/1001/parlament/?a=1&b=2';

describe('share links', () => {
  it("opens each network's real share address with the title and the encoded URL", () => {
    expect(shareUrl('x', TITLE, URL_)).toBe(`https://x.com/intent/post?text=${encodeURIComponent(TITLE)}&url=${encodeURIComponent(URL_)}`);
    expect(shareUrl('facebook', TITLE, URL_)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(URL_)}`);
    expect(shareUrl('whatsapp', TITLE, URL_)).toBe(`https://wa.me/?text=${encodeURIComponent(`${TITLE} ${URL_}`)}`);
    expect(shareUrl('telegram', TITLE, URL_)).toContain('https://t.me/share/url?url=');
    expect(shareUrl('email', TITLE, URL_)).toMatch(/^mailto:\?subject=L'habitatge%20%26%20el%20Parlament&body=https%3A%2F%2F/);
    for (const network of SHARE_NETWORKS) expect(shareUrl(network, TITLE, URL_)).not.toContain('&b=2');
  });
});

describe('file sizes in Catalan', () => {
  it('writes bytes, kB and MB with a decimal comma', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(120_000)).toBe('120 kB');
    expect(formatBytes(1_234_567)).toBe('1,2 MB');
    expect(formatBytes(25_000_000)).toBe('25 MB');
    expect(fileDescription('/documents/informe.pdf', 120_000)).toBe('PDF, 120 kB');
    expect(fileDescription('/media/podcasts/episodi.webm')).toBe('WEBM');
  });
});

describe('TV codes', () => {
  it('accepts 6 digits however they are typed and shows them in two groups', () => {
    expect(normaliseTvCode('123 456')).toBe('123456');
    expect(normaliseTvCode('123-456')).toBe('123456');
    expect(normaliseTvCode('12345')).toBeUndefined();
    expect(normaliseTvCode('12345a')).toBeUndefined();
    expect(formatTvCode('012345')).toBe('012 345');
  });

  it("sets the view-on-TV flag in the receiver's video group", () => {
    const video = tvReceiverVideo({ kind: 'video', id: 'clip', title: 'Clip', src: '/media/clip.webm', type: 'video/webm', delivery: 'file' }, 'https://mesura.cat/tv/');
    expect(video).toMatchObject({ veureATV: 'true', urlVideo: 'https://mesura.cat/media/clip.webm', tecnologia: 'html5', tipusContingutHeartbeat: 'vod' });
  });
});

describe('poll percentages', () => {
  it('rounds each option and answers zeros before anyone answered', () => {
    expect(
      pollPercentages({
        options: [
          { id: 'a', label: 'A', votes: 1 },
          { id: 'b', label: 'B', votes: 2 },
        ],
        total: 3,
      }),
    ).toEqual([33, 67]);
    expect(pollPercentages({ options: [{ id: 'a', label: 'A', votes: 0 }], total: 0 })).toEqual([0]);
  });
});

describe('a poll posted without JavaScript', () => {
  it('shows the results with thanks, or with «already answered» on a 409, and keeps the form with a message otherwise', () => {
    const landing = (query: string) => postedPoll(new URLSearchParams(query));
    expect(landing('formulari=enquesta&resultat=ok')).toEqual({ message: 'Gràcies per participar!', showResults: true });
    expect(landing('formulari=enquesta&resultat=error&motiu=409')).toMatchObject({ showResults: true, message: expect.stringMatching(/^Ja havíeu respost/) });
    expect(landing('formulari=enquesta&resultat=error&motiu=429')).toMatchObject({ showResults: false, message: expect.stringMatching(/massa respostes/) });
    expect(landing('formulari=enquesta&resultat=error&motiu=400')).toMatchObject({ showResults: false, message: expect.stringMatching(/^No hem pogut desar/) });
    expect(landing('formulari=butlleti&resultat=ok')).toBeUndefined();
    expect(landing('')).toBeUndefined();
  });
});
