import type { EventDetail, TagEvent } from './tag-event.js';

/** What custom conditions, actions and data elements receive. */
export interface RuleContext {
  /** The rule being run. */
  rule: string;
  /** The event that triggered it. */
  event: TagEvent;
  /**
   * The event's detail. For a click, also `element` (the node that matched the rule's selector),
   * `text` (its trimmed text) and `href` (its `href` attribute).
   */
  detail: EventDetail;
  /**
   * The value of a data element, options applied. `undefined` for an unknown name or a failing
   * element; the error goes to the debug log, never to the caller.
   */
  dataElement(name: string): unknown;
}
