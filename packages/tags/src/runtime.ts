/**
 * The tag runtime: assembles the environment, the logger and the rules, starts the browser event
 * sources, and hands events to the dispatcher (core/dispatcher.ts). Nothing it does can throw into
 * the page: failures become outcomes and debug-log lines.
 */
import type { ActionHandlers, ConsentSource } from './action-handlers.js';
import { createScriptLoader } from './browser/script-loader.js';
import { installEventSources } from './browser/event-sources.js';
import { browserEnvironment } from './browser-environment.js';
import { isRecord } from './object.js';
import type { PropertyConfig } from './config/property-config.js';
import { messageOf } from './core/data-elements.js';
import { hostAllowed } from './core/domain.js';
import { createDispatcher } from './core/dispatcher.js';
import { orderRules } from './core/event-match.js';
import { BUILT_IN_COMPONENTS } from './built-in-components.js';
import type { Components, Services } from './core/services.js';
import type { TagEnvironment } from './environment.js';
import { domainNotAuthorised, UNSUPPORTED_IE } from './errors.js';
import { createLogger } from './logger.js';
import type { RuleOutcome } from './rule-outcome.js';
import type { EventDetail, TagEvent } from './tag-event.js';

export interface TagRuntimeOptions {
  /**
   * Trusted as typed: the runtime does not re-validate it on every page load. Check a property
   * from an untyped source (JSON) with `validateProperty` first. A component of a type the
   * runtime lacks still fails, when it runs, with the §8 "module not found" error.
   */
  property: PropertyConfig;
  handlers: ActionHandlers;
  consent: ConsentSource;
  /** Overrides parts of the browser environment (tests, hosts that wrap globals). Default: the real browser. */
  env?: Partial<TagEnvironment>;
}

/** TagRuntimeOptions, and the component types the runtime runs. */
export interface ComposedTagRuntimeOptions extends TagRuntimeOptions {
  /** A type the property uses and these lack fails, when it runs, with §8 "module not found". */
  components: Components;
}

export interface TagRuntime {
  /** Fires libraryLoaded (and domReady/windowLoaded as they come) and starts the event sources. Once only. */
  start(): void;
  /** A direct call (§7), e.g. `track('scCompartir', { url, titolContingut })`. */
  track(name: string, detail?: EventDetail): void;
  /** Runs the rules an event reaches; resolves with their outcomes in run order. Never rejects. */
  fire(event: TagEvent): Promise<RuleOutcome[]>;
  /** Removes every listener and history patch the runtime added. `fire` and `track` keep working. */
  stop(): void;
}

/** A runtime of every built-in component type (BUILT_IN_COMPONENTS). */
export function createTagRuntime(options: TagRuntimeOptions): TagRuntime {
  return createTagRuntimeWith({ ...options, components: BUILT_IN_COMPONENTS });
}

/**
 * A runtime of `components` only: for a bundle whose property is fixed, which then carries the
 * types its property uses and no other.
 */
export function createTagRuntimeWith(options: ComposedTagRuntimeOptions): TagRuntime {
  const env = { ...(typeof window === 'undefined' ? undefined : browserEnvironment()), ...options.env } as TagEnvironment;
  const log = createLogger(env);
  const { property } = options;
  // A malformed property must not throw into the page: it simply has no rules.
  const rules = Array.isArray(property?.rules) ? orderRules(property.rules) : [];
  const services: Services = {
    env,
    log,
    handlers: options.handlers,
    consent: options.consent,
    dataElements: property?.dataElements ?? {},
    loadScript: createScriptLoader(env),
    components: options.components,
  };

  // Checked on first need and logged once: the host does not change under a running page.
  let refusal: string | undefined | null = null;
  const domainRefusal = (): string | undefined => {
    if (refusal === null) {
      const host = env.location.hostname;
      refusal = hostAllowed(host, property) ? undefined : domainNotAuthorised(host);
      if (refusal !== undefined) log.error(refusal);
    }
    return refusal;
  };

  const fire = createDispatcher({ rules, services, domainRefusal });

  let started = false;
  let removeSources: (() => void) | undefined;
  return {
    start() {
      if (started) return;
      started = true;
      try {
        const mode = env.document.documentMode;
        if (typeof mode === 'number' && mode <= 9) log.warn(UNSUPPORTED_IE);
        if (domainRefusal() === undefined) removeSources = installEventSources(env, rules, (event) => void fire(event), services.components.events);
      } catch (error) {
        log.error(messageOf(error));
      }
    },
    track(name, detail) {
      void fire({ type: 'directCall', name, detail: isRecord(detail) ? detail : {} });
    },
    fire,
    stop() {
      removeSources?.();
      removeSources = undefined;
    },
  };
}
