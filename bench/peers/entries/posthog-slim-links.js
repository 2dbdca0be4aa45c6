// PostHog's slim entry with its analytics extensions (autocapture, heatmaps, web vitals…): page
// views and autocaptured clicks.
import posthog from 'posthog-js/dist/module.slim';
import { AnalyticsExtensions } from 'posthog-js/dist/extension-bundles';

posthog.init('phc_site', {
  api_host: 'https://posthog.example.org',
  capture_pageview: true,
  autocapture: true,
  __extensionClasses: { ...AnalyticsExtensions },
});
