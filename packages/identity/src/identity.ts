import { documentCookieJar, type CookieJar } from './cookie-jar.js';
import { privacyStatus, rememberPrivacy, type PrivacyStatus } from './privacy.js';
import { forgetVisitorId, newVisitorId, readVisitorId, writeVisitorId, type RandomSource } from './visitor-id.js';

/** What every package asks of the identity; the SDK passes this around. */
export interface IdentityState {
  /** The visitor's id (see `Identity.visitorId`). */
  visitorId(): string;
  /** True while the visitor's opt-out lasts: send nothing, write nothing. */
  isOptedOut(): boolean;
}

export interface Identity extends IdentityState {
  /**
   * The first-party cookie's id, or a new one written there. Opted-out visitors, and visitors whose
   * consent does not allow the cookie (`allowed`), get an id that is never written, so neither
   * leaves a new cookie behind.
   */
  visitorId(): string;
  /**
   * Erases the id from this browser (`mesura_fid`, and `mesura_sync` with it): consent withdrawn.
   * The next id written is a new one, never the erased one.
   */
  forget(): void;
  /** Remembers an opt-out for OPT_OUT_TTL_S (§9: 7200 s) and erases the id, as `forget` does. */
  optOut(): void;
  /** Remembers an opt-in for OPT_IN_MAX_AGE_S (§9: 33696000 s); ends an opt-out. */
  optIn(): void;
  privacyStatus(): PrivacyStatus;
}

export interface IdentityOptions {
  /** Where cookies live. Defaults to `document.cookie`. */
  jar?: CookieJar;
  /** Defaults to `crypto.getRandomValues`. */
  random?: RandomSource;
  /** Write cookies with Secure. Defaults to whether the page is https. */
  secure?: boolean;
  /**
   * Whether consent allows keeping the id in the cookie now; asked before each write. Defaults to
   * always; the SDK passes the web-analytics vendor's consent, so that a caller outside the
   * analytics' consent gate (a media heartbeat, a link) cannot write the cookie back after a
   * withdrawal.
   */
  allowed?: () => boolean;
}

export function createIdentity(options: IdentityOptions = {}): Identity {
  const jar = options.jar ?? documentCookieJar();
  const random = options.random ?? ((bytes: Uint8Array) => crypto.getRandomValues(bytes));
  const secure = options.secure ?? location.protocol === 'https:';
  const allowed = options.allowed ?? (() => true);
  // The id of a visitor whose id may not be kept lives only as long as this page.
  let unsaved: string | undefined;
  const isOptedOut = () => privacyStatus(jar) === 'opted-out';
  const forget = () => forgetVisitorId(jar, secure);

  return {
    visitorId() {
      const stored = readVisitorId(jar);
      if (stored) return stored;
      const id = unsaved ?? newVisitorId(random);
      if (isOptedOut() || !allowed()) unsaved = id;
      else writeVisitorId(jar, id, secure);
      return id;
    },
    isOptedOut,
    forget,
    optOut: () => (forget(), rememberPrivacy(jar, false, secure)),
    optIn: () => rememberPrivacy(jar, true, secure),
    privacyStatus: () => privacyStatus(jar),
  };
}
