// @vitest-environment happy-dom
import { acceptAll, createVendorList, encodeChoice } from '@mesura/consent';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTcfStub } from '@mesura/sdk/tcf-stub';
import * as consentManager from '../src/consent/consent-manager';
import { createConsentSession } from '../src/consent/consent-session';
import { startConsent, type ConsentController } from '../src/consent/start-consent';
import { button, click, consentedIds, consentCookieValue, dialog, dialogName, getTCData, listenToTcf, pressEscape, resetPage, switchNamed } from './helpers/consent-page';

let managerLoads = 0;
const loadManager = async () => {
  managerLoads += 1;
  return consentManager;
};

/** The answers the banner counted (consent-choice-sending.ts), recorded instead of sent. */
let answersSent: string[] = [];

/** Starts the banner as the page does, after the head snippet's __tcfapi stub, and lets a manager it loads start. */
async function start(): Promise<ConsentController> {
  installTcfStub(window as { __tcfapi?: unknown });
  let controller: ConsentController | undefined;
  act(() => {
    controller = startConsent(createConsentSession(loadManager), (answer) => answersSent.push(answer));
  });
  await settle();
  return controller!;
}

/**
 * Lets what a click started finish: the manager's start (a resolved promise here) and the settings
 * layer's chunk (a module import, answered by the test runner on a later turn of the event loop).
 */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let step = 0; step < 10; step++) await Promise.resolve();
  });

/** `click`, then what the click started. */
async function choose(element: HTMLElement): Promise<void> {
  click(element);
  await settle();
}
const WEB_ANALYTICS = 'Mesura analítica web';

// The settings layer is a chunk of its own: its module is loaded once here, so that opening the
// layer in a test waits only for React.lazy's promise, not for the test runner's first transform.
beforeAll(async () => {
  await import('../src/consent/settings-layer');
});

