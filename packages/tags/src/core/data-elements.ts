/**
 * Data-element resolution: read by type (the runtime's components, data-element-types.ts), then the
 * options (clean text, lower case, default).
 * Elements may refer to others; past 10 levels the whole resolution stops with the circular
 * reference error of §8 (§9 "circular data-element limit 10 levels").
 */
import { MAX_DATA_ELEMENT_DEPTH } from '../constants.js';
import { circularReference, unknownDataElement } from '../errors.js';
import type { DataElementConfig } from '../config/property-config.js';
import { hasOwn } from '../object.js';
import type { RuleContext } from '../rule-context.js';
import type { DataLayerView } from './data-layer-view.js';
import { componentOf, type DataElementReader, type ReadScope, type Services } from './services.js';
import { resolveTemplate } from './template.js';

/** The element's raw value, by the reader of its type. */
function read(config: DataElementConfig, scope: ReadScope): unknown {
  const reader = componentOf<DataElementReader>(scope.services.components.dataElements, 'data element', config.type);
  return reader(config, scope);
}

function applyOptions(config: DataElementConfig, value: unknown, get: (name: string) => unknown): unknown {
  let result = value;
  if (typeof result === 'string' && config.cleanText) result = result.trim().replace(/\s+/g, ' ');
  if (typeof result === 'string' && config.forceLowerCase) result = result.toLowerCase();
  const empty = result == null || result === '';
  return empty && config.default !== undefined ? resolveTemplate(config.default, get) : result;
}

/**
 * The `dataElement(name)` of a rule context. Any failure (unknown name or type, circular
 * reference, a custom reader that throws) is logged once and gives `undefined`, defaults unused.
 */
export function dataElementReader(services: Services, base: Omit<RuleContext, 'dataElement'>, view: () => DataLayerView): (name: string) => unknown {
  const resolve = (name: string, depth: number): unknown => {
    const config = hasOwn(services.dataElements, name) ? services.dataElements[name] : undefined;
    if (config === undefined) throw new Error(unknownDataElement(name));
    if (depth > MAX_DATA_ELEMENT_DEPTH) throw new Error(circularReference(name));
    const get = (other: string): unknown => resolve(other, depth + 1);
    // A custom reader's own dataElement() goes one level deeper too, so its loops are caught.
    const value = read(config, { context: { ...base, dataElement: get }, get, view, services });
    return applyOptions(config, value, get);
  };
  return (name) => {
    try {
      return resolve(name, 1);
    } catch (error) {
      services.log.error(messageOf(error));
      return undefined;
    }
  };
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
