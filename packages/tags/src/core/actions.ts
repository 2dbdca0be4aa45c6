/**
 * Actions. Analytics and personalisation are delegated to the injected `ActionHandlers`, with every
 * template already resolved to text; the runtime sends nothing itself.
 */
import type { ActionConfig, VariableTemplates } from '../config/property-config.js';
import { DEFAULT_LINK_TYPE } from '../constants.js';
import { moduleNotFound } from '../errors.js';
import type { Variables } from '../action-handlers.js';
import type { RuleContext } from '../rule-context.js';
import type { DataLayerView } from './data-layer-view.js';
import type { Services } from './services.js';
import { resolveTemplate, text } from './template.js';

interface ActionScope {
  context: RuleContext;
  view: () => DataLayerView;
  services: Services;
}

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

export function runAction(action: ActionConfig, scope: ActionScope): void | Promise<void> {
  const { context, services } = scope;
  const { handlers } = services;
  const detail = context.detail;
  switch (action.type) {
    case 'sendPageView':
      return handlers.sendPageView({
        // An empty page name is a value (the Error404 page of §2), so it is kept.
        ...field('pageName', action.pageName, context, false),
        ...field('url', action.url, context),
        variables: variablesOf(action.variables, action.dataLayerVariables, scope),
        events: [...(action.events ?? [])],
        detail,
      });
    case 'sendLink':
      return handlers.sendLink({
        linkType: action.linkType ?? DEFAULT_LINK_TYPE,
        ...field('linkName', action.linkName, context),
        ...field('linkUrl', action.linkUrl, context),
        variables: variablesOf(action.variables, action.dataLayerVariables, scope),
        events: [...(action.events ?? [])],
        detail,
      });
    case 'clearVariables':
      return handlers.clearVariables();
    case 'loadScript':
      return services.loadScript(resolve(action.url, context));
    case 'personalize':
      return handlers.personalize({ mbox: resolve(action.mbox, context), parameters: variablesOf(action.parameters, false, scope), detail });
    case 'custom':
      return action.run(context);
    default:
      throw new Error(moduleNotFound('action', (action as { type: string }).type));
  }
}
