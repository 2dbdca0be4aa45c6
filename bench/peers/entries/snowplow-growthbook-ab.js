// Snowplow and GrowthBook: page views, link clicks and A/B testing, exposures sent as Snowplow events.
import { newTracker, trackPageView, trackStructEvent } from '@snowplow/browser-tracker';
import { LinkClickTrackingPlugin, enableLinkClickTracking } from '@snowplow/browser-plugin-link-click-tracking';
import { runOfferExperiment } from '../glue/growthbook-experiment.js';

const tracker = newTracker('sp', 'https://collector.example.org', { appId: 'site', plugins: [LinkClickTrackingPlugin()] });
enableLinkClickTracking({ pseudoClicks: true });
trackPageView();
void runOfferExperiment({
  visitorId: tracker?.getDomainUserId(),
  onExposure: (experiment, variation) => trackStructEvent({ category: 'experiment', action: 'viewed', label: experiment, property: variation }),
});
