import type { ApiFailure } from '../api/api-answer';
import { apiFailureMessage, commonFailureMessage } from '../api/failure-message';

/** The server words its password rule as "… at least N characters"; the number is the server's, never repeated here. */
const MIN_LENGTH_REASON = /at least (\d+) characters/;

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'La contrasenya actual no és correcta.';

/** Why the password could not be changed, in Catalan. */
export function passwordChangeFailureMessage(failure: ApiFailure): string {
  const common = commonFailureMessage(failure);
  if (common !== undefined || failure.reason !== 'rejected') return common ?? apiFailureMessage(failure);
  switch (failure.status) {
    case 400: {
      const minLength = MIN_LENGTH_REASON.exec(failure.message)?.[1];
      return minLength === undefined ? `El servidor no ha acceptat la contrasenya nova: ${failure.message.replace(/\.$/, '')}.` : `La contrasenya nova ha de tenir almenys ${minLength} caràcters.`;
    }
    // The server's answer to a wrong current password (a 401 is a lost session, handled by the layout).
    case 403:
      return WRONG_CURRENT_PASSWORD_MESSAGE;
    default:
      return apiFailureMessage(failure);
  }
}
