/** The page-level global object and what `readDataLayer` makes of it. */
import type { LoginState } from './login-state.js';
import type { PageData, ResolvedPage } from './page-data.js';
import type { ResolvedUser, UserData } from './user-data.js';
import type { VideoData } from './video-data.js';

/**
 * `window.mesuraData`, written by the site before the SDK reads it (§3: "Tracking data is read
 * from a page-level global object with page, video and user groups"). Every group and field is
 * optional; the defaults of §5 fill the gaps.
 */
export interface MesuraData {
  page?: Partial<PageData>;
  /** Only on pages with a player. */
  video?: Partial<VideoData>;
  user?: Partial<UserData>;
}

export interface ReadOptions {
  /** The page's `document.cookie`, for the login state. Defaults to no cookies (logged out). */
  cookies?: string;
  /** The moment of the reading, for the timestamp. Defaults to `new Date()`. */
  now?: Date;
}

/** Values computed from the data layer and the options rather than read from it (§3, §5). */
export interface DerivedValues {
  /** `now` as `MM/DD/YYYY HH:mm:ss` in local time (see `formatTimestamp`). */
  timestamp: string;
  /** `'logat'` or `'no logat'` (see `loginState`). */
  loginState: LoginState;
  /** Whether `loginState` is `'logat'`. */
  loggedIn: boolean;
  /** First entry of `page.areaTematica`; "No Informat" when there is none. */
  topicAreaFirst: string;
  /** First entry of `page.categoriaAgrupadora`; "No Informat" when there is none. */
  groupingCategoryFirst: string;
}

/** The data layer with every default applied: each analytics value is text, ready for a beacon. */
export interface ResolvedDataLayer {
  page: ResolvedPage;
  user: ResolvedUser;
  derived: DerivedValues;
}
