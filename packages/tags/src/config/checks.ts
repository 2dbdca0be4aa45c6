/**
 * The pieces the property validator is built from. A check returns the one-line error for the
 * first problem it finds, naming the path, or `undefined`.
 */
import { badPattern, mustBe, notAnOption } from '../errors.js';
import { isRecord } from '../object.js';

export type Check = (value: unknown, path: string) => string | undefined;

export const is =
  (test: (value: unknown) => boolean, what: string): Check =>
  (value, path) =>
    test(value) ? undefined : mustBe(path, what);

export const str = /* @__PURE__ */ is((v) => typeof v === 'string', 'a string');
export const oneOf = (values: readonly string[]): Check => is((v) => values.includes(v as string), `one of ${values.join(', ')}`);

/** A regular-expression source (with its flags), compiled here so a bad one fails at config time. */
export const pattern =
  (flags?: unknown): Check =>
  (value, path) => {
    try {
      new RegExp(value as string, flags as string | undefined);
      return str(value, path);
    } catch {
      return badPattern(path);
    }
  };

/** The first error among items. */
export function firstError<T>(items: Iterable<T>, check: (item: T) => string | undefined): string | undefined {
  for (const item of items) {
    const error = check(item);
    if (error !== undefined) return error;
  }
  return undefined;
}

/** `a.b` for identifiers, `a["x.y"]` otherwise, so a path always reads back unambiguously. */
export const key = (path: string, name: string): string => (!/^[A-Za-z_$][\w$]*$/.test(name) ? `${path}[${JSON.stringify(name)}]` : path ? `${path}.${name}` : name);

export const list =
  (item: Check): Check =>
  (value, path) =>
    Array.isArray(value) ? firstError(value.keys(), (i) => item(value[i], `${path}[${i}]`)) : mustBe(path, 'an array');

export const map =
  (item: Check): Check =>
  (value, path) =>
    isRecord(value) ? firstError(Object.keys(value), (k) => item(value[k], key(path, k))) : mustBe(path, 'an object');

/**
 * An object with exactly the options of `shape`: space-separated `name:kind` pairs, `name?` for an
 * optional one, each kind a key of `kinds` (e.g. `'value:s substring?:b'`).
 */
export const obj =
  (shape: string, kinds: Record<string, Check>): Check =>
  (value, path) => {
    if (!isRecord(value)) return mustBe(path, 'an object');
    const fields = shape
      .split(' ')
      .filter(Boolean)
      .map((field) => field.split(':') as [string, string]);
    const field = (k: string) => fields.find(([name]) => name.replace('?', '') === k);
    return (
      firstError(Object.keys(value), (k) => (field(k) ? undefined : notAnOption(key(path, k)))) ??
      firstError(fields, ([name, kind]) => {
        const k = name.replace('?', '');
        return value[k] === undefined && name !== k ? undefined : kinds[kind]?.(value[k], key(path, k));
      })
    );
  };
