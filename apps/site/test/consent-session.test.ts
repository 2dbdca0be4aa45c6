// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as consentManager from '../src/consent/consent-manager';
import { createConsentSession, hasStoredChoice } from '../src/consent/consent-session';
import { consentCookieValue, resetPage } from './helpers/consent-page';

const flush = async () => {
  for (let step = 0; step < 10; step++) await Promise.resolve();
};

beforeEach(() => {
  resetPage();
  window.mesura = { track: vi.fn(), load: vi.fn() };
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the consent session', () => {
  it('loads the manager once, however often it is asked for', async () => {
    const load = vi.fn(async () => consentManager);
    const session = createConsentSession(load);
    const [first, second] = await Promise.all([session.manager(), session.manager()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(first).toBe(second);
    expect(session.started()).toBe(first);
  });

  it('opens the banner when the manager finds the stored choice invalid', async () => {
    document.cookie = 'euconsent-v2=not-a-tc-string; Path=/';
    expect(hasStoredChoice(document)).toBe(true);
    const session = createConsentSession(async () => consentManager);
    await session.manager();
    expect(session.store.snapshot().layer).toBe('first');
  });

  it("closes the banner at once on the visitor's answer, stores it once the manager runs, and does not reopen it", async () => {
    const session = createConsentSession(async () => consentManager);
    session.store.send({ type: 'ask' });
    session.choose((manager) => manager.rejectAll());
    expect(session.store.snapshot().layer).toBe('closed');
    expect(consentCookieValue()).toBeUndefined();
    await flush();
    expect(consentCookieValue()).toBeDefined();
    expect(session.store.snapshot().layer).toBe('closed');
  });

  it('says so on the console when the manager cannot load, and leaves the page as it is', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const session = createConsentSession(() => Promise.reject(new Error('chunk failed')));
    expect(await session.manager()).toBeUndefined();
    expect(error).toHaveBeenCalledWith('Mesura: the consent manager did not start.', expect.any(Error));
    expect(hasStoredChoice(document)).toBe(false);
  });
});
