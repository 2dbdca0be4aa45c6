// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DELIVERY_DISABLED, JSON_PARSER_ERROR, NETWORK_REQUEST_FAILED, REQUEST_TIMED_OUT, UNKNOWN_ERROR, type ErrorStatus, type OfferAction } from '../src/index.js';
import { setupClient, type Setup } from './helpers/client.js';
import { deliveryAnswer, type Reply } from './helpers/fakes.js';

/** getOffer with recording callbacks. */
function ask(setup: Setup, options: { timeout?: number } = {}) {
  const h = setupClient(setup);
  const outcome: { offer?: OfferAction[]; error?: [ErrorStatus, string] } = {};
  const done = h.client.getOffer({
    mbox: 'mesura-el-temps',
    success: (offer) => void (outcome.offer = offer),
    error: (status, message) => void (outcome.error = [status, message]),
    ...options,
  });
  return { ...h, outcome, done };
}

describe('failures (§8)', () => {
  it.each<[string, Reply, [ErrorStatus, string]]>([
    ['a network failure', { networkError: true }, ['error', NETWORK_REQUEST_FAILED]],
    ['an answer that is not JSON', { body: '<html>' }, ['error', JSON_PARSER_ERROR]],
    ['JSON that is not a delivery response', { body: { offers: [] } }, ['error', JSON_PARSER_ERROR]],
    ['a refusal without a reason', { status: 500, body: '' }, ['error', UNKNOWN_ERROR]],
    ['a refusal with a reason', { status: 400, body: { error: 'mbox too long' } }, ['error', 'mbox too long']],
  ])('reports %s to error and request-failed', async (_name, reply, expected) => {
    const h = ask({ reply });
    await h.done;
    expect(h.outcome).toEqual({ error: expected });
    expect(h.events.at(-1)).toMatchObject({ type: 'mesura:personalize:request-failed', mbox: 'mesura-el-temps', message: expected[1] });
  });

  it('logs why JSON was not a delivery response', async () => {
    const h = ask({ reply: { body: { offers: [] } } });
    await h.done;
    expect(h.warnings).toEqual([`${JSON_PARSER_ERROR}: no sessionId`]);
  });

  it("times out at exactly 3000 ms (§9) with ('timeout', 'Request timed out') and aborts the transport", async () => {
    const h = ask({ reply: { delayMs: 5000 } });
    await h.timers.advance(2999);
    expect(h.outcome).toEqual({});
    await h.timers.advance(1);
    expect(h.outcome).toEqual({ error: ['timeout', REQUEST_TIMED_OUT] });
    expect(h.transport.calls[0]?.init.signal?.aborted).toBe(true);
    await h.timers.advance(5000);
    expect(h.types()).toEqual(['library-loaded', 'request-start', 'request-failed']);
  });

  it("honours getOffer's own timeout", async () => {
    const h = ask({ reply: { hang: true } }, { timeout: 500 });
    await h.timers.advance(500);
    expect(h.outcome).toEqual({ error: ['timeout', REQUEST_TIMED_OUT] });
  });

  it('counts the visitor-id wait in the timeout', async () => {
    const h = ask({ reply: { delayMs: 1001 }, visitorIds: { customerIds: () => new Promise(() => undefined) } });
    await h.timers.advance(3000);
    expect(h.transport.calls).toHaveLength(1);
    expect(h.outcome).toEqual({ error: ['timeout', REQUEST_TIMED_OUT] });
  });
});

