// Plausible and GrowthBook: page views, outbound links and downloads, and A/B testing, exposures
// sent as Plausible custom events.
import { init, track } from '@plausible-analytics/tracker';
import { runOfferExperiment } from '../glue/growthbook-experiment.js';

init({ domain: 'example.org', endpoint: 'https://plausible.example.org/api/event', outboundLinks: true, fileDownloads: true });
void runOfferExperiment({
  onExposure: (experiment, variation) => track('Experiment viewed', { props: { experiment, variation }, interactive: false }),
});
