/** What the password form holds. */
export interface PasswordDraft {
  current: string;
  next: string;
  repeat: string;
}

export type PasswordProblem = 'missing-current' | 'missing-new' | 'mismatch' | 'unchanged';

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  'missing-current': 'Escriviu la contrasenya actual.',
  'missing-new': 'Escriviu la contrasenya nova.',
  mismatch: 'Les dues contrasenyes noves no coincideixen.',
  unchanged: "La contrasenya nova ha de ser diferent de l'actual.",
};

/**
 * What keeps the form from being sent, checked in the browser before asking the server; the
 * server still judges the new password's strength (its length rule lives there, once).
 */
export function passwordProblem({ current, next, repeat }: PasswordDraft): PasswordProblem | undefined {
  if (current === '') return 'missing-current';
  if (next === '') return 'missing-new';
  if (next !== repeat) return 'mismatch';
  if (next === current) return 'unchanged';
  return undefined;
}
