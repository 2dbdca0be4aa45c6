/**
 * The property: data elements and rules (event → conditions → actions), as a typed object. Values
 * may come from JSON too (bar the custom functions); `validateProperty` checks either at run time.
 *
 * Run order: the rules an event reaches run one after another, by `order` (lower first, default
 * 50), then in declaration order. A rule's conditions are checked in order and must all pass; its
 * actions then run in sequence, each awaited. Events are handled one at a time, in the order they
 * happen.
 */
import type { LinkType } from '../action-handlers.js';
import type { RuleContext } from '../rule-context.js';

/**
 * A value template: a literal, `%name%` (the data element's value, whatever its type) or text
 * with `%name%` references in it (each replaced by the element's text, `''` when undefined).
 */
export type ValueTemplate = string;

/** Analytics variable name → value template. Empty results are left out. */
export type VariableTemplates = Record<string, ValueTemplate>;

export interface PropertyConfig {
  /** Shown in the debug log. */
  name: string;
  /**
   * Host names the rules may run on. A host matches a domain equal to it or under it
   * (`www.example.cat` matches `example.cat`). §9 gives a property one domain.
   */
  domains: string[];
  /** Also run on `localhost` and `127.0.0.1`, for development. Default false. */
  allowLocalhost?: boolean;
  /** Name → data element. Names are referenced as `%name%`. */
  dataElements: Record<string, DataElementConfig>;
  /** Ordered by `order`, then by position here. */
  rules: RuleConfig[];
}

export interface RuleConfig {
  /** Unique, for outcomes and the log. */
  name: string;
  /** Any of these triggers the rule. */
  events: EventConfig[];
  /** All must pass, checked in order; the first failure stops the rule. */
  conditions: ConditionConfig[];
  /** Run in sequence; one that fails or times out stops the rule (see README "Timeouts"). */
  actions: ActionConfig[];
  /** Lower runs first. Default 50. */
  order?: number;
  /** `false` keeps the rule in the property without running it. Default true. */
  enabled?: boolean;
}

export type EventConfig =
  /** When the runtime starts (§4). */
  | { type: 'libraryLoaded' }
  /** When the document has been parsed (§4). */
  | { type: 'domReady' }
  /** When the page has loaded (§4). */
  | { type: 'windowLoaded' }
  /** When `track(name, detail)` is called (§7 direct-call triggers). */
  | { type: 'directCall'; name: string }
  /** When an element matching `selector` (or inside one) is clicked. */
  | { type: 'click'; selector: string }
  /** When a DOM `CustomEvent` named `name` reaches the window (from the document or the window). */
  | { type: 'custom'; name: string }
  /** When a single-page app changes path or query. */
  | { type: 'routeChange' };

/** Data-element comparisons. `gt`/`lt` compare as numbers (non-numbers never pass). */
export type CompareOperator = 'equals' | 'notEquals' | 'contains' | 'startsWith' | 'matches' | 'exists' | 'gt' | 'lt';

export type ConditionConfig = {
  /** Pass when the test fails instead. A condition that errors or times out never passes. Default false. */
  negate?: boolean;
} & (
  | {
      /**
       * The location's path contains `value` as a word (§2 "path contains the word cercador"):
       * not preceded or followed by a letter or digit, so `/cercador/` and `/cercador-avancat/`
       * match and `/cercadors/` does not. Case-sensitive. `substring: true` matches anywhere.
       */
      type: 'pathContains';
      value: string;
      substring?: boolean;
    }
  /** The path matches a regular expression (source text, checked when the property is validated). */
  | { type: 'pathMatches'; pattern: string; flags?: string }
  /** A data element's value compared with `value` (not needed for `exists`: defined and not empty). */
  | { type: 'dataElement'; name: string; operator: CompareOperator; value?: string | number; caseInsensitive?: boolean }
  /** A query-string parameter is present, or equals `value`. `caseInsensitive` is about its name. */
  | { type: 'queryParam'; name: string; value?: string; caseInsensitive?: boolean }
  /** The vendor consent list holds this vendor (§5). */
  | { type: 'consentVendor'; vendorId: string | number }
  /** Automatic hits are not disabled (§5). */
  | { type: 'automaticHitsEnabled' }
  /** Anything else; a promise is awaited for 2000 ms at most. */
  | { type: 'custom'; test: (context: RuleContext) => boolean | Promise<boolean> }
);

