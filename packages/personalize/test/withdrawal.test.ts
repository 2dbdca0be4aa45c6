// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NOT_OPTED_IN } from '../src/errors.js';
import { forgetVisitorCookies } from '../src/index.js';
import { setupClient } from './helpers/client.js';
import { deliveryAnswer, fakeCookieJar } from './helpers/fakes.js';

const KEPT = 'mesura_pz_session=s1; mesura_pz_device=tnt-1; mesura_pz_edge=edge.example.cat; mboxDisable=1; euconsent-v2=CQ';

describe('forgetVisitorCookies (the personalisation vendor withdrawn)', () => {
  it('removes the session, device and edge-host cookies; the disable switch and the consent choice stay', () => {
    const jar = fakeCookieJar({ nowMs: 0 }, KEPT);
    forgetVisitorCookies(jar);
    expect(jar.get()).toBe('mboxDisable=1; euconsent-v2=CQ');
  });

  it('writes them with the path they were written with, so that the browser replaces them', () => {
    const jar = fakeCookieJar();
    forgetVisitorCookies(jar);
    expect(jar.writes).toEqual(['mesura_pz_session=; Max-Age=0; Path=/', 'mesura_pz_device=; Max-Age=0; Path=/', 'mesura_pz_edge=; Max-Age=0; Path=/']);
  });
});

describe('an answer that arrives after a withdrawal', () => {
  it('writes back none of the ids the withdrawal erased', async () => {
    let given = true;
    const h = setupClient({ reply: { body: deliveryAnswer({ edgeHost: 'edge.example.cat' }), delayMs: 500 }, deps: { consent: { hasVendorConsent: () => given } } });
    const done = h.client.personalize({ mbox: 'a' });
    await h.timers.advance(100);
    expect(h.transport.calls).toHaveLength(1);
    given = false;
    forgetVisitorCookies(h.jar);
    await h.timers.advance(500);
    await done;
    expect(h.jar.get()).not.toMatch(/mesura_pz_(session|device|edge)=/);
  });

  it('is remembered as before while consent holds', async () => {
    const h = setupClient({ reply: { body: deliveryAnswer(), delayMs: 500 } });
    const done = h.client.personalize({ mbox: 'a' });
    await h.timers.advance(500);
    await done;
    expect(h.jar.get()).toContain('mesura_pz_device=tnt-1');
  });
});

describe('a withdrawal while the request waits for the customer ids (§7, 2000 ms at most)', () => {
  it('sends nothing, and the call fails as a request without consent does', async () => {
    let given = true;
    const h = setupClient({ visitorIds: { customerIds: () => new Promise(() => undefined) }, deps: { consent: { hasVendorConsent: () => given } } });
    const failed: string[] = [];
    void h.client.getOffer({ mbox: 'a', success: () => undefined, error: (_status, message) => failed.push(message) });
    await h.timers.advance(1000);
    given = false;
    await h.timers.advance(1000);
    expect(h.transport.calls).toEqual([]);
    expect(failed).toEqual([NOT_OPTED_IN]);
  });
});
