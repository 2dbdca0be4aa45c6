import { clickTrigger } from './browser/click-trigger.js';
import { BUILT_IN_ACTIONS } from './core/actions.js';
import { BUILT_IN_CONDITIONS } from './core/conditions.js';
import { BUILT_IN_DATA_ELEMENTS } from './core/data-element-types.js';
import type { Components } from './core/services.js';

/** Every data element, condition and action type of the README's "Config format", and the click trigger. */
export const BUILT_IN_COMPONENTS: Components = {
  dataElements: BUILT_IN_DATA_ELEMENTS,
  conditions: BUILT_IN_CONDITIONS,
  actions: BUILT_IN_ACTIONS,
  events: { click: clickTrigger },
};
