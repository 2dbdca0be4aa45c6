/**
 * The tag runtime's component types the site's property uses (site-property.ts), and no other:
 * /mesura.js runs the property with these (`createTagRuntimeWith`), so a type, compare operator,
 * page-info field or event trigger the property does not use weighs nothing on the site's pages. A component the
 * property starts to use must be added here: site-components.test.ts fails until it is, and until
 * then its rule stops with §8 "module not found" in /mesura.js.
 */
import {
  automaticHitsEnabledCondition,
  clearVariablesAction,
  consentVendorCondition,
  dataElementCondition,
  dataLayerElement,
  eventDetailElement,
  existsComparison,
  firstValueElement,
  loadScriptAction,
  pageInfoElement,
  pageInfoUrl,
  pathContainsCondition,
  pathMatchesCondition,
  personalizeAction,
  sendLinkAction,
  sendPageViewAction,
  type Components,
} from '@mesura/tags/components';

/** The page-info fields the property reads: the page's URL of its page views. */
export const SITE_PAGE_INFO = { url: pageInfoUrl };

/** The compare operators of its data-element conditions: whether the page has a player. */
export const SITE_COMPARISONS = { exists: existsComparison };

export const SITE_COMPONENTS: Components = {
  dataElements: { dataLayer: dataLayerElement, eventDetail: eventDetailElement, pageInfo: pageInfoElement(SITE_PAGE_INFO), firstValue: firstValueElement },
  conditions: {
    pathContains: pathContainsCondition,
    pathMatches: pathMatchesCondition,
    dataElement: dataElementCondition(SITE_COMPARISONS),
    consentVendor: consentVendorCondition,
    automaticHitsEnabled: automaticHitsEnabledCondition,
  },
  actions: { clearVariables: clearVariablesAction, sendPageView: sendPageViewAction, sendLink: sendLinkAction, loadScript: loadScriptAction, personalize: personalizeAction },
  // No click trigger: the property's rules follow direct calls, custom events and route changes.
  events: {},
};
