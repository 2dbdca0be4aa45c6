// Snowplow: page views and link clicks (the link click tracking plugin).
import { newTracker, trackPageView } from '@snowplow/browser-tracker';
import { LinkClickTrackingPlugin, enableLinkClickTracking } from '@snowplow/browser-plugin-link-click-tracking';

newTracker('sp', 'https://collector.example.org', { appId: 'site', plugins: [LinkClickTrackingPlugin()] });
enableLinkClickTracking({ pseudoClicks: true });
trackPageView();
