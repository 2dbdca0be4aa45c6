/**
 * Where events come from in the browser: the §4 page lifecycle, delegated clicks (the runtime's
 * click trigger, click-trigger.ts), custom DOM events and route changes. Listeners are added only for event types some rule uses.
 */
import { isRecord } from '../object.js';
import type { RuleConfig } from '../config/property-config.js';
import type { Components, Listen } from '../core/services.js';
import type { TagEnvironment } from '../environment.js';
import type { EventDetail, TagEvent } from '../tag-event.js';
import { watchRoutes } from './route-change.js';

/** A custom event's detail: an object as it is, anything else under `value`. */
const detailOf = (event: Event): EventDetail => {
  const detail = (event as CustomEvent<unknown>).detail;
  return isRecord(detail) ? detail : detail == null ? {} : { value: detail };
};

/** Starts every source the rules need and fires the lifecycle events; returns the remover. */
export function installEventSources(env: TagEnvironment, rules: readonly RuleConfig[], fire: (event: TagEvent) => void, triggers: Components['events']): () => void {
  const removers: Array<() => void> = [];
  const listen: Listen = (target, type, listener, capture = false) => {
    target.addEventListener(type, listener, capture);
    removers.push(() => target.removeEventListener(type, listener, capture));
  };
  const configs = rules.flatMap((rule) => rule.events);
  const { document, window } = env;

  // §4: library loaded now; DOM ready and window loaded now too if the page is already past them.
  fire({ type: 'libraryLoaded' });
  if (document.readyState === 'loading') listen(document, 'DOMContentLoaded', () => fire({ type: 'domReady' }));
  else fire({ type: 'domReady' });
  if (document.readyState === 'complete') fire({ type: 'windowLoaded' });
  else listen(window, 'load', () => fire({ type: 'windowLoaded' }));

  // Clicks (the click trigger's) and custom events are caught in the capture phase, so a page's
  // stopPropagation() cannot hide them; on the window, that also catches events dispatched on the
  // document or any node.
  if (triggers.click && configs.some((config) => config.type === 'click')) triggers.click.listen(env, fire, listen);
  for (const name of new Set(configs.flatMap((config) => (config.type === 'custom' ? [config.name] : [])))) {
    listen(window, name, (event) => fire({ type: 'custom', name, detail: detailOf(event) }), true);
  }
  if (configs.some((config) => config.type === 'routeChange')) {
    removers.push(watchRoutes(env, (detail) => fire({ type: 'routeChange', detail })));
  }
  return () => {
    for (const remove of removers.splice(0)) remove();
  };
}
