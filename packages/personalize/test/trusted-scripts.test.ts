/**
 * @vitest-environment jsdom
 * @vitest-environment-options { "runScripts": "dangerously" }
 */
import { describe, expect, it } from 'vitest';
import { setupClient } from './helpers/client.js';

// Scripts run in jsdom's own global, so they leave their mark on the shared document.
const ran = () => document.documentElement.getAttribute('data-ran');

describe('scripts in offers, in a DOM that runs scripts', () => {
  const OFFER = '<script>document.documentElement.setAttribute("data-ran", "offer")</script><p>x</p>';

  it("runs a trusted activity's scripts", async () => {
    const h = setupClient({ html: '<div id="a"></div>' });
    document.documentElement.removeAttribute('data-ran');
    await h.client.applyOffer({ offer: [{ action: 'appendContent', selector: '#a', content: OFFER, responseTokens: { 'activity.trusted': true } }] });
    expect(ran()).toBe('offer');
  });

  it("gives a trusted activity's scripts the nonce of the page's own inline script, which the page's CSP allows", async () => {
    const h = setupClient({ html: '<div id="a"></div>' });
    const pageScript = document.createElement('script');
    pageScript.setAttribute('nonce', 'cGFnZS1ub25jZQ==');
    document.head.append(pageScript);
    await h.client.applyOffer({ offer: [{ action: 'appendContent', selector: '#a', content: OFFER, responseTokens: { 'activity.trusted': true } }] });
    expect(document.querySelector<HTMLScriptElement>('#a script')?.nonce).toBe('cGFnZS1ub25jZQ==');
    pageScript.remove();
  });

  it('never runs an untrusted one', async () => {
    const h = setupClient({ html: '<div id="a"></div>' });
    document.documentElement.removeAttribute('data-ran');
    await h.client.applyOffer({ offer: [{ action: 'appendContent', selector: '#a', content: OFFER }] });
    expect(ran()).toBeNull();
    expect(document.body.innerHTML).toBe('<div id="a"><p>x</p></div>');
  });

  it('never runs a handler an untrusted offer carries', async () => {
    const h = setupClient({ html: '<div id="a"></div>' });
    document.documentElement.removeAttribute('data-ran');
    const button = "<button onclick=\"document.documentElement.setAttribute('data-ran', 'click')\">b</button>";
    await h.client.applyOffer({ offer: [{ action: 'setContent', selector: '#a', content: button }] });
    document.querySelector('button')?.click();
    expect(ran()).toBeNull();
  });

  it("runs a trusted activity's handler", async () => {
    const h = setupClient({ html: '<div id="a"></div>' });
    document.documentElement.removeAttribute('data-ran');
    const button = "<button onclick=\"document.documentElement.setAttribute('data-ran', 'click')\">b</button>";
    await h.client.applyOffer({ offer: [{ action: 'setContent', selector: '#a', content: button, responseTokens: { 'activity.trusted': true } }] });
    document.querySelector('button')?.click();
    expect(ran()).toBe('click');
  });
});
