// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTcfStub } from '@mesura/sdk/tcf-stub';
import * as consentManager from '../src/consent/consent-manager';
import { createConsentSession } from '../src/consent/consent-session';
import { firstViewConsentBanner } from '../src/consent/first-view-banner';
import { startConsent } from '../src/consent/start-consent';
import { captureEarlyInput, EARLY_INPUT_QUEUE, type EarlyInputWindow } from '../src/early-input/capture-early-input';
import { button, consentCookieValue, dialog, dialogName, resetPage } from './helpers/consent-page';

/** The page as the server sends it to a new visitor: an empty root and the banner's first layer after it. */
function showServerPage(): HTMLElement {
  document.body.innerHTML = `<div id="root"></div>${firstViewConsentBanner(undefined)}`;
  return document.querySelector<HTMLElement>('.consent-root')!;
}

async function startAppBanner(): Promise<void> {
  installTcfStub(window as { __tcfapi?: unknown });
  act(
    () =>
      void startConsent(
        createConsentSession(async () => consentManager),
        () => undefined,
      ),
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let step = 0; step < 10; step++) await Promise.resolve();
  });
}

const load = vi.fn<() => void>();
beforeAll(() => captureEarlyInput(window as EarlyInputWindow));
beforeEach(() => {
  resetPage();
  (window as EarlyInputWindow)[EARLY_INPUT_QUEUE]!.splice(0);
  load.mockReset();
  window.mesura = { track: vi.fn(), load };
});

describe("the server's consent banner", () => {
  it('is the first layer, named by its heading, for a request without a stored choice; nothing with one, even an invalid one', () => {
    const server = showServerPage();
    expect(dialogName()).toBe('La vostra privacitat');
    expect(dialog()?.getAttribute('aria-modal')).toBe('false');
    expect([...server.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Accepta-ho tot', 'Rebutja-ho tot', 'Configura']);
    expect(firstViewConsentBanner('a=1; euconsent-v2=CQ')).toBe('');
    expect(firstViewConsentBanner('euconsent-v2=no-és-vàlid')).toBe('');
  });

  it("is taken over by the app's banner in its place, the same markup, one banner only, focus on its heading", async () => {
    const server = showServerPage();
    const markup = server.innerHTML.replace(/ id="[^"]*"| aria-\w+by="[^"]*"/g, '');
    await startAppBanner();
    expect(document.querySelectorAll('.consent-root')).toHaveLength(1);
    expect(document.querySelector('.consent-root')).toBe(server);
    expect(server.getAttribute('data-app')).toBe('ready');
    expect(server.innerHTML.replace(/ id="[^"]*"| aria-\w+by="[^"]*"/g, '')).toBe(markup);
    expect(dialogName()).toBe('La vostra privacitat');
    expect(document.activeElement?.textContent).toBe('La vostra privacitat');
  });

  it('keeps a button the visitor had tabbed to focused', async () => {
    showServerPage();
    button('Rebutja-ho tot').focus();
    await startAppBanner();
    expect(document.activeElement).toBe(button('Rebutja-ho tot'));
    expect(document.activeElement?.closest('[data-app]')).not.toBeNull();
  });

  it('does "Accepta-ho tot" clicked before the app once the app has started: the choice is stored and /mesura.js loads only then', async () => {
    showServerPage();
    button('Accepta-ho tot').click();
    expect(consentCookieValue()).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    await startAppBanner();
    expect(dialog()).toBeNull();
    expect(consentCookieValue()).toMatch(/^C[\w-]+/);
    expect(load).toHaveBeenCalledTimes(1);
    expect((window as EarlyInputWindow)[EARLY_INPUT_QUEUE]).toEqual([]);
  });
});
