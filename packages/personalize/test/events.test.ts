// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { EVENT_PREFIX, PERSONALIZATION_EVENTS } from '../src/index.js';
import { setupClient } from './helpers/client.js';
import { deliveryAnswer } from './helpers/fakes.js';

describe('event names (§4, wire-formats §3)', () => {
  it('names the nine events under the documented prefix', () => {
    expect(EVENT_PREFIX).toBe('mesura:personalize:');
    expect(Object.values(PERSONALIZATION_EVENTS)).toEqual([
      'mesura:personalize:library-loaded',
      'mesura:personalize:request-start',
      'mesura:personalize:request-succeeded',
      'mesura:personalize:request-failed',
      'mesura:personalize:content-rendering-start',
      'mesura:personalize:content-rendering-succeeded',
      'mesura:personalize:content-rendering-failed',
      'mesura:personalize:content-rendering-no-offers',
      'mesura:personalize:content-rendering-redirect',
    ]);
  });
});

describe('event order', () => {
  it("dispatches the global request's request-start before library-loaded (§3)", () => {
    const h = setupClient({ options: { globalMboxAutoCreate: true }, reply: { hang: true } });
    expect(h.types()).toEqual(['request-start', 'library-loaded']);
    expect(h.events[0]?.mbox).toBe('target-global-mbox');
    expect(h.events[1]?.mbox).toBeUndefined();
  });

  it('sends the global request with its parameters', async () => {
    const h = setupClient({ options: { globalMboxAutoCreate: true, globalMboxParams: { seccio: 'temps' } } });
    await h.timers.advance(0);
    expect(h.transport.params().get('mbox')).toBe('target-global-mbox');
    expect(h.transport.params().get('seccio')).toBe('temps');
  });

  it('reports a rendered offer: request start, succeeded, rendering start, succeeded', async () => {
    const tokens = { 'activity.id': 3 };
    const h = setupClient({
      reply: { body: deliveryAnswer({ offers: [{ actions: [{ action: 'setText', selector: '#hero', content: 'x' }], responseTokens: tokens }] }) },
    });
    await h.client.personalize({ mbox: 'mesura-el-temps' });
    expect(h.types()).toEqual(['library-loaded', 'request-start', 'request-succeeded', 'content-rendering-start', 'content-rendering-succeeded']);
    const tracking = { sessionId: 'server-session', deviceId: 'tnt-1' };
    expect(h.events.slice(2)).toEqual([
      { type: 'mesura:personalize:request-succeeded', mbox: 'mesura-el-temps', responseTokens: [tokens], tracking },
      { type: 'mesura:personalize:content-rendering-start', mbox: 'mesura-el-temps', tracking },
      { type: 'mesura:personalize:content-rendering-succeeded', mbox: 'mesura-el-temps', tracking },
    ]);
  });

  it('reports the session id it made in request-start, before any answer', () => {
    const h = setupClient({ reply: { hang: true } });
    void h.client.personalize({ mbox: 'a' });
    expect(h.events.at(-1)).toEqual({
      type: 'mesura:personalize:request-start',
      mbox: 'a',
      tracking: { sessionId: '00000000000000000000000000000002', deviceId: undefined },
    });
  });

  it('reports no offers', async () => {
    const h = setupClient();
    await h.client.personalize({ mbox: 'a' });
    expect(h.types().slice(-2)).toEqual(['content-rendering-start', 'content-rendering-no-offers']);
  });

  it('reports a redirect with its URL', async () => {
    const h = setupClient({ reply: { body: deliveryAnswer({ offers: [{ redirect: 'https://www.example.cat/b/' }] }) } });
    await h.client.personalize({ mbox: 'a' });
    expect(h.events.at(-1)).toMatchObject({ type: 'mesura:personalize:content-rendering-redirect', mbox: 'a', redirect: 'https://www.example.cat/b/' });
  });

  it('reports a rendering failure with its message', async () => {
    const h = setupClient({ reply: { body: deliveryAnswer({ offers: [{ actions: [{ action: 'trackView' as 'remove', selector: '#hero' }] }] }) } });
    await h.client.personalize({ mbox: 'a' });
    expect(h.events.at(-1)).toMatchObject({ type: 'mesura:personalize:content-rendering-failed', message: 'Unsupported action: trackView' });
  });

  it('emits nothing but library-loaded when no request is made (no consent)', async () => {
    const h = setupClient({ consent: false, options: { globalMboxAutoCreate: true } });
    await h.client.personalize({ mbox: 'a' });
    expect(h.types()).toEqual(['library-loaded']);
    expect(h.events[0]?.tracking).toEqual({ sessionId: undefined, deviceId: undefined });
  });

  it('lets a listener throw without breaking the client', async () => {
    const h = setupClient();
    const listener = () => {
      throw new Error('listener bug');
    };
    document.addEventListener(PERSONALIZATION_EVENTS.requestStart, listener);
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    expect(await h.client.personalize({ mbox: 'a' })).toEqual({ outcome: 'no-offers' });
    expect(errors).toHaveLength(1);
    document.removeEventListener(PERSONALIZATION_EVENTS.requestStart, listener);
    window.removeEventListener('error', onError);
  });
});
