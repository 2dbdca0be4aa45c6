// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { mountedRoot } from '@mesura/test-utils/react';
import { describe, expect, it } from 'vitest';
import { WatchOnTvButton } from '../src/engagement/watch-on-tv';
import { normaliseTvCode } from '../src/engagement/tv-code';

// "Mira-ho a la TV": the code field's `pattern` must be one the browser can use. HTML compiles it as
// `^(?:pattern)$` with the `v` flag; a pattern that does not compile is logged as a console error
// on the video page and ignored, so the field then checks nothing.

const MEDIA = { kind: 'video', id: 'el-reportatge-t1-e1', title: 'Pobles sense aigua', src: '/media/vod/reportatge/master.m3u8', type: 'application/vnd.apple.mpegurl', delivery: 'hls' } as const;

const root = mountedRoot();
const BUTTON = <WatchOnTvButton media={MEDIA} detail={{ linkText: '', url: '', identificadorClic: '' }} />;

/** The field's pattern as the browser compiles it (HTML "compiling a pattern attribute"), in the running app. */
async function browserPattern(): Promise<RegExp> {
  const html = (await root.mount(BUTTON)).innerHTML;
  const field = /<input[^>]*name="code"[^>]*>/.exec(html)?.[0] ?? '';
  const pattern = / pattern="([^"]*)"/.exec(field)?.[1];
  if (pattern === undefined) throw new Error(`no code field with a pattern in ${html}`);
  return new RegExp(`^(?:${pattern})$`, 'v');
}

describe('«Mira-ho a la TV» without the app', () => {
  it('is not in the server’s first view, where it could do nothing, and is there once the app runs', async () => {
    expect(renderToStaticMarkup(BUTTON)).toBe('');
    expect((await root.mount(BUTTON)).querySelector('button')?.textContent).toBe('Mira-ho a la TV');
  });
});

describe("the TV code field's pattern", () => {
  it('compiles with the v flag, as browsers compile it', async () => {
    await expect(browserPattern()).resolves.toBeInstanceOf(RegExp);
  });

  it('accepts what normaliseTvCode accepts, typed with spaces or a dash, and refuses letters', async () => {
    const pattern = await browserPattern();
    for (const typed of ['718301', '718 301', '718-301']) {
      expect(pattern.test(typed), typed).toBe(true);
      expect(normaliseTvCode(typed)).toBe('718301');
    }
    expect(pattern.test('71a301')).toBe(false);
  });
});
