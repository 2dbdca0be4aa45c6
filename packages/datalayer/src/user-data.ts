/** The user group of the data layer (spec §3 "User"): `window.mesuraData.user`. */
export interface UserData {
  /** User id. Missing → "No informat". */
  idUsuari: string | number;
  /** The user's id in the big-data platform. */
  idBigData: string | number;
  /**
   * Type of the login module on this page, e.g. "sso". Absent or blank means the page has no
   * login module, and then the visitor is never tracked as logged in (login-state.ts).
   */
  userLogin: string;
}

/** One field name of the user group. */
export type UserField = keyof UserData;

/** The user group with the defaults of §5 applied: every field holds text. */
export type ResolvedUser = { [K in UserField]: string };
