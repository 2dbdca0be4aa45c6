import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ConsentBanner, type ConsentBannerProps } from './consent-banner';
import { CONSENT_ROOT_CLASS } from './constants';
import { takeOverFirstViewBanner } from './first-view-banner-takeover';

/** Set on the banner's container once the app's banner is in it: the head's capture then leaves its clicks alone. */
export const BANNER_READY_ATTRIBUTE = 'data-app';

/**
 * Renders the banner into its own root at the end of <body>, outside the router's tree: it must
 * keep its state across navigations, and sitting after the footer in the document lets it stick to
 * the bottom of the viewport without ever covering the footer for good (see `.consent-root`). The
 * server's first view may have put the first layer there already (first-view-banner.tsx): the app's
 * banner then replaces it in one commit, the same markup in the same place, and does what the
 * visitor clicked on it meanwhile.
 */
export function mountConsentBanner(props: ConsentBannerProps): void {
  const firstView = document.querySelector<HTMLElement>(`body > .${CONSENT_ROOT_CLASS}`);
  const container = firstView ?? document.createElement('div');
  if (firstView === null) {
    container.className = CONSENT_ROOT_CLASS;
    document.body.append(container);
  }
  const takeOver = firstView === null ? undefined : takeOverFirstViewBanner(window, firstView);
  const root = createRoot(container);
  // Synchronously, so that focus and the waiting clicks go to the app's buttons before the next paint.
  flushSync(() =>
    root.render(
      <StrictMode>
        <ConsentBanner {...props} />
      </StrictMode>,
    ),
  );
  container.setAttribute(BANNER_READY_ATTRIBUTE, 'ready');
  takeOver?.carryOver(container);
}
