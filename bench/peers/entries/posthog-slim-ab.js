// PostHog's slim entry with its analytics and experiment extensions: page views, autocaptured
// clicks and an A/B test on a feature flag.
import posthog from 'posthog-js/dist/module.slim';
import { AnalyticsExtensions, ExperimentsExtensions } from 'posthog-js/dist/extension-bundles';

posthog.init('phc_site', {
  api_host: 'https://posthog.example.org',
  capture_pageview: true,
  autocapture: true,
  __extensionClasses: { ...AnalyticsExtensions, ...ExperimentsExtensions },
});
posthog.onFeatureFlags(() => {
  const offer = posthog.getFeatureFlagPayload('portada-oferta');
  const slot = document.querySelector('[data-offer]');
  if (slot && typeof offer === 'string' && posthog.getFeatureFlag('portada-oferta') === 'test') slot.textContent = offer;
});
