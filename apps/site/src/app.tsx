import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ConsentSettingsContext, type OpenConsentSettings } from './consent/consent-settings-context';
import { createPageViewGate } from './measurement/page-view-gate';
import { PageViewGateContext } from './measurement/page-view-gate-context';
import { readFirstViewData } from './first-view-data';
import { resolveFirstPage, SiteRouter } from './routing/site-router';
import { firstViewActedOn } from './early-input/first-view-acted-on';

/** Set on the root element once the app has replaced the first view: from then on every control is the app's. */
export const APP_READY_ATTRIBUTE = 'data-app';

/**
 * Starts the site in the browser: the consent manager, and the app rendered into `container`. The
 * server's first view there (first-view.tsx) is replaced, not hydrated, in one commit: an offer the
 * personalisation client put into it must not make React throw the page away as a mismatch, and
 * the client puts its offers back before the next paint.
 */
export async function startSite(container: HTMLElement): Promise<void> {
  // The consent banner is a chunk of its own: the first paint never waits for it, and until the
  // manager behind it has run (main.tsx starts it at once for a stored choice) the head snippet's
  // __tcfapi stub queues vendors' calls.
  const consent = import('./consent/start-consent')
    .then(({ startConsent }) => startConsent())
    .catch((error: unknown) => {
      // Without it no choice can be made, so nothing is measured; the page itself works.
      console.error('Mesura: the consent manager did not start.', error);
      return undefined;
    });
  const openConsentSettings: OpenConsentSettings = (returnFocusTo) => {
    void consent.then((controller) => controller?.openSettings(returnFocusTo));
  };

  // The first view stays until the app can show the same page: its code and data are there.
  const first = await resolveFirstPage(readFirstViewData(document));
  const input = firstViewActedOn(window, container) ? (await import('./early-input/first-view-input')).takeFirstViewInput(window, container) : undefined;
  const root = createRoot(container);
  // Rendered synchronously, so that what the visitor typed goes back before the next paint.
  flushSync(() =>
    root.render(
      <StrictMode>
        <ConsentSettingsContext value={openConsentSettings}>
          <PageViewGateContext value={createPageViewGate()}>
            <SiteRouter first={first} />
          </PageViewGateContext>
        </ConsentSettingsContext>
      </StrictMode>,
    ),
  );
  container.setAttribute(APP_READY_ATTRIBUTE, 'ready');
  // What was typed goes back, and a click or submit made on the first view is done now, by the
  // app's own controls, which measure it.
  input?.carryOver(container);
}
