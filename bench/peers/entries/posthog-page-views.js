// PostHog, the package's default entry (every extension bundled): page views only.
import posthog from 'posthog-js';

posthog.init('phc_site', { api_host: 'https://posthog.example.org', capture_pageview: true, autocapture: false });
