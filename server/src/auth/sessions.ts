/** Console sign-in: checking a password, opening, resolving and ending sessions. */
import { ERRORS, HttpError } from '../http/errors.js';
import type { AccountStore, UserRecord } from '../store/account-store.js';
import type { LoginThrottle } from './login-throttle.js';
import { unknownUserHash, verifyPassword } from './password.js';
import { newSecret, secretHash } from './secret.js';

/** A session unused this long is over (sliding: each use starts the wait again). */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;
/** A session's last use is written at most this often: a page of the console makes many requests. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** One message for every refused login, so that the answer does not tell which emails have accounts. */
export const LOGIN_REFUSED_MESSAGE = 'email or password is wrong';

export interface SessionDeps {
  store: AccountStore;
  throttle: LoginThrottle;
  now: () => number;
}

export interface ResolvedSession {
  user: UserRecord;
  secretHash: string;
}

/** The secret of a new session for a right email and password; 401 otherwise, 429 when slowed. */
export async function logIn(deps: SessionDeps, email: string, password: string, address: string): Promise<string> {
  const waitMs = deps.throttle.retryAfterMs(email, address);
  if (waitMs > 0) throw tooManyAttempts(waitMs);
  const user = await deps.store.userByEmail(email);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await unknownUserHash()));
  if (!user || !matches) {
    deps.throttle.recordFailure(email, address);
    await deps.store.audit({ atMs: deps.now(), actorId: user?.id ?? null, action: 'login-failed', subject: email });
    throw new HttpError(ERRORS.unauthenticated, LOGIN_REFUSED_MESSAGE);
  }
  deps.throttle.recordSuccess(email);
  const secret = newSecret();
  const at = deps.now();
  // Sessions left idle are swept here: sign-ins are rare, and a lookup deletes the idle one it finds.
  await deps.store.deleteSessionsIdleSince(at - SESSION_IDLE_MS);
  await deps.store.insertSession({ secretHash: secretHash(secret), userId: user.id, createdAtMs: at, lastSeenAtMs: at });
  await deps.store.audit({ atMs: at, actorId: user.id, action: 'login', subject: user.email });
  return secret;
}

export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterS: number) {
    super(ERRORS.tooManyAttempts, `too many failed sign-ins; try again in ${retryAfterS} s`);
  }
}

function tooManyAttempts(waitMs: number): TooManyAttemptsError {
  return new TooManyAttemptsError(Math.ceil(waitMs / 1000));
}

/** The user of a live session, sliding its idle time; undefined for an unknown or idle one (which is deleted). */
export async function resolveSession(deps: SessionDeps, secret: string): Promise<ResolvedSession | undefined> {
  const hash = secretHash(secret);
  const session = await deps.store.sessionBySecretHash(hash);
  if (!session) return undefined;
  const at = deps.now();
  if (at - session.lastSeenAtMs > SESSION_IDLE_MS) {
    await deps.store.deleteSession(hash);
    return undefined;
  }
  const user = await deps.store.userById(session.userId);
  if (!user) return undefined;
  if (at - session.lastSeenAtMs >= SESSION_TOUCH_INTERVAL_MS) await deps.store.touchSession(hash, at);
  return { user, secretHash: hash };
}

export async function logOut(deps: SessionDeps, resolved: ResolvedSession): Promise<void> {
  await deps.store.deleteSession(resolved.secretHash);
  await deps.store.audit({ atMs: deps.now(), actorId: resolved.user.id, action: 'logout', subject: resolved.user.email });
}
