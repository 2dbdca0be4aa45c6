// Snowplow: page views, link clicks and media (the media plugin, wired to the page's <video>s).
import { newTracker, trackPageView } from '@snowplow/browser-tracker';
import { LinkClickTrackingPlugin, enableLinkClickTracking } from '@snowplow/browser-plugin-link-click-tracking';
import { SnowplowMediaPlugin } from '@snowplow/browser-plugin-media';
import { trackHtml5Videos } from '../glue/html5-video-to-snowplow.js';

newTracker('sp', 'https://collector.example.org', {
  appId: 'site',
  plugins: [LinkClickTrackingPlugin(), SnowplowMediaPlugin()],
});
enableLinkClickTracking({ pseudoClicks: true });
trackPageView();
trackHtml5Videos();
