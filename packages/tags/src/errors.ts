/**
 * Every message of the tag runtime, in one place: the §8 "Tag runtime" errors, the §5 warning and
 * the property validator's one-line refusals. Tests assert these exact strings.
 */
import { ACTION_TIMEOUT_MS, MAX_DATA_ELEMENT_DEPTH } from './constants.js';

const MS_PER_SECOND = 1000;

/** §8, §9: a condition or action still pending after {@link ACTION_TIMEOUT_MS} ("N seconds"). */
export const ACTION_TIMEOUT = `A timeout occurred because the action took longer than ${ACTION_TIMEOUT_MS / MS_PER_SECOND} seconds to complete`;

/** §5: logged as a warning; the runtime still tries to run. */
export const UNSUPPORTED_IE = 'The tag runtime is unsupported in IE 9 and below';

/** §8 "script failing to load". */
export const scriptLoadFailed = (url: string): string => `Failed to load script ${url}: check the URL and that its server answers`;

/** §8 "module not found": a rule component or data element of a type this runtime lacks. */
export const moduleNotFound = (kind: string, type: string): string => `Module not found: this runtime has no ${kind} of type "${type}"`;

/** §8 "library not authorised for the domain" (§9: the property's domain list). */
export const domainNotAuthorised = (hostname: string): string => `This library is not authorised for the domain ${hostname}: add it to the property's domains`;

/** §8 "circular data-element reference", §9 "circular data-element limit 10 levels". */
export const circularReference = (name: string): string => `Circular data-element reference: "${name}" is nested more than ${MAX_DATA_ELEMENT_DEPTH} levels deep`;

/** A `%name%` or a data-element condition naming no data element of the property. */
export const unknownDataElement = (name: string): string => `No data element is named "${name}"`;

/** The log line of a rule stopped by a failing or slow component. */
export const ruleStopped = (rule: string, component: string, index: number, type: string, message: string): string => `Rule "${rule}" stopped at ${component} ${index} (${type}): ${message}`;

// ── Property validation: one line naming the bad path ─────────────────────────────────────────────

/** e.g. `rules[3].conditions[0].value must be a string`. */
export const mustBe = (path: string, what: string): string => `${path} must be ${what}`;
export const notAnOption = (path: string): string => `${path} is not a known option: remove it or check its spelling`;
export const badPattern = (path: string): string => `${path} is not a valid regular expression`;
export const unknownReference = (path: string, name: string): string => `${path} refers to "${name}": add a data element of that name`;
export const missingValue = (path: string, operator: string): string => `${path}.value is required with operator ${operator}`;
export const firstValueSource = (path: string): string => `${path} needs exactly one of dataElement or path`;
