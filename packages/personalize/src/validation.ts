/**
 * The API's argument checks (spec §5 "Personalisation request", §8). Each returns the §8 message of
 * the first problem, or undefined. Pure.
 */
import { MBOX_NAME_MAX_CHARS } from '@mesura/protocol';
import { ERROR_REQUIRED, MBOX_REQUIRED, MBOX_TOO_LONG, MODULES_REQUIRED, NAME_INVALID, NAME_REQUIRED, OFFER_REQUIRED, OPTIONS_REQUIRED, REGISTER_REQUIRED, SUCCESS_REQUIRED } from './errors.js';

/** §5: extension names are letters only. */
const EXTENSION_NAME = /^[A-Za-z]+$/;

type Options = Record<string, unknown>;

const isOptions = (value: unknown): value is Options => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFunction = (value: unknown) => typeof value === 'function';

/** §5: name present, at most 250 characters. */
export function mboxProblem(mbox: unknown): string | undefined {
  if (typeof mbox !== 'string' || mbox.trim() === '') return MBOX_REQUIRED;
  if (mbox.length > MBOX_NAME_MAX_CHARS) return MBOX_TOO_LONG;
  return undefined;
}

/** getOffer({ mbox, params?, success, error, timeout? }). */
export function getOfferProblem(options: unknown): string | undefined {
  if (!isOptions(options)) return OPTIONS_REQUIRED;
  return mboxProblem(options.mbox) ?? (!isFunction(options.success) ? SUCCESS_REQUIRED : !isFunction(options.error) ? ERROR_REQUIRED : undefined);
}

/** applyOffer({ mbox?, selector?, offer }). */
export function applyOfferProblem(options: unknown): string | undefined {
  if (!isOptions(options)) return OPTIONS_REQUIRED;
  if (options.mbox !== undefined) {
    const problem = mboxProblem(options.mbox);
    if (problem) return problem;
  }
  return Array.isArray(options.offer) ? undefined : OFFER_REQUIRED;
}

/** trackEvent({ mbox, params? }) and personalize({ mbox, parameters? }). */
export function mboxCallProblem(options: unknown): string | undefined {
  return isOptions(options) ? mboxProblem(options.mbox) : OPTIONS_REQUIRED;
}

/** registerExtension({ name, modules, register }); whether the modules exist is extensions.ts's. */
export function registerExtensionProblem(options: unknown): string | undefined {
  if (!isOptions(options)) return OPTIONS_REQUIRED;
  if (typeof options.name !== 'string' || options.name === '') return NAME_REQUIRED;
  if (!EXTENSION_NAME.test(options.name)) return NAME_INVALID;
  if (!Array.isArray(options.modules) || options.modules.length === 0) return MODULES_REQUIRED;
  return isFunction(options.register) ? undefined : REGISTER_REQUIRED;
}
