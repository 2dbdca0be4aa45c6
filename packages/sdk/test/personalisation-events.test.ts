// @vitest-environment jsdom
// jsdom: the personalisation client sanitises through DOMPurify, which does not support happy-dom.
import { afterEach, describe, expect, it } from 'vitest';
import { createPersonalization, PERSONALIZATION_EVENTS } from '@mesura/personalize';
import { createSanitizer } from '@mesura/personalize/sanitizer';
import { createTagRuntime, type RuleContext } from '@mesura/tags';

const NO_CONSENT_NEEDED = { hasVendorConsent: () => true, automaticHitsDisabled: () => false };
const IGNORED = { sendPageView: () => undefined, sendLink: () => undefined, clearVariables: () => undefined, personalize: () => undefined };

afterEach(() => {
  // One client per document: each test is a new page.
  delete (document as unknown as Record<symbol, unknown>)[Symbol.for('mesura.personalize')];
});

describe("the personalisation client's events, heard by the rules runtime", () => {
  it('runs a rule on content-rendering-succeeded and on content-rendering-failed, with the mbox in the detail', async () => {
    document.body.innerHTML = '<h1 class="article__title">Titular</h1>';
    const seen: [string, unknown][] = [];
    const record = (name: string) => ({ type: 'custom' as const, run: (context: RuleContext) => void seen.push([name, context.detail.mbox]) });
    const runtime = createTagRuntime({
      property: {
        name: 'events',
        domains: [location.hostname],
        dataElements: {},
        rules: [PERSONALIZATION_EVENTS.contentRenderingSucceeded, PERSONALIZATION_EVENTS.contentRenderingFailed].map((name) => ({
          name,
          events: [{ type: 'custom' as const, name }],
          conditions: [],
          actions: [record(name)],
        })),
      },
      handlers: IGNORED,
      consent: NO_CONSENT_NEEDED,
    });
    runtime.start();
    const client = createPersonalization(
      { clientCode: 'mesura', globalMboxAutoCreate: false },
      { consent: { hasVendorConsent: () => true }, loadSanitizer: () => Promise.resolve(createSanitizer(document)), warn: () => undefined },
    );
    await client.applyOffer({ mbox: 'mesura-noticia-1001', offer: [{ action: 'setContent', selector: 'h1', content: 'Nou' }] });
    await client.applyOffer({ mbox: 'mesura-el-temps', offer: [{ action: 'dance' as 'remove', selector: 'h1' }] });
    await new Promise((resolve) => setTimeout(resolve, 0)); // rules run their actions asynchronously
    expect(seen).toEqual([
      [PERSONALIZATION_EVENTS.contentRenderingSucceeded, 'mesura-noticia-1001'],
      [PERSONALIZATION_EVENTS.contentRenderingFailed, 'mesura-el-temps'],
    ]);
  });
});
