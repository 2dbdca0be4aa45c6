import { renderToString } from 'react-dom/server';
import { createBannerStore } from './banner-store';
import { ConsentBanner } from './consent-banner';
import { hasStoredChoice } from './consent-session';
import { CONSENT_ROOT_CLASS } from './constants';

/** Nothing to do: the server's banner only shows; its clicks wait for the app (mount-banner.tsx). */
const NO_ACTION = () => {};

/**
 * The banner's first layer as the server's first view shows it, for a request without a stored
 * choice: it paints with the page, not when the app has started. It was the largest thing a new
 * visitor's news front, programmes and videos drew, so their LCP waited for the app
 * (bench/site.mjs). The app's banner takes this container over (mount-banner.tsx) with the same
 * markup; a click on a button before that is kept by the head (early-input/capture-early-input.ts)
 * and done by the app's button. Empty with a stored choice (valid or not: the consent manager tells,
 * as in the browser), so that a returning visitor never sees it, not even for a frame.
 */
export function firstViewConsentBanner(cookieHeader: string | undefined): string {
  if (hasStoredChoice({ cookie: cookieHeader ?? '' })) return '';
  const store = createBannerStore();
  store.send({ type: 'ask' });
  const banner = renderToString(<ConsentBanner store={store} currentChoice={() => undefined} actions={{ acceptAll: NO_ACTION, rejectAll: NO_ACTION, save: NO_ACTION }} />);
  return `<div class="${CONSENT_ROOT_CLASS}">${banner}</div>`;
}
