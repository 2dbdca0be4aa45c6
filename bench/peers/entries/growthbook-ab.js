// GrowthBook alone: A/B testing, exposures sent by a beacon of the page's own.
import { runOfferExperiment } from '../glue/growthbook-experiment.js';

void runOfferExperiment({
  onExposure: (experiment, variation) => navigator.sendBeacon('/exposures', JSON.stringify({ experiment, variation })),
});
