/**
 * The `click` event type: one listener on the document, in the capture phase so that a page's
 * stopPropagation() cannot hide a click, and a rule's selector matched against the clicked node
 * or its closest ancestor, whose element, trimmed text and `href` join the rule's detail.
 */
import type { EventConfig } from '../config/property-config.js';
import type { EventTrigger } from '../core/services.js';
import type { TagEvent } from '../tag-event.js';

/** The node a click rule's selector matched: the clicked node or its closest ancestor. */
function closest(event: Extract<TagEvent, { type: 'click' }>, selector: string): Element | null {
  try {
    return event.element.closest(selector);
  } catch {
    // An invalid selector matches nothing rather than breaking every click of the page.
    return null;
  }
}

export const clickTrigger: EventTrigger<Extract<EventConfig, { type: 'click' }>> = {
  listen(env, fire, listen) {
    listen(
      env.document,
      'click',
      (event) => {
        const target = event.target as Element | null;
        if (typeof target?.closest === 'function') fire({ type: 'click', element: target });
      },
      true,
    );
  },
  match(config, event, detail) {
    if (event.type !== 'click') return undefined;
    const element = closest(event, config.selector);
    if (element === null) return undefined;
    return { ...detail, element, text: element.textContent?.trim() ?? '', href: element.getAttribute('href') ?? undefined };
  },
};
