/** Plain-object helpers shared by the validator and the runtime. */

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Object.hasOwn`, which the SDK's ES2020 target cannot assume. */
// biome-ignore lint/suspicious/noPrototypeBuiltins: the browser bundles target ES2020 (packages/sdk/bundle-options.mjs), which has no Object.hasOwn.
export const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);
