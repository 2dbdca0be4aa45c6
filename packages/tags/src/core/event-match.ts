/** Which rules an event reaches, and in what order. */
import type { EventConfig, RuleConfig } from '../config/property-config.js';
import { DEFAULT_RULE_ORDER } from '../constants.js';
import type { EventDetail, TagEvent } from '../tag-event.js';
import type { Components } from './services.js';

/**
 * The detail a rule receives when `config` matches `event`, or `undefined`. A click is matched by
 * the runtime's click trigger (browser/click-trigger.ts), and by nothing without one.
 */
export function matchEvent(config: EventConfig, event: TagEvent, triggers: Components['events']): EventDetail | undefined {
  if (config.type !== event.type) return undefined;
  const detail = event.detail ?? {};
  if (config.type === 'click') return triggers.click?.match(config, event, detail);
  if (event.type === 'directCall' || event.type === 'custom') {
    return (config as { name: string }).name === event.name ? detail : undefined;
  }
  return detail;
}

/** By `order` (lower first, default 50), then declaration order: `Array.prototype.sort` is stable. */
export function orderRules(rules: readonly RuleConfig[]): RuleConfig[] {
  return [...rules].sort((a, b) => (a.order ?? DEFAULT_RULE_ORDER) - (b.order ?? DEFAULT_RULE_ORDER));
}
