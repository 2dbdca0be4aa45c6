/**
 * Every limit of the site's participation features (polls, newsletter, daily quiz, watch on TV),
 * defined once with its unit in its name. The stores' bounds (newsletter addresses, answers per
 * poll) are store/engagement-store.ts's.
 */

/** Lifetime of the participant cookie that makes a poll one answer per browser. */
export const PARTICIPANT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Changes (answers, sign-ups, casts, pairings) per client address per second, and the burst allowed. */
export const ENGAGEMENT_CHANGES_PER_S = 1;
export const ENGAGEMENT_CHANGES_BURST = 20;
/** Client addresses whose change rate is remembered at once (least recently seen forgotten first). */
export const MAX_TRACKED_ENGAGEMENT_ADDRESSES = 10_000;

/** How long a receiver's code waits for a first cast. */
export const TV_PAIRING_CODE_TTL_MS = 10 * 60 * 1000;
/** How long a pairing lives after its last cast (the TV keeps accepting new media meanwhile). */
export const TV_PAIRED_SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** Pairings alive at once at most; a new one past it is refused with 503. */
export const MAX_ACTIVE_TV_PAIRINGS = 1000;
/** Receivers listening to one pairing at most (a TV reloading its page opens a new stream). */
export const MAX_TV_LISTENERS_PER_PAIRING = 4;
/** Comment line sent to an idle event stream, so that proxies do not close it. */
export const TV_EVENTS_KEEPALIVE_MS = 15_000;
/** Cast attempts per client address per second, and their burst: 6-digit codes must not be guessable. */
export const TV_CAST_ATTEMPTS_PER_S = 0.2;
export const TV_CAST_ATTEMPTS_BURST = 10;
/** Longest media title and address a cast may carry. */
export const MAX_TV_MEDIA_TITLE_CHARS = 200;
export const MAX_TV_MEDIA_SRC_CHARS = 300;

/** Questions in the daily quiz. */
export const QUIZ_QUESTIONS_PER_DAY = 5;
