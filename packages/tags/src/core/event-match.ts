/** Which rules an event reaches, and in what order. */
import type { EventConfig, RuleConfig } from '../config/property-config.js';
import { DEFAULT_RULE_ORDER } from '../constants.js';
import type { EventDetail, TagEvent } from '../tag-event.js';

/** The node a click rule's selector matched: the clicked node or its closest ancestor. */
function closest(event: Extract<TagEvent, { type: 'click' }>, selector: string): Element | null {
  try {
    return event.element.closest(selector);
  } catch {
    // An invalid selector matches nothing rather than breaking every click of the page.
    return null;
  }
}

/**
 * The detail a rule receives when `config` matches `event`, or `undefined`. A click rule also gets
 * the matched element, its trimmed text and its `href` attribute.
 */
export function matchEvent(config: EventConfig, event: TagEvent): EventDetail | undefined {
  if (config.type !== event.type) return undefined;
  const detail = event.detail ?? {};
  if (event.type === 'click') {
    const element = closest(event, (config as { selector: string }).selector);
    if (element === null) return undefined;
    return { ...detail, element, text: element.textContent?.trim() ?? '', href: element.getAttribute('href') ?? undefined };
  }
  if (event.type === 'directCall' || event.type === 'custom') {
    return (config as { name: string }).name === event.name ? detail : undefined;
  }
  return detail;
}

/** By `order` (lower first, default 50), then declaration order: `Array.prototype.sort` is stable. */
export function orderRules(rules: readonly RuleConfig[]): RuleConfig[] {
  return [...rules].sort((a, b) => (a.order ?? DEFAULT_RULE_ORDER) - (b.order ?? DEFAULT_RULE_ORDER));
}
