/**
 * A report suite's variable map: which slot holds which named variable (`v1` is `section`), so
 * that the SDK's rules write names and the server's reports read names. A name may own an eVar, a
 * prop or both; the SDK writes the value into every slot the name owns, and the server reads the
 * eVar first, because the eVar persists and is what conversion reports use.
 */
import type { AnalyticsHit } from './analytics-hit.js';
import { unknownEventName, unknownVariableName } from './errors.js';

/** The slots one named variable owns. */
export interface VariableSlots {
  /** `vN`: the eVar (0 is the campaign). */
  eVar?: number;
  /** `cN`: the prop. */
  prop?: number;
}

export interface VariableMap {
  /** Variable name → its slots. */
  variables: Record<string, VariableSlots>;
  /** Event number (N of `eventN`) → event name. */
  events: Record<number, string>;
}

/** The names the map defines, in the map's order. */
export function variableNames(map: VariableMap): string[] {
  return Object.keys(map.variables);
}

/** The hit's variables by name; the eVar's value wins over the prop's. Names without a value are left out. */
export function namedVariables(hit: Pick<AnalyticsHit, 'eVars' | 'props'>, map: VariableMap): Record<string, string> {
  return namedVariablesReader(map)(hit);
}

/**
 * namedVariables for one map, its names and slots listed once: the collector reads every hit's
 * variables, and listing the map's 39 entries again for each hit cost as much as decoding its
 * query's pairs (a CPU profile of the collector's request path).
 */
export function namedVariablesReader(map: VariableMap): (hit: Pick<AnalyticsHit, 'eVars' | 'props'>) => Record<string, string> {
  const names = Object.entries(map.variables).map(([name, slots]) => ({ name, eVar: slots.eVar, prop: slots.prop }));
  return (hit) => {
    const named: Record<string, string> = {};
    for (const { name, eVar, prop } of names) {
      const fromEVar = eVar === undefined ? undefined : hit.eVars[eVar];
      const fromProp = prop === undefined ? undefined : hit.props[prop];
      const value = fromEVar || fromProp;
      if (value) named[name] = value;
    }
    return named;
  };
}

/**
 * The slots to send for named values: each value goes into every slot its name owns. Undefined
 * and empty values are skipped (the wire does not carry them). Throws on a name the map does not
 * define: that is a typo in a rule, and sending it nowhere would lose the value silently.
 */
export function variableSlots(named: Readonly<Record<string, string | undefined>>, map: VariableMap): { props: Record<number, string>; eVars: Record<number, string> } {
  const slots = { props: {} as Record<number, string>, eVars: {} as Record<number, string> };
  for (const [name, value] of Object.entries(named)) {
    if (!Object.hasOwn(map.variables, name)) throw new Error(unknownVariableName(name));
    const owned = map.variables[name];
    if (value === undefined || value === '' || owned === undefined) continue;
    if (owned.eVar !== undefined) slots.eVars[owned.eVar] = value;
    if (owned.prop !== undefined) slots.props[owned.prop] = value;
  }
  return slots;
}

/** The name of `eventN`, or undefined when the map does not name it. */
export function eventName(map: VariableMap, id: number): string | undefined {
  return Object.hasOwn(map.events, id) ? map.events[id] : undefined;
}

/** N of `eventN` for an event name. Throws on a name the map does not define (a typo in a rule). */
export function eventId(map: VariableMap, name: string): number {
  const entry = Object.entries(map.events).find(([, eventName]) => eventName === name);
  if (!entry) throw new Error(unknownEventName(name));
  return Number(entry[0]);
}
