// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DELIVERY_DISABLED, type ErrorStatus } from '../src/index.js';
import { setupClient, type Setup } from './helpers/client.js';

function getOffer(setup: Setup) {
  const h = setupClient(setup);
  const errors: [ErrorStatus, string][] = [];
  const done = h.client.getOffer({ mbox: 'a', success: () => undefined, error: (s, m) => void errors.push([s, m]) });
  return { ...h, errors, done };
}

describe('delivery disabled (§8)', () => {
  it('says what must hold for delivery to work', () => {
    expect(DELIVERY_DISABLED).toBe('delivery is disabled: cookies blocked or mboxDisable set');
  });

  it.each<[string, Setup, string]>([
    ['cookies cannot be saved', { cookiesBlocked: true }, 'cookies-not-savable'],
    ['the disable cookie is present', { cookies: 'mboxDisable=1' }, 'disable-cookie'],
    ['the page has the disable parameter', { href: 'https://www.example.cat/el-temps/?mboxDisable' }, 'disable-param'],
  ])('sends nothing when %s', async (_name, setup, reason) => {
    const h = getOffer(setup);
    await h.done;
    expect(h.transport.calls).toEqual([]);
    expect(h.errors).toEqual([['error', DELIVERY_DISABLED]]);
    expect(h.warnings).toEqual([DELIVERY_DISABLED]);
    expect(await h.client.personalize({ mbox: 'a' })).toEqual({ outcome: 'held', reason, message: DELIVERY_DISABLED });
  });

  it('warns once per page', async () => {
    const h = getOffer({ cookies: 'mboxDisable=1', options: { globalMboxAutoCreate: true } });
    await h.done;
    await h.client.personalize({ mbox: 'a' });
    expect(h.warnings).toEqual([DELIVERY_DISABLED]);
  });

  it('writes the disable cookie for the default day when the parameter is present (§9)', async () => {
    const h = getOffer({ href: 'https://www.example.cat/?mboxDisable=1' });
    await h.done;
    expect(h.jar.writes).toContain('mboxDisable=1; Max-Age=86400; Path=/; SameSite=Lax; Secure');
    await h.timers.advance(86_399_000);
    expect(h.jar.get()).toContain('mboxDisable=1');
    await h.timers.advance(1000);
    expect(h.jar.get()).not.toContain('mboxDisable');
  });

  it('checks whether cookies can be saved with a cookie it removes again', async () => {
    const h = getOffer({});
    await h.done;
    expect(h.jar.writes.slice(0, 2)).toEqual(['mesura_pz_check=1; Max-Age=1; Path=/; SameSite=Lax; Secure', 'mesura_pz_check=; Max-Age=0; Path=/']);
    expect(h.jar.get()).not.toContain('mesura_pz_check');
  });

  it('delivers again once the disable cookie expires', async () => {
    const h = setupClient();
    h.jar.set('mboxDisable=1; Max-Age=60; Path=/');
    await h.client.getOffer({ mbox: 'a', success: () => undefined, error: () => undefined });
    expect(h.transport.calls).toHaveLength(0);
    await h.timers.advance(60_000);
    await h.client.getOffer({ mbox: 'a', success: () => undefined, error: () => undefined });
    expect(h.transport.calls).toHaveLength(1);
  });
});
