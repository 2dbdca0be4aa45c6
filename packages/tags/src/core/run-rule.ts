/**
 * One rule for one event: conditions in order, then actions in sequence (spec §9 "Rules").
 *
 * A component that throws, rejects or is still pending after 2000 ms stops the rule: later
 * actions do not run. The commercial runtime does the same, and for the same reason: actions are
 * written as steps (load a script, then use it; clear the variables, then send), so running the
 * rest after a failed step would send half-built hits.
 */
import type { RuleConfig } from '../config/property-config.js';
import { ACTION_TIMEOUT, ruleStopped } from '../errors.js';
import type { RuleComponent, RuleOutcome } from '../rule-outcome.js';
import type { EventDetail, TagEvent } from '../tag-event.js';
import { dataElementReader, messageOf } from './data-elements.js';
import { readView, type DataLayerView } from './data-layer-view.js';
import { componentOf, type ActionRunner, type ConditionCheck, type Services } from './services.js';
import { settle, TIMED_OUT } from './timeout.js';

export async function runRule(rule: RuleConfig, event: TagEvent, detail: EventDetail, services: Services): Promise<RuleOutcome> {
  // The data layer is read once per rule run, when first needed: the page may rewrite it between events.
  let view: DataLayerView | undefined;
  const readOnce = (): DataLayerView => (view ??= readView(services.env));
  const base = { rule: rule.name, event, detail };
  const context = { ...base, dataElement: dataElementReader(services, base, readOnce) };

  const stop = (component: RuleComponent, index: number, type: string, error: unknown): RuleOutcome => {
    const timedOut = error === TIMED_OUT;
    const message = timedOut ? ACTION_TIMEOUT : messageOf(error);
    services.log.error(ruleStopped(rule.name, component, index, type, message));
    return { rule: rule.name, reason: timedOut ? 'timedOut' : 'error', component, index, type, message };
  };

  for (const [index, condition] of rule.conditions.entries()) {
    let result: boolean | typeof TIMED_OUT;
    try {
      const check = componentOf<ConditionCheck>(services.components.conditions, 'condition', condition.type);
      result = await settle(check(condition, context, services), services.env);
    } catch (error) {
      return stop('condition', index, condition.type, error);
    }
    if (result === TIMED_OUT) return stop('condition', index, condition.type, TIMED_OUT);
    if (Boolean(result) === Boolean(condition.negate)) {
      return { rule: rule.name, reason: 'conditionFailed', index, type: condition.type };
    }
  }
  for (const [index, action] of rule.actions.entries()) {
    try {
      const run = componentOf<ActionRunner>(services.components.actions, 'action', action.type);
      const result = await settle(run(action, { context, view: readOnce, services }), services.env);
      if (result === TIMED_OUT) return stop('action', index, action.type, TIMED_OUT);
    } catch (error) {
      return stop('action', index, action.type, error);
    }
  }
  return { rule: rule.name, reason: 'fired' };
}
