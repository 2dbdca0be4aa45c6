import type { ApiFailure } from '../api/api-answer';
import { apiFailureMessage, commonFailureMessage } from '../api/failure-message';
import { formatWait } from './wait-time';

export const MISSING_CREDENTIALS_MESSAGE = 'Escriviu el correu electrònic i la contrasenya.';
export const WRONG_CREDENTIALS_MESSAGE = 'El correu electrònic o la contrasenya no són correctes.';
export const MALFORMED_EMAIL_MESSAGE = 'Escriviu una adreça de correu electrònic vàlida, com anna@exemple.cat.';
/** The server's refusal of the email's format or length (account-rules.ts parseEmail) names the field first. */
const EMAIL_REASON = /^email /;

/** Why signing in failed, in Catalan, with what to do next. */
export function signInFailureMessage(failure: ApiFailure): string {
  const common = commonFailureMessage(failure);
  if (common !== undefined) return common;
  if (failure.reason !== 'rejected') return apiFailureMessage(failure);
  switch (failure.status) {
    case 401:
      return WRONG_CREDENTIALS_MESSAGE;
    case 429:
      return failure.retryAfterSeconds === undefined
        ? 'Massa intents fallits. Espereu una estona abans de tornar-ho a provar.'
        : `Massa intents fallits. Espereu ${formatWait(failure.retryAfterSeconds)} abans de tornar-ho a provar.`;
    case 400:
      return EMAIL_REASON.test(failure.message) ? MALFORMED_EMAIL_MESSAGE : MISSING_CREDENTIALS_MESSAGE;
    default:
      return apiFailureMessage(failure);
  }
}
