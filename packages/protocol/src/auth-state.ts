/**
 * A customer id's auth state (spec §3 "Customer IDs", §9 "customer-ID states 0/1/2"), as beacons,
 * heartbeats and delivery requests carry it: the numbers are the wire's, and reports compare them.
 */
export const AUTH_STATE_UNKNOWN = 0;
export const AUTH_STATE_AUTHENTICATED = 1;
export const AUTH_STATE_LOGGED_OUT = 2;

export type AuthState = typeof AUTH_STATE_UNKNOWN | typeof AUTH_STATE_AUTHENTICATED | typeof AUTH_STATE_LOGGED_OUT;

function isAuthState(value: unknown): value is AuthState {
  return value === AUTH_STATE_UNKNOWN || value === AUTH_STATE_AUTHENTICATED || value === AUTH_STATE_LOGGED_OUT;
}

/** A state as sent: an unknown or missing one is AUTH_STATE_UNKNOWN. */
export function authStateOf(value: unknown): AuthState {
  return isAuthState(value) ? value : AUTH_STATE_UNKNOWN;
}
