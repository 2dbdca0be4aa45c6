import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CookieJar } from '@mesura/identity';
import { VisitorRights } from '../src/consent/visitor-rights';
import { PRIVACY_CONTACT_MAX_CHARS } from '@mesura/content';
import { privacyContactOf, readVisitorRightsInfo } from '../src/consent/visitor-rights-info';

const ID = '1F65FB944AFA1C05-25FBFAF16BF6E758';
const jar = (cookies: string): CookieJar => ({ get: () => cookies, set: () => undefined });

describe("the cookie settings' visitor rights", () => {
  it('show the id of the identity cookie, the one hits carry, and how to ask for a copy or erasure', () => {
    const info = readVisitorRightsInfo(jar(`mesura_consent=x; mesura_fid=${ID}; other=1`), { privacyContact: 'dpd@ccma.invalid' });
    expect(info).toEqual({ visitorId: ID, contact: { kind: 'email', address: 'dpd@ccma.invalid' } });
    const html = renderToStaticMarkup(<VisitorRights info={info} />);
    expect(html).toContain(`<code data-visitor-id="${ID}">${ID}</code>`);
    expect(html).toContain('Per demanar una còpia de les vostres dades o que les esborrem, escriviu a <a href="mailto:dpd@ccma.invalid">dpd@ccma.invalid</a> indicant aquest identificador.');
  });

  it('warn that withdrawing consent erases the id from this browser, so that the visitor notes it first', () => {
    const html = renderToStaticMarkup(<VisitorRights info={readVisitorRightsInfo(jar(`mesura_fid=${ID}`), {})} />);
    expect(html).toContain('<p>Si retireu el consentiment, aquest identificador s&#x27;esborrarà del navegador: anoteu-lo abans si voleu demanar les dades recollides amb ell.</p>');
    // Without an id there is nothing to note.
    expect(renderToStaticMarkup(<VisitorRights info={readVisitorRightsInfo(jar(''), {})} />)).not.toContain('Si retireu el consentiment');
  });

  it('name the data-protection officer when no contact is configured', () => {
    const html = renderToStaticMarkup(<VisitorRights info={readVisitorRightsInfo(jar(`mesura_fid=${ID}`), {})} />);
    expect(html).toContain('adreceu-vos al delegat de protecció de dades de la Corporació indicant aquest identificador.');
    expect(html).not.toContain('mailto:');
  });

  it('say so when this browser has no visitor id, or one of another format', () => {
    for (const cookies of ['', 'mesura_fid=not-an-id']) {
      const info = readVisitorRightsInfo(jar(cookies), undefined);
      expect(info.visitorId).toBeUndefined();
      expect(renderToStaticMarkup(<VisitorRights info={info} />)).toContain('Aquest navegador no té cap identificador de visitant desat.');
    }
  });

  it('show a configured contact as text, escaped, and ignore one that is not a short string', () => {
    const html = renderToStaticMarkup(<VisitorRights info={{ visitorId: ID, contact: privacyContactOf('<b>Oficina</b> de privacitat') }} />);
    expect(html).toContain('escriviu a &lt;b&gt;Oficina&lt;/b&gt; de privacitat indicant');
    expect(privacyContactOf(42)).toEqual({ kind: 'default' });
    expect(privacyContactOf('x'.repeat(PRIVACY_CONTACT_MAX_CHARS + 1))).toEqual({ kind: 'default' });
  });
});
