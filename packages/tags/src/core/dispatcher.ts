/**
 * Event → the rules it reaches → one outcome each. Events are queued and handled one at a time, in
 * arrival order, so hits leave in the order things happened on the page; within an event, rules
 * run one after another in run order.
 */
import type { RuleConfig } from '../config/property-config.js';
import type { RuleOutcome } from '../rule-outcome.js';
import type { EventDetail, TagEvent } from '../tag-event.js';
import { messageOf } from './data-elements.js';
import { matchEvent } from './event-match.js';
import { runRule } from './run-rule.js';
import type { Services } from './services.js';

function firstMatch(rule: RuleConfig, event: TagEvent, services: Services): EventDetail | undefined {
  for (const config of rule.events) {
    const detail = matchEvent(config, event, services.components.events);
    if (detail !== undefined) return detail;
  }
  return undefined;
}

export interface DispatcherOptions {
  /** Already in run order. */
  rules: readonly RuleConfig[];
  services: Services;
  /** The §8 domain error when the page's host is not allowed, else `undefined`. */
  domainRefusal(): string | undefined;
}

/** The runtime's `fire`: never rejects; an unexpected failure is logged and yields no outcomes. */
export function createDispatcher({ rules, services, domainRefusal }: DispatcherOptions): (event: TagEvent) => Promise<RuleOutcome[]> {
  const handle = async (event: TagEvent): Promise<RuleOutcome[]> => {
    const outcomes: RuleOutcome[] = [];
    for (const rule of rules) {
      const detail = firstMatch(rule, event, services);
      if (detail === undefined) continue;
      const refused = domainRefusal();
      const outcome: RuleOutcome =
        refused !== undefined
          ? { rule: rule.name, reason: 'domainRefused', message: refused }
          : rule.enabled === false
            ? { rule: rule.name, reason: 'disabled' }
            : await runRule(rule, event, detail, services);
      services.log.info(`Rule "${rule.name}": ${outcome.reason}`);
      outcomes.push(outcome);
    }
    return outcomes;
  };

  let queue: Promise<unknown> = Promise.resolve();
  return (event) => {
    const result = queue
      .then(() => handle(event))
      .catch((error: unknown) => {
        services.log.error(messageOf(error));
        return [];
      });
    queue = result;
    return result;
  };
}
