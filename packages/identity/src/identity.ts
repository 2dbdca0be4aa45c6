import { documentCookieJar, type CookieJar } from './cookie-jar.js';
import { privacyStatus, rememberPrivacy, type PrivacyStatus } from './privacy.js';
import { newVisitorId, readVisitorId, writeVisitorId, type RandomSource } from './visitor-id.js';

/** What every package asks of the identity; the SDK passes this around. */
export interface IdentityState {
  /** The visitor's id (see `Identity.visitorId`). */
  visitorId(): string;
  /** True while the visitor's opt-out lasts: send nothing, write nothing. */
  isOptedOut(): boolean;
}

export interface Identity extends IdentityState {
  /**
   * The first-party cookie's id, or a new one written there. Opted-out visitors get an id that is
   * never written, so opting out leaves no new cookie behind.
   */
  visitorId(): string;
  /** Remembers an opt-out for OPT_OUT_TTL_S (§9: 7200 s). */
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
}

export function createIdentity(options: IdentityOptions = {}): Identity {
  const jar = options.jar ?? documentCookieJar();
  const random = options.random ?? ((bytes: Uint8Array) => crypto.getRandomValues(bytes));
  const secure = options.secure ?? location.protocol === 'https:';
  // An opted-out visitor's id lives only as long as this page.
  let unsaved: string | undefined;
  const isOptedOut = () => privacyStatus(jar) === 'opted-out';

  return {
    visitorId() {
      const stored = readVisitorId(jar);
      if (stored) return stored;
      const id = unsaved ?? newVisitorId(random);
      if (isOptedOut()) unsaved = id;
      else writeVisitorId(jar, id, secure);
      return id;
    },
    isOptedOut,
    optOut: () => rememberPrivacy(jar, false, secure),
    optIn: () => rememberPrivacy(jar, true, secure),
    privacyStatus: () => privacyStatus(jar),
  };
}
