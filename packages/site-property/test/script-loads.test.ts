import { describe, expect, it } from 'vitest';
import { SITE_CUSTOM_SCRIPTS, TAG_LAYERS, isCustomScript, layerOfPath, siteProperty, tagAssetsPath, tagLibraryPath, type SitePropertyOptions } from '../src/index.js';
import { fakeConsent, harness } from '@mesura/test-utils/tags';

function site(url: string, options: SitePropertyOptions, vendors: string[]) {
  const h = harness(siteProperty(options), { url, consent: fakeConsent(vendors) });
  return { ...h, fire: h.runtime.fire.bind(h.runtime) };
}

describe('custom script rules (§7 script loads: two custom scripts from the asset host)', () => {
  const assetsUrl = 'https://www.mesura.cat/tags/mesura/assets/';
  const loaded = async (vendors: string[], options: SitePropertyOptions = { assetsUrl }) => {
    const h = site('https://www.mesura.cat/', options, vendors);
    void h.fire({ type: 'libraryLoaded' });
    await h.clock.advance(0);
    return h;
  };

  it.each([
    ['lectura-completa.js', 'web-analytics'],
    ['interessos.js', 'personalisation'],
  ])('loads %s from the asset host under the %s vendor only', async (file, vendor) => {
    const others = ['web-analytics', 'personalisation', 'audience-measurement', 'video-analytics'].filter((v) => v !== vendor);
    expect((await loaded(others)).scripts.map((s) => s.src)).not.toContain(assetsUrl + file);
    expect((await loaded([vendor])).scripts.map((s) => s.src)).toEqual([assetsUrl + file]);
  });

  it('loads a custom script when its consent arrives later, once', async () => {
    const h = await loaded([]);
    expect(h.scripts).toEqual([]);
    h.consent.vendors.add('personalisation');
    void h.fire({ type: 'custom', name: 'mesura:consent-changed' });
    void h.fire({ type: 'custom', name: 'mesura:consent-changed' });
    await h.clock.advance(0);
    expect(h.scripts.map((s) => s.src)).toEqual([`${assetsUrl}interessos.js`]);
  });

  it('is disabled without an asset host', async () => {
    const h = site('https://www.mesura.cat/', {}, ['web-analytics', 'personalisation']);
    const outcomes = await h.fire({ type: 'libraryLoaded' });
    expect(outcomes.filter((o) => o.rule.startsWith('custom script'))).toEqual([
      { rule: 'custom script lectura-completa.js', reason: 'disabled' },
      { rule: 'custom script interessos.js', reason: 'disabled' },
    ]);
  });
});

describe('the tag library address (§7: by account id and layer name)', () => {
  it('names the account and the layer, and reads the layer back only for a known account and layer', () => {
    expect(tagLibraryPath('production')).toBe('/tags/mesura/production/mesura.js');
    expect(tagAssetsPath()).toBe('/tags/mesura/assets/');
    for (const layer of TAG_LAYERS) expect(layerOfPath(tagLibraryPath(layer))).toBe(layer);
    expect(layerOfPath('/tags/altre/production/mesura.js')).toBeUndefined();
    expect(layerOfPath('/tags/mesura/preprod/mesura.js')).toBeUndefined();
    expect(layerOfPath('/tags/mesura/constructor/mesura.js')).toBeUndefined();
    expect(layerOfPath('/mesura.js')).toBeUndefined();
  });

  it('knows exactly the two custom scripts', () => {
    expect(Object.keys(SITE_CUSTOM_SCRIPTS)).toEqual(['lectura-completa.js', 'interessos.js']);
    expect(isCustomScript('interessos.js')).toBe(true);
    expect(isCustomScript('toString')).toBe(false);
    expect(isCustomScript('../mesura.js')).toBe(false);
  });
});
