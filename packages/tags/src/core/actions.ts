/**
 * The built-in action types. Analytics and personalisation are delegated to the injected
 * `ActionHandlers`, with every template already resolved to text; the runtime sends nothing itself.
 */
import type { ActionConfig, VariableTemplates } from '../config/property-config.js';
import { DEFAULT_LINK_TYPE } from '../constants.js';
import type { Variables } from '../action-handlers.js';
import type { RuleContext } from '../rule-context.js';
import type { ActionRunner, ActionScope, Components } from './services.js';
import { resolveTemplate, text } from './template.js';

/**
 * The data layer's analytics variables (when asked), then the action's own over them. A variable
 * that resolves to `''` is left out, the data layer's value for it included.
 */
function variablesOf(templates: VariableTemplates | undefined, withDataLayer: boolean | undefined, scope: ActionScope): Variables {
  const variables: Variables = withDataLayer ? { ...scope.view().resolved.variables } : {};
  for (const [name, template] of Object.entries(templates ?? {})) {
    const value = resolve(template, scope.context);
    if (value === '') delete variables[name];
    else variables[name] = value;
  }
  return variables;
}

const resolve = (template: string, context: RuleContext): string => text(resolveTemplate(template, context.dataElement));

/** `{ [field]: value }` for a configured template, `{}` otherwise; with `dropEmpty`, also for `''`. */
function field(name: string, template: string | undefined, context: RuleContext, dropEmpty = true): Record<string, string> {
  const value = template === undefined ? undefined : resolve(template, context);
  return value === undefined || (dropEmpty && value === '') ? {} : { [name]: value };
}

type Runner<T extends string> = ActionRunner<Extract<ActionConfig, { type: T }>>;

export const sendPageViewAction: Runner<'sendPageView'> = (action, scope) =>
  scope.services.handlers.sendPageView({
    // An empty page name is a value (the Error404 page of §2), so it is kept.
    ...field('pageName', action.pageName, scope.context, false),
    ...field('url', action.url, scope.context),
    variables: variablesOf(action.variables, action.dataLayerVariables, scope),
    events: [...(action.events ?? [])],
    detail: scope.context.detail,
  });

export const sendLinkAction: Runner<'sendLink'> = (action, scope) =>
  scope.services.handlers.sendLink({
    linkType: action.linkType ?? DEFAULT_LINK_TYPE,
    ...field('linkName', action.linkName, scope.context),
    ...field('linkUrl', action.linkUrl, scope.context),
    variables: variablesOf(action.variables, action.dataLayerVariables, scope),
    events: [...(action.events ?? [])],
    detail: scope.context.detail,
  });

export const clearVariablesAction: Runner<'clearVariables'> = (_action, scope) => scope.services.handlers.clearVariables();

export const loadScriptAction: Runner<'loadScript'> = (action, scope) => scope.services.loadScript(resolve(action.url, scope.context));

export const personalizeAction: Runner<'personalize'> = (action, scope) =>
  scope.services.handlers.personalize({ mbox: resolve(action.mbox, scope.context), parameters: variablesOf(action.parameters, false, scope), detail: scope.context.detail });

/** Anything else; a promise is awaited for 2000 ms at most. */
export const customAction: Runner<'custom'> = (action, scope) => action.run(scope.context);

export const BUILT_IN_ACTIONS: Components['actions'] = {
  sendPageView: sendPageViewAction,
  sendLink: sendLinkAction,
  clearVariables: clearVariablesAction,
  loadScript: loadScriptAction,
  personalize: personalizeAction,
  custom: customAction,
};
