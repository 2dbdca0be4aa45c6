import { describe, expect, it } from 'vitest';
import { passwordChangeFailureMessage, WRONG_CURRENT_PASSWORD_MESSAGE } from '../src/session/password-change-message';
import { passwordProblem } from '../src/session/password-form';
import { signInFailureMessage, WRONG_CREDENTIALS_MESSAGE } from '../src/session/sign-in-message';
import { formatWait } from '../src/session/wait-time';
import { tokenCreationFailureMessage } from '../src/tokens/token-creation-message';

describe('signInFailureMessage', () => {
  it('says the credentials are wrong on a 401, without telling which one', () => {
    expect(signInFailureMessage({ reason: 'rejected', status: 401, message: 'wrong email or password', code: 'X' })).toBe(WRONG_CREDENTIALS_MESSAGE);
  });

  it('says how long to wait after too many attempts', () => {
    expect(signInFailureMessage({ reason: 'rejected', status: 429, message: 'too many attempts', retryAfterSeconds: 30 })).toBe(
      'Massa intents fallits. Espereu 30 segons abans de tornar-ho a provar.',
    );
    expect(signInFailureMessage({ reason: 'rejected', status: 429, message: 'too many attempts', retryAfterSeconds: 61 })).toBe('Massa intents fallits. Espereu 2 minuts abans de tornar-ho a provar.');
  });

  it('still asks to wait when the server gave no Retry-After', () => {
    expect(signInFailureMessage({ reason: 'rejected', status: 429, message: '' })).toMatch(/^Massa intents fallits\. Espereu una estona/);
  });

  it('asks for a valid address when the server refuses the email as malformed', () => {
    expect(signInFailureMessage({ reason: 'rejected', status: 400, message: 'email must be an address such as anna@example.cat', code: 'MESURA_ERR_BAD_ACCOUNT' })).toBe(
      'Escriviu una adreça de correu electrònic vàlida, com anna@exemple.cat.',
    );
  });

  it('tells a server that cannot be reached from a refusal', () => {
    expect(signInFailureMessage({ reason: 'network' })).toMatch(/No s'ha pogut connectar/);
    expect(signInFailureMessage({ reason: 'server-error', status: 503 })).toMatch(/error 503/);
  });
});

describe('formatWait', () => {
  it.each([
    [1, '1 segon'],
    [0, '1 segon'],
    [45, '45 segons'],
    [59.2, '1 minut'],
    [60, '1 minut'],
    [900, '15 minuts'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});

describe('passwordProblem', () => {
  it('refuses two new passwords that do not match', () => {
    expect(passwordProblem({ current: 'vella-contrasenya', next: 'nova-contrasenya-1', repeat: 'nova-contrasenya-2' })).toBe('mismatch');
  });

  it('asks for every field and a new password that is new', () => {
    expect(passwordProblem({ current: '', next: 'a', repeat: 'a' })).toBe('missing-current');
    expect(passwordProblem({ current: 'a', next: '', repeat: '' })).toBe('missing-new');
    expect(passwordProblem({ current: 'mateixa-de-sempre', next: 'mateixa-de-sempre', repeat: 'mateixa-de-sempre' })).toBe('unchanged');
  });

  it('lets a matching new password through to the server, which judges its strength', () => {
    expect(passwordProblem({ current: 'vella', next: 'curta', repeat: 'curta' })).toBeUndefined();
  });
});

describe('passwordChangeFailureMessage', () => {
  it("words the server's length rule in Catalan, with the server's number", () => {
    expect(passwordChangeFailureMessage({ reason: 'rejected', status: 400, message: 'password must have at least 12 characters' })).toBe('La contrasenya nova ha de tenir almenys 12 caràcters.');
  });

  it("quotes another refusal's reason", () => {
    expect(passwordChangeFailureMessage({ reason: 'rejected', status: 400, message: 'password must be a string.' })).toBe('El servidor no ha acceptat la contrasenya nova: password must be a string.');
  });

  it('says the current password is wrong when the server refuses it', () => {
    expect(passwordChangeFailureMessage({ reason: 'rejected', status: 403, message: 'the current password is wrong', code: 'MESURA_ERR_FORBIDDEN' })).toBe(WRONG_CURRENT_PASSWORD_MESSAGE);
  });
});

describe('tokenCreationFailureMessage', () => {
  it("words the server's limits in Catalan, with the server's numbers", () => {
    expect(tokenCreationFailureMessage({ reason: 'rejected', status: 400, message: 'name must be a text of 1 to 100 characters' })).toBe(
      "No s'ha pogut crear la clau. El nom pot tenir com a màxim 100 caràcters.",
    );
    expect(tokenCreationFailureMessage({ reason: 'rejected', status: 400, message: 'name must be a text of 1 to 100 characters, without control characters' })).toBe(
      "No s'ha pogut crear la clau. El nom ha de tenir d'1 a 100 caràcters, sense salts de línia ni altres caràcters de control.",
    );
    expect(tokenCreationFailureMessage({ reason: 'rejected', status: 400, message: 'a user may hold at most 50 tokens; revoke one first' })).toBe(
      "No s'ha pogut crear la clau. Podeu tenir com a màxim 50 claus: revoqueu-ne una abans.",
    );
  });

  it('explains a role above one’s own', () => {
    expect(tokenCreationFailureMessage({ reason: 'rejected', status: 403, message: "a token cannot have a role above its owner's (analyst)" })).toBe(
      "No s'ha pogut crear la clau. Una clau no pot tenir un rol per sobre del vostre.",
    );
  });
});
