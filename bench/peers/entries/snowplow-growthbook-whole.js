// Snowplow and GrowthBook: Mesura's whole stack's jobs (page views, link clicks, media, A/B testing).
import { newTracker, trackPageView, trackStructEvent } from '@snowplow/browser-tracker';
import { LinkClickTrackingPlugin, enableLinkClickTracking } from '@snowplow/browser-plugin-link-click-tracking';
import { SnowplowMediaPlugin } from '@snowplow/browser-plugin-media';
import { runOfferExperiment } from '../glue/growthbook-experiment.js';
import { trackHtml5Videos } from '../glue/html5-video-to-snowplow.js';

const tracker = newTracker('sp', 'https://collector.example.org', {
  appId: 'site',
  plugins: [LinkClickTrackingPlugin(), SnowplowMediaPlugin()],
});
enableLinkClickTracking({ pseudoClicks: true });
trackPageView();
trackHtml5Videos();
void runOfferExperiment({
  visitorId: tracker?.getDomainUserId(),
  onExposure: (experiment, variation) => trackStructEvent({ category: 'experiment', action: 'viewed', label: experiment, property: variation }),
});
