// @vitest-environment happy-dom
/**
 * The banner counts each answer once with `POST /api/consent/choices`, carrying the answer and
 * nothing that could identify the visitor, and sends nothing before the visitor answers.
 */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTcfStub } from '@mesura/sdk/tcf-stub';
import * as consentManager from '../src/consent/consent-manager';
import { CONSENT_CHOICES_PATH, sendConsentAnswer, type ConsentAnswer } from '../src/consent/consent-choice-sending';
import { createConsentSession } from '../src/consent/consent-session';
import { startConsent } from '../src/consent/start-consent';
import { button, click, resetPage } from './helpers/consent-page';

/** Lets what a click started finish (the manager's start, the settings layer's chunk). */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let step = 0; step < 10; step++) await Promise.resolve();
  });

let sent: ConsentAnswer[];

async function start(): Promise<void> {
  installTcfStub(window as { __tcfapi?: unknown });
  act(() => {
    startConsent(
      createConsentSession(async () => consentManager),
      (answer) => sent.push(answer),
    );
  });
  await settle();
}

beforeAll(async () => {
  await import('../src/consent/settings-layer');
});

beforeEach(() => {
  resetPage();
  sent = [];
  window.mesura = { track: vi.fn(), load: vi.fn() };
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the banner sends each answer once', () => {
  it.each([
    ['Accepta-ho tot', 'accept-all'],
    ['Rebutja-ho tot', 'reject-all'],
  ] as const)('"%s" on the first layer sends %s, and nothing before it', async (text, answer) => {
    await start();
    expect(sent).toEqual([]);
    click(button(text));
    await settle();
    expect(sent).toEqual([answer]);
  });

  it('"Desa la selecció" sends custom; "Configura" alone sends nothing', async () => {
    await start();
    click(button('Configura'));
    await settle();
    expect(sent).toEqual([]);
    click(button('Desa la selecció'));
    await settle();
    expect(sent).toEqual(['custom']);
  });

  it('a refusal in the settings layer is sent as reject-all', async () => {
    await start();
    click(button('Configura'));
    await settle();
    click(button('Rebutja-ho tot'));
    await settle();
    expect(sent).toEqual(['reject-all']);
  });
});

describe('sendConsentAnswer', () => {
  it('posts the answer alone, without cookies, referrer or any header of its own, and survives a navigation', () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    sendConsentAnswer('reject-all', fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(CONSENT_CHOICES_PATH);
    expect(init).toEqual({ method: 'POST', body: '{"choice":"reject-all"}', keepalive: true, credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' });
  });

  it('drops a failed send: the visitor sees nothing of it', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(() => sendConsentAnswer('custom', fetch)).not.toThrow();
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
