import type { ActionHandlers, ConsentSource } from '../action-handlers.js';
import type { ActionConfig, ActionType, ConditionConfig, ConditionType, DataElementConfig, DataElementType, EventConfig } from '../config/property-config.js';
import type { TagEnvironment } from '../environment.js';
import { moduleNotFound } from '../errors.js';
import type { Logger } from '../logger.js';
import { hasOwn } from '../object.js';
import type { RuleContext } from '../rule-context.js';
import type { EventDetail, TagEvent } from '../tag-event.js';
import type { DataLayerView } from './data-layer-view.js';

/** What a rule run needs from the runtime: its collaborators, bundled once. */
export interface Services {
  env: TagEnvironment;
  log: Logger;
  handlers: ActionHandlers;
  consent: ConsentSource;
  dataElements: Readonly<Record<string, DataElementConfig>>;
  loadScript(url: string): Promise<void>;
  components: Components;
}

/** What one data element's reader may use; `get` resolves another element one level deeper. */
export interface ReadScope {
  context: RuleContext;
  get: (name: string) => unknown;
  view: () => DataLayerView;
  services: Services;
}

/** What one action may use. */
export interface ActionScope {
  context: RuleContext;
  view: () => DataLayerView;
  services: Services;
}

/** Reads a data element of one type, before its options (clean text, lower case, default) apply. */
export type DataElementReader<C extends DataElementConfig = DataElementConfig> = (config: C, scope: ReadScope) => unknown;
/** A condition's own test, before negation. */
export type ConditionCheck<C extends ConditionConfig = ConditionConfig> = (condition: C, context: RuleContext, services: Services) => boolean | Promise<boolean>;
export type ActionRunner<C extends ActionConfig = ActionConfig> = (action: C, scope: ActionScope) => void | Promise<void>;

/** Adds a listener that the runtime's `stop()` removes. */
export type Listen = (target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>, type: string, listener: (event: Event) => void, capture?: boolean) => void;

/** An event type that comes with its own browser listener and matching (the `click` trigger). */
export interface EventTrigger<C extends EventConfig = EventConfig> {
  /** Starts listening, once, when some rule uses the type. */
  listen(env: TagEnvironment, fire: (event: TagEvent) => void, listen: Listen): void;
  /** The detail a rule with `config` receives for `event` (whose own detail is `detail`), or undefined when it does not match. */
  match(config: C, event: TagEvent, detail: EventDetail): EventDetail | undefined;
}

/**
 * The component types a runtime runs, by kind: a property's data element, condition or action of a
 * type missing here fails, when it runs, with the §8 "module not found" error (a trigger, see
 * `events`, never fires), as in a tag
 * manager's library, which holds the modules its property uses. `createTagRuntime` runs every
 * built-in type (BUILT_IN_COMPONENTS); a bundle whose property is fixed may carry fewer.
 */
export interface Components {
  dataElements: { readonly [T in DataElementType]?: DataElementReader<Extract<DataElementConfig, { type: T }>> };
  conditions: { readonly [T in ConditionType]?: ConditionCheck<Extract<ConditionConfig, { type: T }>> };
  actions: { readonly [T in ActionType]?: ActionRunner<Extract<ActionConfig, { type: T }>> };
  /** Without it, no click reaches a rule: a runtime that lacks a trigger neither listens for its events nor matches them. */
  events: { readonly click?: EventTrigger<Extract<EventConfig, { type: 'click' }>> };
}

/** The component of `type` in one kind's table; throws the §8 "module not found" error when the runtime has none. */
export function componentOf<F>(table: object, kind: string, type: string): F {
  const component = hasOwn(table, type) ? (table as Record<string, F | undefined>)[type] : undefined;
  if (component === undefined) throw new Error(moduleNotFound(kind, type));
  return component;
}
