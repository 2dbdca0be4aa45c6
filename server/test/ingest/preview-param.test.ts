import { decodeBeacon } from '@mesura/protocol';
import { describe, expect, it } from 'vitest';
import { withoutPreviewParam } from '../../src/ingest/steps/preview-param.js';
import { testPipeline } from '../helpers/test-pipeline.js';
import { beaconUrl, testHit } from '../helpers/test-server.js';

const TOKEN = 'dGl0dWxhci1ub3RpY2lhLm5vdS10aXR1bGFyLjE3OTU2NDE1NDUwMDA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('withoutPreviewParam: a tracked address loses the preview token', () => {
  it('drops the token and keeps the rest of the query as written, the fragment last', () => {
    expect(withoutPreviewParam(`https://mesura.cat/noticia/1001/?utm_source=a%20b&mesura_preview=${TOKEN}#inici`)).toBe('https://mesura.cat/noticia/1001/?utm_source=a%20b#inici');
    expect(withoutPreviewParam(`/noticia/1001/?mesura_preview=${TOKEN}&x=1+2`)).toBe('/noticia/1001/?x=1+2');
  });

  it('leaves no empty query when the token was all of it, and drops every copy, with or without a value', () => {
    expect(withoutPreviewParam(`https://mesura.cat/el-temps/?mesura_preview=${TOKEN}`)).toBe('https://mesura.cat/el-temps/');
    expect(withoutPreviewParam('/a?mesura_preview=old&b=1&mesura_preview')).toBe('/a?b=1');
  });

  it('returns any other address unchanged, a parameter that only starts with the name included', () => {
    for (const address of ['https://mesura.cat/', '/cerca?q=mesura_preview', '/a?mesura_previews=1', '/a#mesura_preview=x']) {
      expect(withoutPreviewParam(address)).toBe(address);
    }
    expect(withoutPreviewParam(null)).toBeNull();
  });
});

describe('pipeline: an editor on a preview link is tracked without the token', () => {
  const pipeline = testPipeline();

  it('stores the page, the referrer and an exit link without mesura_preview', () => {
    const hit = testHit({
      url: `https://mesura.cat/noticia/1001/?mesura_preview=${TOKEN}`,
      referrer: `https://mesura.cat/?seccio=1&mesura_preview=${TOKEN}`,
      link: { url: `https://mesura.cat/el-temps/?mesura_preview=${TOKEN}`, name: 'El temps', type: 'e' },
    });
    const url = beaconUrl(hit, 'link_e');
    const q = url.indexOf('?');
    const decoded = decodeBeacon(url.slice(0, q), url.slice(q + 1));
    if (!decoded.ok) throw new Error(decoded.reason);
    const [row] = pipeline(decoded.value, { receivedAtMs: 1_763_884_800_000, ip: '192.0.2.1', userAgent: undefined, rawPath: url.slice(0, q), rawParams: url.slice(q + 1) });
    expect(row).toMatchObject({ url: 'https://mesura.cat/noticia/1001/', referrer: 'https://mesura.cat/?seccio=1', linkUrl: 'https://mesura.cat/el-temps/' });
    expect(JSON.stringify(row)).not.toContain(TOKEN);
  });
});
