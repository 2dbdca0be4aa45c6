/**
 * Why each rule an event reached did or did not act, so tests and the debug log can name it.
 * `fire()` returns one per rule listening for the event, in run order.
 */

/** The part of a rule a failure happened in. */
export type RuleComponent = 'condition' | 'action';

export type RuleOutcome =
  /** Every condition passed and every action completed. */
  | { rule: string; reason: 'fired' }
  /** The rule has `enabled: false`; nothing ran. */
  | { rule: string; reason: 'disabled' }
  /** The page's host is not in the property's domains (§8); nothing ran. */
  | { rule: string; reason: 'domainRefused'; message: string }
  /** Condition number `index` (from 0) was false (or true, when negated); no action ran. */
  | { rule: string; reason: 'conditionFailed'; index: number; type: string }
  /** A component did not settle within 2000 ms (§9); it and the rest of the rule were abandoned. */
  | { rule: string; reason: 'timedOut'; component: RuleComponent; index: number; type: string; message: string }
  /** A component threw, rejected or is unknown (§8); the rest of the rule did not run. */
  | { rule: string; reason: 'error'; component: RuleComponent; index: number; type: string; message: string };

/** One of the reasons. */
export type RuleOutcomeReason = RuleOutcome['reason'];
