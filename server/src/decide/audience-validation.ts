/**
 * An audience checked whole: only the conditions audience.ts evaluates, each of the type it
 * reads and within its limit; a path pattern only when it compiles to a linear-time matcher
 * (audience-path-pattern.ts), so that no definition can make a decision backtrack.
 */
import { DEVICE_CLASSES } from '@mesura/protocol';
import { MAX_AUDIENCE_ENTRIES, MAX_AUDIENCE_NAME_CHARS, MAX_AUDIENCE_PATH_CONDITION_CHARS, MAX_AUDIENCE_VALUE_CHARS } from './activity-limits.js';
import { compilePathPattern } from './audience-path-pattern.js';
import { isRecord, textProblem, unknownFieldProblem } from './definition-checks.js';

// Widened so that any text from a request can be looked up.
const DEVICE_CLASS_NAMES: readonly string[] = DEVICE_CLASSES;

export function audienceProblem(audience: unknown): string | undefined {
  if (audience === undefined) return undefined;
  if (!isRecord(audience)) return 'audience must be an object';
  return (
    unknownFieldProblem('audience', audience, ['path', 'query', 'device', 'loggedIn', 'params']) ??
    pathProblem(audience.path) ??
    valuesProblem('audience query', audience.query) ??
    valuesProblem('audience params', audience.params) ??
    deviceProblem(audience.device) ??
    (audience.loggedIn === undefined || typeof audience.loggedIn === 'boolean' ? undefined : 'audience loggedIn must be true or false')
  );
}

function pathProblem(path: unknown): string | undefined {
  if (path === undefined) return undefined;
  if (!isRecord(path)) return 'audience path must be {prefix?, regex?}';
  const fields = unknownFieldProblem('audience path', path, ['prefix', 'regex']);
  if (fields) return fields;
  if (path.prefix !== undefined) {
    const problem = textProblem('audience path prefix', path.prefix, MAX_AUDIENCE_PATH_CONDITION_CHARS);
    if (problem) return problem;
  }
  if (path.regex === undefined) return undefined;
  const problem = textProblem('audience path regex', path.regex, MAX_AUDIENCE_PATH_CONDITION_CHARS);
  if (problem) return problem;
  const compiled = compilePathPattern(path.regex as string);
  return compiled.ok ? undefined : compiled.reason;
}

/** `{name: value}` where `*` means "present with any value": names and values are text. */
function valuesProblem(label: string, values: unknown): string | undefined {
  if (values === undefined) return undefined;
  if (!isRecord(values)) return `${label} must be {name: value}`;
  const entries = Object.entries(values);
  if (entries.length > MAX_AUDIENCE_ENTRIES) return `${label} has more than ${MAX_AUDIENCE_ENTRIES} conditions`;
  for (const [name, value] of entries) {
    const problem = textProblem(`${label} name`, name, MAX_AUDIENCE_NAME_CHARS) ?? textProblem(`${label} value of ${name}`, value, MAX_AUDIENCE_VALUE_CHARS, true);
    if (problem) return problem;
  }
  return undefined;
}

function deviceProblem(device: unknown): string | undefined {
  if (device === undefined) return undefined;
  const valid = Array.isArray(device) && device.length <= DEVICE_CLASS_NAMES.length && device.every((d) => typeof d === 'string' && DEVICE_CLASS_NAMES.includes(d));
  return valid ? undefined : `audience device must be a list of ${DEVICE_CLASS_NAMES.join(', ')}`;
}
