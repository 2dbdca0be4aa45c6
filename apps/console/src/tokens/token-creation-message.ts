import type { ApiFailure } from '../api/api-answer';
import { apiFailureMessage } from '../api/failure-message';

/** The server's wording of its limits ("1 to N characters", "at most N tokens"); the numbers stay the server's. */
const NAME_LENGTH_REASON = /1 to (\d+) characters/;
const TOKEN_COUNT_REASON = /at most (\d+) tokens/;
const CONTROL_CHARACTERS_REASON = /without control characters/;

/** Why a token could not be created, in Catalan. */
export function tokenCreationFailureMessage(failure: ApiFailure): string {
  const prefix = "No s'ha pogut crear la clau.";
  if (failure.reason === 'rejected' && failure.status === 400) {
    const maxChars = NAME_LENGTH_REASON.exec(failure.message)?.[1];
    if (maxChars !== undefined && CONTROL_CHARACTERS_REASON.test(failure.message)) {
      return `${prefix} El nom ha de tenir d'1 a ${maxChars} caràcters, sense salts de línia ni altres caràcters de control.`;
    }
    if (maxChars !== undefined) return `${prefix} El nom pot tenir com a màxim ${maxChars} caràcters.`;
    const maxTokens = TOKEN_COUNT_REASON.exec(failure.message)?.[1];
    if (maxTokens !== undefined) return `${prefix} Podeu tenir com a màxim ${maxTokens} claus: revoqueu-ne una abans.`;
  }
  if (failure.reason === 'rejected' && failure.status === 403) {
    return `${prefix} Una clau no pot tenir un rol per sobre del vostre.`;
  }
  return `${prefix} ${apiFailureMessage(failure)}`;
}