export type ActionConfig =
  /** Hand a page view to `ActionHandlers.sendPageView`. */
  | {
      type: 'sendPageView';
      pageName?: ValueTemplate;
      url?: ValueTemplate;
      /** Start from every page-level analytics variable of the data layer (`pageVariables`). Default false. */
      dataLayerVariables?: boolean;
      variables?: VariableTemplates;
      /** Report-suite event names, e.g. `pageView`, `search`. Default none. */
      events?: string[];
    }
  /** Hand a link track to `ActionHandlers.sendLink`. */
  | {
      type: 'sendLink';
      /** Default `'o'` (§7). */
      linkType?: LinkType;
      linkName?: ValueTemplate;
      linkUrl?: ValueTemplate;
      dataLayerVariables?: boolean;
      variables?: VariableTemplates;
      events?: string[];
    }
  /** `ActionHandlers.clearVariables()`. */
  | { type: 'clearVariables' }
  /** Add a `<script async>` and wait for it; once per URL per page. Fails with the §8 load error. */
  | { type: 'loadScript'; url: ValueTemplate }
  /** `ActionHandlers.personalize` for an mbox (the personalisation package's hook). */
  | { type: 'personalize'; mbox: ValueTemplate; parameters?: VariableTemplates }
  /** Anything else; a promise is awaited for 2000 ms at most. */
  | { type: 'custom'; run: (context: RuleContext) => void | Promise<void> };

/** What the `pageInfo` data element reads. Time fields are at UTC+1 (§9). */
export type PageInfoField =
  /** `location.href`. */
  | 'url'
  /** `location.pathname`. */
  | 'path'
  /** `location.hostname`. */
  | 'hostname'
  /** `document.referrer`. */
  | 'referrer'
  /** `innerWidth x innerHeight`, e.g. `1280x720`. */
  | 'viewport'
  /** The Catalan day name, `dilluns` … `diumenge`. */
  | 'weekday'
  /** `HH:mm`, 24-hour. */
  | 'localTime'
  /** `0` … `23`. */
  | 'hour';

export type DataElementConfig = {
  /** Used when the value is undefined, null or `''`. A template: a literal or `%other%`. */
  default?: ValueTemplate;
  /** Trim and collapse runs of white space to one space. Default false. */
  cleanText?: boolean;
  /** Lower-case the text. Default false. */
  forceLowerCase?: boolean;
} & (
  | {
      /**
       * A path into the data layer, e.g. `page.seccio`, read from `readDataLayer` (defaults of §5
       * and the Error404 rule applied) and, for fields it does not know, from `window.mesuraData`.
       * Also `derived.*` and `variables.*` (the analytics variables of `pageVariables`).
       */
      type: 'dataLayer';
      path: string;
    }
  /** A path into the triggering event's detail, e.g. `titolContingut` of a direct call. */
  | { type: 'eventDetail'; path: string }
  /** A query-string parameter (first occurrence; at most 1000 keys parsed, §9). */
  | { type: 'queryParam'; name: string; caseInsensitive?: boolean }
  /** A cookie's value. */
  | { type: 'cookie'; name: string }
  /** Always this value. */
  | { type: 'constant'; value: string }
  /** A fact of the page or the moment. */
  | { type: 'pageInfo'; field: PageInfoField }
  /** The first entry of a comma list (§5), from another data element or a data-layer path. */
  | { type: 'firstValue'; dataElement?: string; path?: string }
  /** Anything else (synchronous). */
  | { type: 'custom'; get: (context: RuleContext) => unknown }
);

/** One of the type names, per kind. */
export type EventConfigType = EventConfig['type'];
export type ConditionType = ConditionConfig['type'];
export type ActionType = ActionConfig['type'];
export type DataElementType = DataElementConfig['type'];
