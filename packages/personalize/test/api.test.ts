// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  ALREADY_INITIALISED,
  CLIENT_CODE_REQUIRED,
  ERROR_REQUIRED,
  MBOX_REQUIRED,
  MBOX_TOO_LONG,
  OFFER_REQUIRED,
  OPTIONS_REQUIRED,
  SUCCESS_REQUIRED,
  createPersonalization,
  type ErrorStatus,
  type GetOfferOptions,
} from '../src/index.js';
import { setupClient } from './helpers/client.js';

const noop = () => undefined;
const MBOX_250 = 'm'.repeat(250);
const MBOX_251 = 'm'.repeat(251);

describe('getOffer validation (§5, §8)', () => {
  it.each<[string, unknown, string]>([
    ['no options', undefined, OPTIONS_REQUIRED],
    ['options that are not an object', 'mesura-el-temps', OPTIONS_REQUIRED],
    ['no mbox', { success: noop, error: noop }, MBOX_REQUIRED],
    ['an empty mbox', { mbox: ' ', success: noop, error: noop }, MBOX_REQUIRED],
    ['an mbox of 251 characters', { mbox: MBOX_251, success: noop, error: noop }, MBOX_TOO_LONG],
    ['no success', { mbox: 'a', error: noop }, SUCCESS_REQUIRED],
    ['no error', { mbox: 'a', success: noop }, ERROR_REQUIRED],
  ])('refuses %s', async (_name, options, message) => {
    const h = setupClient();
    await h.client.getOffer(options as GetOfferOptions);
    expect(h.warnings).toEqual([message]);
    expect(h.transport.calls).toEqual([]);
    expect(h.events.map((e) => e.type)).toEqual(['mesura:personalize:library-loaded']);
  });

  it('tells the error callback why, when there is one', async () => {
    const h = setupClient();
    const errors: [ErrorStatus, string][] = [];
    await h.client.getOffer({ mbox: MBOX_251, success: noop, error: (s, m) => void errors.push([s, m]) });
    expect(errors).toEqual([['error', MBOX_TOO_LONG]]);
  });

  it('accepts an mbox of 250 characters', async () => {
    const h = setupClient();
    await h.client.getOffer({ mbox: MBOX_250, success: noop, error: noop });
    expect(h.transport.params().get('mbox')).toBe(MBOX_250);
  });

  it('never lets a throwing callback reach the page', async () => {
    const h = setupClient();
    await h.client.getOffer({
      mbox: 'a',
      success: () => {
        throw new Error('page bug');
      },
      error: noop,
    });
    expect(h.warnings).toEqual(['A callback threw: page bug']);
  });
});

describe('applyOffer validation (§8)', () => {
  it.each<[string, unknown, string]>([
    ['no options', undefined, OPTIONS_REQUIRED],
    ['no offer', { mbox: 'a' }, OFFER_REQUIRED],
    ['an offer that is not a list', { offer: {} }, OFFER_REQUIRED],
    ['an mbox of 251 characters', { mbox: MBOX_251, offer: [] }, MBOX_TOO_LONG],
  ])('refuses %s', async (_name, options, message) => {
    const h = setupClient();
    expect(await h.client.applyOffer(options as never)).toEqual({ outcome: 'invalid', message });
    expect(h.warnings).toEqual([message]);
  });
});

describe('trackEvent and personalize validation (§8)', () => {
  it.each<[string, unknown, string]>([
    ['no options', undefined, OPTIONS_REQUIRED],
    ['no mbox', {}, MBOX_REQUIRED],
    ['an mbox of 251 characters', { mbox: MBOX_251 }, MBOX_TOO_LONG],
  ])('refuses %s', async (_name, options, message) => {
    const h = setupClient();
    await h.client.trackEvent(options as never);
    expect(await h.client.personalize(options as never)).toEqual({ outcome: 'invalid', message });
    expect(h.warnings).toEqual([message, message]);
    expect(h.transport.calls).toEqual([]);
  });
});

describe('trackEvent', () => {
  it('sends the mbox and its parameters, keepalive, and renders nothing', async () => {
    let succeeded = false;
    const h = setupClient();
    await h.client.trackEvent({ mbox: 'mesura-share', params: { event: 'event3' }, success: () => void (succeeded = true) });
    expect(h.transport.params().get('mbox')).toBe('mesura-share');
    expect(h.transport.params().get('event')).toBe('event3');
    expect(h.transport.calls[0]?.init.keepalive).toBe(true);
    expect(succeeded).toBe(true);
    expect(h.types()).toEqual(['library-loaded']);
  });
});

describe('createPersonalization', () => {
  it('throws on a missing options argument or clientCode (a wiring mistake)', () => {
    expect(() => createPersonalization(undefined as never)).toThrow(new TypeError(OPTIONS_REQUIRED));
    expect(() => createPersonalization({ clientCode: '' })).toThrow(new TypeError(CLIENT_CODE_REQUIRED));
  });

  it('returns the first client, with a warning, when called twice on one page (§8 already initialised)', () => {
    const h = setupClient();
    const second = h.create();
    expect(second).toBe(h.client);
    expect(h.warnings).toEqual([ALREADY_INITIALISED]);
    expect(h.types()).toEqual(['library-loaded']);
  });

  it("fits the rules runtime's personalize action", async () => {
    const h = setupClient();
    // packages/tags' ActionHandlers.personalize receives { mbox, parameters, detail }.
    const handler = (input: { mbox: string; parameters: Record<string, string>; detail: Record<string, unknown> }) => {
      void h.client.personalize(input);
    };
    handler({ mbox: 'mesura-noticia-1001', parameters: { seccio: 'noticies' }, detail: { id: 3 } });
    await h.timers.advance(0);
    expect(h.transport.params().get('mbox')).toBe('mesura-noticia-1001');
    expect(h.transport.params().get('seccio')).toBe('noticies');
  });
});
