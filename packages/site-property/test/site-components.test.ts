import { describe, expect, it } from 'vitest';
import type { PropertyConfig } from '@mesura/tags';
import { SITE_COMPARISONS, SITE_COMPONENTS, SITE_PAGE_INFO, siteProperty } from '../src/index.js';

/** The property with no option, and with every option that adds a rule or changes one. */
const PROPERTIES = [
  siteProperty(),
  siteProperty({
    environment: 'production',
    autoPageView: true,
    audienceMeasurementScriptUrl: 'https://www.mesura.cat/mesura-audience.js',
    activityMapScriptUrl: 'https://www.mesura.cat/mesura-activity-map.js',
    mediaScriptUrl: 'https://www.mesura.cat/mesura-media.js',
    assetsUrl: 'https://www.mesura.cat/tags/mesura/assets/',
  }),
];

/** Each component the property uses, as `kind type` (`pageInfo` with its field, `dataElement` with its operator, a click trigger). */
function used(property: PropertyConfig): Set<string> {
  const found = new Set<string>();
  for (const event of property.rules.flatMap((rule) => rule.events)) if (event.type === 'click') found.add('event trigger click');
  for (const element of Object.values(property.dataElements)) {
    found.add(`data element ${element.type}`);
    if (element.type === 'pageInfo') found.add(`page-info field ${element.field}`);
  }
  for (const rule of property.rules) {
    for (const condition of rule.conditions) {
      found.add(`condition ${condition.type}`);
      if (condition.type === 'dataElement') found.add(`operator ${condition.operator}`);
    }
    for (const action of rule.actions) found.add(`action ${action.type}`);
  }
  return found;
}

/** Each component SITE_COMPONENTS holds, in the same form. */
const held = new Set([
  ...Object.keys(SITE_COMPONENTS.dataElements).map((type) => `data element ${type}`),
  ...Object.keys(SITE_PAGE_INFO).map((field) => `page-info field ${field}`),
  ...Object.keys(SITE_COMPONENTS.conditions).map((type) => `condition ${type}`),
  ...Object.keys(SITE_COMPARISONS).map((operator) => `operator ${operator}`),
  ...Object.keys(SITE_COMPONENTS.actions).map((type) => `action ${type}`),
  ...Object.keys(SITE_COMPONENTS.events).map((type) => `event trigger ${type}`),
]);

describe("the tag runtime's components of the site (/mesura.js's runtime)", () => {
  it('holds every data element, page-info field, condition, operator, action and event trigger the property uses', () => {
    for (const property of PROPERTIES) expect([...used(property)].filter((component) => !held.has(component))).toEqual([]);
  });

  it('holds nothing else, which every page would load for nothing', () => {
    const usedByAny = new Set(PROPERTIES.flatMap((property) => [...used(property)]));
    expect([...held].filter((component) => !usedByAny.has(component))).toEqual([]);
  });
});
