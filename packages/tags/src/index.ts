/**
 * @mesura/tags: the browser rules runtime (a tag manager). A property of data elements and rules
 * (event → conditions → actions) decides; the injected `ActionHandlers` act.
 */
export { createTagRuntime, createTagRuntimeWith } from './runtime.js';
export { validateProperty } from './config/validate-property.js';
export { browserEnvironment } from './browser-environment.js';
export { escapeRegExp } from './core/template.js';
export {
  ACTION_TIMEOUT,
  UNSUPPORTED_IE,
  circularReference,
  domainNotAuthorised,
  moduleNotFound,
  scriptLoadFailed,
  unknownDataElement,
} from './errors.js';
export {
  ACTION_TIMEOUT_MS,
  CATALAN_WEEKDAYS,
  DEFAULT_LINK_TYPE,
  DEBUG_QUERY_PARAM,
  DEBUG_STORAGE_KEY,
  MAX_DATA_ELEMENT_DEPTH,
  MAX_QUERY_KEYS,
  TIMEZONE_OFFSET_HOURS,
} from './constants.js';

// Types apart, so `verbatimModuleSyntax` builds erase them cleanly.
export type { ComposedTagRuntimeOptions, TagRuntime, TagRuntimeOptions } from './runtime.js';
export type { Components } from './core/services.js';
export type { ValidationResult } from './config/validate-property.js';
export type {
  ActionConfig,
  ActionType,
  CompareOperator,
  ConditionConfig,
  ConditionType,
  DataElementConfig,
  DataElementType,
  EventConfig,
  EventConfigType,
  PageInfoField,
  PropertyConfig,
  RuleConfig,
  ValueTemplate,
  VariableTemplates,
} from './config/property-config.js';
export type {
  ActionHandlers,
  ConsentSource,
  LinkType,
  PersonalizeInput,
  SendLinkInput,
  SendPageViewInput,
  Variables,
} from './action-handlers.js';
export type { RuleComponent, RuleOutcome, RuleOutcomeReason } from './rule-outcome.js';
export type { RuleContext } from './rule-context.js';
export type { ClickTarget, EventDetail, TagEvent, TagEventType } from './tag-event.js';
export type { TagDocument, TagEnvironment, TagLocation, TagWindow, TimerHandle } from './environment.js';
