/**
 * @mesura/tags/components: the built-in component types one by one, for a bundle that assembles a
 * runtime (`createTagRuntimeWith`) of only those its fixed property uses, as a tag manager's library
 * holds only the modules its property uses. `createTagRuntime` needs none of this: it runs them all.
 */
export { BUILT_IN_COMPONENTS } from './built-in-components.js';
export { clickTrigger } from './browser/click-trigger.js';
export {
  BUILT_IN_DATA_ELEMENTS,
  constantElement,
  cookieElement,
  customElement,
  dataLayerElement,
  eventDetailElement,
  firstValueElement,
  pageInfoElement,
  queryParamElement,
} from './core/data-element-types.js';
export { PAGE_INFO, pageInfoUrl } from './core/page-info.js';
export {
  BUILT_IN_CONDITIONS,
  COMPARISONS,
  automaticHitsEnabledCondition,
  consentVendorCondition,
  customCondition,
  dataElementCondition,
  existsComparison,
  pathContainsCondition,
  pathMatchesCondition,
  queryParamCondition,
} from './core/conditions.js';
export {
  BUILT_IN_ACTIONS,
  clearVariablesAction,
  customAction,
  loadScriptAction,
  personalizeAction,
  sendLinkAction,
  sendPageViewAction,
} from './core/actions.js';

// Types apart, so `verbatimModuleSyntax` builds erase them cleanly.
export type { ActionRunner, ActionScope, Components, ConditionCheck, DataElementReader, EventTrigger, Listen, ReadScope } from './core/services.js';
export type { Comparison } from './core/conditions.js';
