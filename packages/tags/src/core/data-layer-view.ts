/**
 * The data layer as the `dataLayer` data element sees it: `readDataLayer`'s resolved groups (the
 * §5 defaults and the §2 Error404 rule applied), its derived values, the analytics variables of
 * `pageVariables`, and the raw object underneath for fields the reader does not know.
 */
import { pageVariables, readDataLayer, type ResolvedDataLayer } from '@mesura/datalayer';
import type { TagEnvironment } from '../environment.js';
import { hasOwn } from '../object.js';

export interface DataLayerView {
  resolved: ResolvedDataLayer & { variables: Record<string, string> };
  raw: unknown;
}

export function readView(env: TagEnvironment): DataLayerView {
  const raw = env.dataLayer();
  const resolved = readDataLayer(raw, { cookies: env.cookies(), now: new Date(env.now()) });
  return { resolved: { ...resolved, variables: pageVariables(resolved) }, raw };
}

/** Follows a dotted path (`page.seccio`, `items.0`) through own properties only. */
export function pathOf(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, step) => (typeof value === 'object' && value !== null && hasOwn(value, step) ? (value as Record<string, unknown>)[step] : undefined), root);
}

/** A data-layer path, resolved value first, raw value for fields the reader does not know. */
export function dataLayerPath(view: DataLayerView, path: string): unknown {
  return pathOf(view.resolved, path) ?? pathOf(view.raw, path);
}
