/**
 * Starts the site's consent banner, loaded with a dynamic import from app.tsx so that it never
 * delays the first paint. The banner itself is small; the manager behind it (consent-manager.ts,
 * with @iabtcf/*) is loaded through the page's consent session only when something needs it:
 * - a stored `euconsent-v2` cookie: at once (main.tsx), to read it and ask again if it is invalid;
 * - the visitor's answer: the banner closes at once and the manager, loaded then, stores it;
 * - a vendor's `__tcfapi` call: the head snippet's stub keeps the call and the manager answers it.
 * So a new visitor downloads no TCF library before choosing, and nothing is measured meanwhile.
 */
import { sendingAnswers, type SendConsentAnswer } from './consent-choice-sending';
import { consentSession, hasStoredChoice, type ConsentSession } from './consent-session';
import { mountConsentBanner } from './mount-banner';

export interface ConsentController {
  /**
   * Opens the settings layer with the choice in force (the footer's "Configuració de galetes").
   * Once the visitor has chosen, focus goes back to `returnFocusTo`.
   */
  openSettings(returnFocusTo?: HTMLElement): void;
}

type TcfApi = (...args: unknown[]) => unknown;

export function startConsent(session: ConsentSession = consentSession, sendAnswer?: SendConsentAnswer): ConsentController {
  if (hasStoredChoice(document)) void session.manager();
  else {
    session.store.send({ type: 'ask' });
    loadOnFirstTcfCall(() => void session.manager());
  }
  mountConsentBanner({
    store: session.store,
    currentChoice: () => session.started()?.currentChoice(),
    // Each answer is also counted, without any identifier (consent-choice-sending.ts).
    actions: sendingAnswers(
      {
        acceptAll: () => session.choose((manager) => manager.acceptAll()),
        rejectAll: () => session.choose((manager) => manager.rejectAll()),
        save: (toggles) => session.choose((manager) => manager.save(toggles)),
      },
      sendAnswer,
    ),
  });
  return { openSettings: (returnFocusTo) => void session.manager().then((manager) => manager?.openSettings(returnFocusTo)) };
}

/**
 * Wraps the head snippet's `__tcfapi` stub so that a vendor's first call loads the manager, whose
 * @iabtcf/cmpapi then replaces the stub and answers the calls it kept. The stub's `ping` still
 * answers at once, without loading anything.
 */
function loadOnFirstTcfCall(load: () => void): void {
  const page = window as unknown as { __tcfapi?: TcfApi };
  const stub = page.__tcfapi;
  if (typeof stub !== 'function') return load();
  page.__tcfapi = (...args: unknown[]) => {
    const answer = stub(...args);
    if (args.length > 0 && args[0] !== 'ping') load();
    return answer;
  };
}
