// PostHog, the package's default entry: page views and autocaptured clicks (links among them).
import posthog from 'posthog-js';

posthog.init('phc_site', { api_host: 'https://posthog.example.org', capture_pageview: true, autocapture: true });
