import { LOGGED_IN_STATE, NOT_INFORMED_OTHER } from './constants.js';
import type { DerivedValues, ReadOptions, ResolvedDataLayer } from './data-layer.js';
import { USER_DEFAULTS } from './defaults.js';
import { firstValue } from './first-value.js';
import { loginState } from './login-state.js';
import type { ResolvedPage } from './page-data.js';
import { fieldOf, isRecord } from './raw-value.js';
import { resolveGroup } from './resolve-group.js';
import { resolvePage } from './resolve-page.js';
import { formatTimestamp } from './timestamp.js';
import type { UserData } from './user-data.js';

/** The first entry of a resolved list field, or "No Informat" (§5) when it has none. */
function firstOrDefault(list: string): string {
  return firstValue(list) ?? NOT_INFORMED_OTHER;
}

function derive(page: ResolvedPage, rawUser: unknown, options: ReadOptions | undefined): DerivedValues {
  const state = loginState(isRecord(rawUser) ? (rawUser as Partial<UserData>) : undefined, options?.cookies);
  return {
    timestamp: formatTimestamp(options?.now ?? new Date()),
    loginState: state,
    loggedIn: state === LOGGED_IN_STATE,
    // A missing list resolves to "No Informat", whose first value is itself.
    topicAreaFirst: firstOrDefault(page.areaTematica),
    groupingCategoryFirst: firstOrDefault(page.categoriaAgrupadora),
  };
}

/**
 * Reads the page and user groups of the page-level global object (`window.mesuraData = { page,
 * video, user }`, §3; the video group is `readVideoData`'s) and applies the defaults of §5, the Error404 rule of §2 and the derived values (timestamp, login state, first
 * values of the comma lists). Never throws: input that is not an object, groups that are not
 * objects and fields of the wrong type all count as missing.
 *
 * @param raw whatever the page holds in `window.mesuraData` (the caller reads the global).
 */
export function readDataLayer(raw: unknown, options?: ReadOptions): ResolvedDataLayer {
  const rawPage = fieldOf(raw, 'page');
  const rawUser = fieldOf(raw, 'user');
  const page = resolvePage(rawPage);
  return {
    page,
    user: resolveGroup(rawUser, USER_DEFAULTS),
    derived: derive(page, rawUser, options),
  };
}
