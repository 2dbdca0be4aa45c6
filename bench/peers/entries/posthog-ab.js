// PostHog, the package's default entry: page views, autocaptured clicks and an A/B test on a
// feature flag (reading the flag records the exposure).
import posthog from 'posthog-js';

posthog.init('phc_site', { api_host: 'https://posthog.example.org', capture_pageview: true, autocapture: true });
posthog.onFeatureFlags(() => {
  const offer = posthog.getFeatureFlagPayload('portada-oferta');
  const slot = document.querySelector('[data-offer]');
  if (slot && typeof offer === 'string' && posthog.getFeatureFlag('portada-oferta') === 'test') slot.textContent = offer;
});
