import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsentBanner, type ConsentBannerProps } from './consent-banner';
import { CONSENT_ROOT_CLASS } from './constants';

/**
 * Renders the banner into its own root at the end of <body>, outside the router's tree: it must
 * keep its state across navigations, and sitting after the footer in the document lets it stick to
 * the bottom of the viewport without ever covering the footer for good (see `.consent-root`).
 */
export function mountConsentBanner(props: ConsentBannerProps): void {
  const container = document.createElement('div');
  container.className = CONSENT_ROOT_CLASS;
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <ConsentBanner {...props} />
    </StrictMode>,
  );
}