describe('offers handed to success', () => {
  it('gives actions, html, json and redirect offers as one list of actions with their tokens', async () => {
    const tokens = { 'activity.id': 7, 'experience.id': 1, 'offer.id': 70 };
    const h = ask({
      reply: {
        body: deliveryAnswer({
          offers: [
            { actions: [{ action: 'setText', selector: '#hero', content: 'Hola' }], responseTokens: tokens, clickToken: 'c1' },
            { html: '<b>x</b>' },
            { json: { layout: 'b' } },
            { redirect: 'https://www.example.cat/b' },
          ],
        }),
      },
    });
    await h.done;
    expect(h.outcome.offer).toEqual([
      { action: 'setText', selector: '#hero', content: 'Hola', responseTokens: tokens, clickToken: 'c1' },
      { action: 'setContent', content: '<b>x</b>' },
      { action: 'setJson', content: { layout: 'b' } },
      { action: 'redirect', content: 'https://www.example.cat/b' },
    ]);
    expect(h.events.at(-1)).toMatchObject({ type: 'mesura:personalize:request-succeeded', responseTokens: [tokens] });
  });

  it("keeps the offer's response tokens, not the action's own", async () => {
    const h = ask({
      reply: { body: deliveryAnswer({ offers: [{ actions: [{ action: 'setText', selector: 'p', responseTokens: { 'activity.trusted': true } }] }] }) },
    });
    await h.done;
    expect(h.outcome.offer).toEqual([{ action: 'setText', selector: 'p' }]);
  });
});

describe('cookies an answer writes (§9)', () => {
  it('writes the session id for 1860000 ms, the device id for 632448000000 ms and the edge host for 1860000 ms', async () => {
    const h = ask({ reply: { body: deliveryAnswer({ sessionId: 'S-9', tntId: 'T-9', edgeHost: 'edge.example.cat' }) } });
    await h.done;
    expect(h.jar.writes.slice(-3)).toEqual([
      'mesura_pz_session=S-9; Max-Age=1860; Path=/; SameSite=Lax; Secure',
      'mesura_pz_device=T-9; Max-Age=632448000; Path=/; SameSite=Lax; Secure',
      'mesura_pz_edge=edge.example.cat; Max-Age=1860; Path=/; SameSite=Lax; Secure',
    ]);
  });

  it('writes the session id before the request, and keeps it 1860000 ms after the last', async () => {
    const h = ask({});
    await h.done;
    expect(h.jar.writes[0]).toBe('mesura_pz_check=1; Max-Age=1; Path=/; SameSite=Lax; Secure');
    expect(h.jar.writes[2]).toBe('mesura_pz_session=00000000000000000000000000000002; Max-Age=1860; Path=/; SameSite=Lax; Secure');
    await h.timers.advance(1_859_000);
    expect(h.jar.get()).toContain('mesura_pz_session=server-session');
    await h.timers.advance(1_000);
    expect(h.jar.get()).not.toContain('mesura_pz_session');
  });

  it('makes a new session id once the old one expired', async () => {
    const h = ask({});
    await h.done;
    await h.timers.advance(1_860_000);
    await h.client.getOffer({ mbox: 'a', success: () => undefined, error: () => undefined });
    expect(h.transport.params(1).get('mboxSession')).not.toBe('server-session');
  });

  it("writes the disable cookie for the answer's duration and fails with delivery disabled", async () => {
    const h = ask({ reply: { body: deliveryAnswer({ disabled: { message: 'maintenance', duration: 60_000 } }) } });
    await h.done;
    expect(h.jar.writes).toContain('mboxDisable=1; Max-Age=60; Path=/; SameSite=Lax; Secure');
    expect(h.outcome).toEqual({ error: ['error', DELIVERY_DISABLED] });
    await h.client.getOffer({ mbox: 'a', success: () => undefined, error: () => undefined });
    expect(h.transport.calls).toHaveLength(1);
  });

  it('writes the disable cookie for the default day when the duration is not positive', async () => {
    const h = ask({ reply: { body: deliveryAnswer({ disabled: { message: '', duration: 0 } }) } });
    await h.done;
    expect(h.jar.writes).toContain('mboxDisable=1; Max-Age=86400; Path=/; SameSite=Lax; Secure');
  });

  it('writes no Secure attribute on http pages', async () => {
    const h = ask({ href: 'http://www.example.cat/' });
    await h.done;
    expect(h.jar.writes.at(-1)).toBe('mesura_pz_device=tnt-1; Max-Age=632448000; Path=/; SameSite=Lax');
  });
});
