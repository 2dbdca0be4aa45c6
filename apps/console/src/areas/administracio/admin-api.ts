/**
 * The admin area's calls, all through the console's API client (src/api/api-client.ts). Screens
 * take an AdminApi from context (admin-api-context.ts), so tests give them a fake one.
 */
import type { Outcome } from '../../api/api-answer';
import { callApi, type ApiClientOptions } from '../../api/api-client';
import type { Role } from '../../session/roles';
import { parseAccountAuditPage, type AccountAuditPage } from './account-audit';
import { parseLastSignIns, parseUserAccount, parseUserList, type UserAccount } from './user-accounts';
import { parseRightsRequests, parseVisitorDataCopy, parseVisitorErasure, type RightsRequest, type VisitorDataCopy, type VisitorErasure } from './visitor-rights';

export const USERS_API_PATH = '/api/users';
export const LAST_SIGN_INS_API_PATH = '/api/accounts/last-sign-ins';
export const ACCOUNT_AUDIT_API_PATH = '/api/accounts/audit';
export const RIGHTS_REQUESTS_API_PATH = '/api/visitors/requests';
export const VISITORS_API_PATH = '/api/visitors';

/** Audit entries per page: a screenful, well under the server's maximum. */
export const AUDIT_PAGE_ENTRIES = 50;
/** Recorded rights requests the console lists (the server's default and what one screen can show). */
export const RIGHTS_REQUESTS_LISTED = 100;

export interface NewUser {
  email: string;
  password: string;
  role: Role;
}

export interface AdminApi {
  listUsers(signal?: AbortSignal): Promise<Outcome<UserAccount[]>>;
  /** User id → ISO instant of their latest sign-in. */
  lastSignIns(signal?: AbortSignal): Promise<Outcome<Map<string, string>>>;
  createUser(user: NewUser): Promise<Outcome<UserAccount>>;
  changeRole(userId: string, role: Role): Promise<Outcome<UserAccount>>;
  deleteUser(userId: string): Promise<Outcome<undefined>>;
  auditPage(before: string | null, signal?: AbortSignal): Promise<Outcome<AccountAuditPage>>;
  rightsRequests(signal?: AbortSignal): Promise<Outcome<RightsRequest[]>>;
  /** An access request: the server records it and answers everything it keeps about the id. */
  visitorData(visitorId: string): Promise<Outcome<VisitorDataCopy>>;
  eraseVisitor(visitorId: string): Promise<Outcome<VisitorErasure>>;
}

const MALFORMED = { ok: false, failure: { reason: 'malformed' } } as const;

function parsed<T>(value: T | undefined): Outcome<T> {
  return value === undefined ? MALFORMED : { ok: true, value };
}

function withSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal === undefined ? {} : { signal };
}

/** The AdminApi over the real API; `options` carry a fake fetch in tests. */
export function createAdminApi(options: ApiClientOptions = {}): AdminApi {
  async function get<T>(path: string, parse: (body: unknown) => T | undefined, signal?: AbortSignal): Promise<Outcome<T>> {
    const result = await callApi({ method: 'GET', path, ...withSignal(signal) }, options);
    return result.ok ? parsed(parse(result.body)) : result;
  }
  const userPath = (id: string) => `${USERS_API_PATH}/${encodeURIComponent(id)}`;
  const visitorPath = (id: string) => `${VISITORS_API_PATH}/${encodeURIComponent(id)}`;

  return {
    listUsers: (signal) => get(USERS_API_PATH, parseUserList, signal),
    lastSignIns: (signal) => get(LAST_SIGN_INS_API_PATH, parseLastSignIns, signal),
    async createUser(user) {
      const result = await callApi({ method: 'POST', path: USERS_API_PATH, json: user }, options);
      return result.ok ? parsed(parseUserAccount(result.body)) : result;
    },
    async changeRole(userId, role) {
      const result = await callApi({ method: 'PATCH', path: userPath(userId), json: { role } }, options);
      return result.ok ? parsed(parseUserAccount(result.body)) : result;
    },
    async deleteUser(userId) {
      const result = await callApi({ method: 'DELETE', path: userPath(userId) }, options);
      return result.ok ? { ok: true, value: undefined } : result;
    },
    auditPage(before, signal) {
      const query = new URLSearchParams({ limit: String(AUDIT_PAGE_ENTRIES) });
      if (before !== null) query.set('before', before);
      return get(`${ACCOUNT_AUDIT_API_PATH}?${query}`, parseAccountAuditPage, signal);
    },
    rightsRequests: (signal) => get(`${RIGHTS_REQUESTS_API_PATH}?limit=${RIGHTS_REQUESTS_LISTED}`, parseRightsRequests, signal),
    visitorData: (visitorId) => get(`${visitorPath(visitorId)}/data`, (body) => parseVisitorDataCopy(body, visitorId)),
    async eraseVisitor(visitorId) {
      const result = await callApi({ method: 'DELETE', path: visitorPath(visitorId) }, options);
      return result.ok ? parsed(parseVisitorErasure(result.body, visitorId)) : result;
    },
  };
}
