import type { ApiFailure } from './api-answer';

/** The code a 403 carries while the signed-in person must still replace the initial password. */
export const PASSWORD_CHANGE_REQUIRED_CODE = 'MESURA_ERR_PASSWORD_CHANGE_REQUIRED';

/** Why a call could not be made on the current session, whatever the screen was doing. */
export type SessionProblem = 'signed-out' | 'password-change-required';

/** The session problem a failed API call reveals, if any. */
export function sessionProblemOf(failure: ApiFailure): SessionProblem | undefined {
  if (failure.reason !== 'rejected') return undefined;
  if (failure.status === 401) return 'signed-out';
  if (failure.status === 403 && failure.code === PASSWORD_CHANGE_REQUIRED_CODE) return 'password-change-required';
  return undefined;
}

type SessionProblemListener = (problem: SessionProblem) => void;

// One listener: the console's layout, which owns navigation to the login and password screens.
let listener: SessionProblemListener | undefined;

/** Registers the layout's reaction to a lost session; returns the unregistration. */
export function onSessionProblem(next: SessionProblemListener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = undefined;
  };
}

/** Tells the layout when a failed call shows the session is gone or blocked. */
export function reportSessionProblem(failure: ApiFailure): void {
  const problem = sessionProblemOf(failure);
  if (problem !== undefined) listener?.(problem);
}
