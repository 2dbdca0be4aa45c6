// PostHog's slim entry (extensions opted into one by one, PostHog's way to a smaller bundle): page
// views, no extension.
import posthog from 'posthog-js/dist/module.slim';

posthog.init('phc_site', { api_host: 'https://posthog.example.org', capture_pageview: true, autocapture: false });
