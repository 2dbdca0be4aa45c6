import { NOT_INFORMED, NOT_INFORMED_OTHER, type ResolvedDataLayer } from '@mesura/datalayer';
import { AUTH_STATE_AUTHENTICATED, AUTH_STATE_LOGGED_OUT, AUTH_STATE_UNKNOWN, BIG_DATA_ID_CODE, USER_ID_CODE } from './constants.js';
import type { AuthState, CustomerIdInput } from './customer-ids.js';

/** The logged-in user's identity as the data layer gives it (§3 "User"). */
export interface UserIdentity {
  /**
   * Authenticated (1) when the data layer says logged in; logged out (2) when the page has a login
   * module and the user is not logged in; unknown (0) when the page has no login module.
   */
  authState: AuthState;
  /** `user.userLogin`, the login module type; absent when the page has none. */
  userLogin?: string;
  /** `idUsuari` and `idBigData` with `authState`, for `setCustomerIds`; only those informed. */
  customerIds: Record<string, CustomerIdInput>;
}

/** Reads the user group of a resolved data layer (`readDataLayer` of @mesura/datalayer). */
export function userIdentity(resolved: Pick<ResolvedDataLayer, 'user' | 'derived'>): UserIdentity {
  const { user, derived } = resolved;
  const userLogin = informed(user.userLogin);
  const authState = derived.loggedIn ? AUTH_STATE_AUTHENTICATED : userLogin ? AUTH_STATE_LOGGED_OUT : AUTH_STATE_UNKNOWN;
  const identity: UserIdentity = { authState, customerIds: {} };
  if (userLogin) identity.userLogin = userLogin;
  for (const code of [USER_ID_CODE, BIG_DATA_ID_CODE] as const) {
    const id = informed(user[code]);
    if (id) identity.customerIds[code] = { id, authState };
  }
  return identity;
}

/** The resolved data layer writes §5's "not informed" defaults for missing fields: they are no id. */
function informed(value: string): string | undefined {
  return value === NOT_INFORMED || value === NOT_INFORMED_OTHER || value.trim() === '' ? undefined : value;
}
