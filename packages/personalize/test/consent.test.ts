// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NOT_OPTED_IN, type ErrorStatus } from '../src/index.js';
import { setupClient } from './helpers/client.js';

describe('consent (§4)', () => {
  it('sends nothing, writes no cookie and hides nothing without the personalisation vendor', async () => {
    const h = setupClient({ consent: false, options: { globalMboxAutoCreate: true } });
    const errors: [ErrorStatus, string][] = [];
    await h.client.getOffer({ mbox: 'a', success: () => undefined, error: (s, m) => void errors.push([s, m]) });
    await h.client.trackEvent({ mbox: 'a', error: (s, m) => void errors.push([s, m]) });
    await h.client.personalize({ mbox: 'a' });
    await h.timers.advance(10_000);
    expect(h.transport.calls).toEqual([]);
    expect(h.jar.writes).toEqual([]);
    expect(h.hidden()).toBe(false);
    expect(errors).toEqual([
      ['error', NOT_OPTED_IN],
      ['error', NOT_OPTED_IN],
    ]);
    expect(NOT_OPTED_IN).toBe('Target is not Opted In');
  });

  it('asks for the personalisation vendor by default, or the configured one', async () => {
    const asked: string[] = [];
    const consent = { hasVendorConsent: (vendor: string) => void asked.push(vendor) === undefined && vendor === 'ab-tests' };
    const h = setupClient({ options: { consentVendor: 'ab-tests' }, deps: { consent } });
    await h.client.personalize({ mbox: 'a' });
    expect(asked.every((v) => v === 'ab-tests')).toBe(true);
    expect(h.transport.calls).toHaveLength(1);
  });

  it('sends once consent is given', async () => {
    let given = false;
    const h = setupClient({ deps: { consent: { hasVendorConsent: () => given } } });
    await h.client.personalize({ mbox: 'a' });
    expect(h.transport.calls).toHaveLength(0);
    given = true;
    await h.client.personalize({ mbox: 'a' });
    expect(h.transport.calls).toHaveLength(1);
  });

  it('treats a consent source that throws as no consent', async () => {
    const h = setupClient({
      deps: {
        consent: {
          hasVendorConsent: () => {
            throw new Error('CMP not ready');
          },
        },
      },
    });
    expect(await h.client.personalize({ mbox: 'a' })).toMatchObject({ outcome: 'held', reason: 'no-consent' });
    expect(h.transport.calls).toHaveLength(0);
  });
});