let load: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  resetPage();
  load = vi.fn<() => void>();
  managerLoads = 0;
  answersSent = [];
  window.mesura = { track: vi.fn(), load };
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('startConsent for a new visitor', () => {
  it('shows the first layer, named by its heading, with focus inside, and tells vendors the UI is shown', async () => {
    await start();
    expect(dialog()?.getAttribute('aria-modal')).toBe('false');
    expect(dialogName()).toBe('La vostra privacitat');
    expect(document.activeElement?.textContent).toBe('La vostra privacitat');
    expect(managerLoads).toBe(0);
    const heard = listenToTcf();
    await settle();
    expect(managerLoads).toBe(1);
    expect(heard).toMatchObject([{ eventStatus: 'cmpuishown', tcString: '' }]);
    expect(consentCookieValue()).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads no TCF library before a choice: the stub answers ping, and the first choice loads the manager once', async () => {
    await start();
    let ping: unknown;
    (window as unknown as { __tcfapi: (...args: unknown[]) => void }).__tcfapi('ping', 2, (answer: unknown) => (ping = answer));
    expect(ping).toMatchObject({ cmpLoaded: false, cmpStatus: 'stub' });
    await choose(button('Configura'));
    expect(managerLoads).toBe(0);
    click(button('Accepta-ho tot'));
    // The banner closes at once; the choice is stored once the manager, loaded by the click, runs.
    expect(dialog()).toBeNull();
    expect(consentCookieValue()).toBeUndefined();
    await settle();
    expect(managerLoads).toBe(1);
    expect(consentCookieValue()).toBeDefined();
    expect(dialog()).toBeNull();
  });

  it('offers the three answers as the same component with the same class', async () => {
    await start();
    const answers = ['Accepta-ho tot', 'Rebutja-ho tot', 'Configura'].map(button);
    expect(answers.map((answer) => answer.className)).toEqual(['consent-button', 'consent-button', 'consent-button']);
  });

  it('on "Accepta-ho tot" stores the cookie, updates __tcfapi at once, loads /mesura.js and closes', async () => {
    await start();
    const heard = listenToTcf();
    await choose(button('Accepta-ho tot'));
    expect(consentCookieValue()).toMatch(/^C[\w-]+(\.[\w-]+)+$/);
    expect(heard.at(-1)).toMatchObject({ eventStatus: 'useractioncomplete', tcString: consentCookieValue() });
    expect(consentedIds(heard.at(-1)?.vendor.consents)).toEqual([1001, 1002, 1003, 1004]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
    expect(answersSent).toEqual(['accept-all']);
  });

  it('on "Rebutja-ho tot" stores a choice without consent and does not load /mesura.js', async () => {
    await start();
    await choose(button('Rebutja-ho tot'));
    expect(getTCData().eventStatus).toBe('useractioncomplete');
    expect(consentedIds(getTCData().vendor.consents)).toEqual([]);
    expect(consentCookieValue()).toBeDefined();
    expect(load).not.toHaveBeenCalled();
    expect(dialog()).toBeNull();
    expect(answersSent).toEqual(['reject-all']);
  });

  it('"Configura" opens the settings layer with every switch off and focus on its heading', async () => {
    await start();
    await choose(button('Configura'));
    const switches = [...document.querySelectorAll<HTMLInputElement>('input[role="switch"]')];
    expect(switches).toHaveLength(15);
    expect(switches.every((input) => input.type === 'checkbox' && !input.checked)).toBe(true);
    expect(document.activeElement?.textContent).toBe('Trieu què permeteu');
    expect(dialogName()).toBe('La vostra privacitat');
  });

  it('Escape goes back from the settings layer to the first layer, onto "Configura", and no further', async () => {
    await start();
    await choose(button('Configura'));
    pressEscape();
    expect(document.activeElement).toBe(button('Configura'));
    pressEscape();
    expect(dialog()).not.toBeNull();
    expect(consentCookieValue()).toBeUndefined();
  });

  it('"Desa la selecció" stores exactly the switches turned on', async () => {
    await start();
    await choose(button('Configura'));
    click(switchNamed('Emmagatzemar informació en un dispositiu o accedir-hi'));
    click(switchNamed(WEB_ANALYTICS));
    await choose(button('Desa la selecció'));
    const data = getTCData();
    expect(consentedIds(data.purpose.consents)).toEqual([1]);
    expect(consentedIds(data.vendor.consents)).toEqual([1001]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('startConsent for a returning visitor', () => {
  const acceptedCookie = (): void => {
    const gvl = createVendorList();
    document.cookie = `euconsent-v2=${encodeChoice(acceptAll(gvl), { gvl, now: Date.now() })}; Path=/`;
  };

  it('shows no banner and gives vendors the stored choice (tcloaded)', async () => {
    acceptedCookie();
    await start();
    expect(dialog()).toBeNull();
    expect(getTCData().eventStatus).toBe('tcloaded');
    expect(consentedIds(getTCData().vendor.consents)).toEqual([1001, 1002, 1003, 1004]);
  });

  it('withdraws at once from the footer: reopened with the switches as stored, "Rebutja-ho tot" reaches __tcfapi', async () => {
    acceptedCookie();
    const controller = await start();
    const footerLink = document.body.appendChild(document.createElement('button'));
    const heard = listenToTcf();
    act(() => controller.openSettings(footerLink));
    await settle();
    await settle();
    expect(heard.at(-1)?.eventStatus).toBe('cmpuishown');
    expect(switchNamed(WEB_ANALYTICS).checked).toBe(true);
    await choose(button('Rebutja-ho tot'));
    expect(heard.at(-1)?.eventStatus).toBe('useractioncomplete');
    expect(consentedIds(heard.at(-1)?.vendor.consents)).toEqual([]);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(footerLink);
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the banner again for a malformed cookie and logs why in debug mode only', async () => {
    document.cookie = 'euconsent-v2=not-a-tc-string; Path=/';
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await start();
    expect(dialog()).not.toBeNull();
    expect(info).not.toHaveBeenCalled();

    resetPage();
    document.cookie = 'euconsent-v2=not-a-tc-string; Path=/';
    window.history.replaceState(null, '', '/?mesura_debug=1');
    await start();
    expect(dialog()).not.toBeNull();
    expect(consentedIds(getTCData().vendor.consents)).toEqual([]);
    expect(info).toHaveBeenCalledWith('[mesura consent] consent: stored choice ignored, malformed: not a TC string');
  });
});
