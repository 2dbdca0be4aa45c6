/** Plain-object helpers shared by the validator and the runtime. */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Object.hasOwn`, which the SDK's ES2020 target cannot assume. */
export const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);
