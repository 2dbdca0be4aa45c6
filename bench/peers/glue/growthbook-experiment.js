// A/B testing with GrowthBook as its README sets it up: the SDK fetches the site's features and
// experiments from the GrowthBook API, assigns the visitor a variation, reports the exposure through
// the page's analytics (trackingCallback) and the page shows the variation. Imported by the entries
// whose job includes A/B testing.
import { GrowthBook } from '@growthbook/growthbook';

/** How long the page waits for the features before showing the control (GrowthBook's `init` timeout). */
const FEATURES_TIMEOUT_MS = 3000;
const VISITOR_ID_KEY = 'ab_visitor';

/** A visitor id for the assignment when the analytics tool gives none (Plausible keeps no id). */
function storedVisitorId() {
  const stored = localStorage.getItem(VISITOR_ID_KEY);
  if (stored) return stored;
  const made = crypto.randomUUID();
  localStorage.setItem(VISITOR_ID_KEY, made);
  return made;
}

/** Runs the home page's offer experiment; `onExposure(experimentKey, variationKey)` reports it. */
export async function runOfferExperiment({ visitorId = storedVisitorId(), onExposure }) {
  const growthbook = new GrowthBook({
    apiHost: 'https://growthbook.example.org',
    clientKey: 'sdk-site',
    attributes: { id: visitorId, url: location.href },
    trackingCallback: (experiment, result) => onExposure(experiment.key, result.key),
  });
  await growthbook.init({ timeout: FEATURES_TIMEOUT_MS });
  const offer = growthbook.getFeatureValue('portada-oferta', '');
  const slot = document.querySelector('[data-offer]');
  if (slot && offer) slot.textContent = offer;
}
