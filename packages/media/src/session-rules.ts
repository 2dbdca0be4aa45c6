/**
 * §4 "Session rules" as one pure check per call: the §8 refusal a call meets in the current state,
 * or undefined when it may proceed. The checks run in the spec's order: session, completion,
 * ad-break gap, buffering and seeking, then what each event needs. The objects a call carries are
 * checked after these (call-handlers), as the library does.
 */
import {
  ALREADY_BUFFERING,
  ALREADY_IN_SESSION,
  ALREADY_SEEKING,
  INVALID_PLAYER_STATE_IN_AD_BREAK,
  MEDIA_ALREADY_COMPLETED,
  NOT_BUFFERING,
  NOT_IN_AD,
  NOT_IN_AD_BREAK,
  NOT_IN_CHAPTER,
  NOT_IN_SESSION,
  NOT_SEEKING,
} from './errors.js';
import type { MediaEvent } from './media-event.js';
import type { SessionState, TrackerCall } from './tracker-state.js';

/** A tracker method, or the event of trackEvent. */
export type RuleName = Exclude<TrackerCall['call'], 'trackEvent'> | MediaEvent;

/** §4 "all player-state events are dropped inside an ad break with no ad playing". */
const PLAYER_STATE_CALLS: ReadonlySet<RuleName> = new Set<RuleName>(['trackPlay', 'trackPause', 'BufferStart', 'BufferComplete', 'SeekStart', 'SeekComplete']);

/** §4 "Pause, buffer and seek starts are refused while buffering or seeking". */
const REFUSED_WHILE_BUFFERING_OR_SEEKING: ReadonlySet<RuleName> = new Set<RuleName>(['trackPause', 'BufferStart', 'SeekStart']);

export function ruleRefusal(session: SessionState | undefined, name: RuleName): string | undefined {
  if (name === 'trackSessionStart') return session === undefined ? undefined : ALREADY_IN_SESSION;
  if (session === undefined) return NOT_IN_SESSION;
  // Ending is always allowed: after complete it ends quietly.
  if (name === 'trackSessionEnd') return undefined;
  if (session.completed) return MEDIA_ALREADY_COMPLETED;
  if (PLAYER_STATE_CALLS.has(name) && session.adBreak !== undefined && session.ad === undefined) {
    return INVALID_PLAYER_STATE_IN_AD_BREAK;
  }
  if (REFUSED_WHILE_BUFFERING_OR_SEEKING.has(name)) {
    if (session.buffering) return ALREADY_BUFFERING;
    if (session.seeking) return ALREADY_SEEKING;
  }
  return eventNeeds(session, name);
}

/** What an event needs open: a buffer, a seek, an ad break, an ad, a chapter. */
function eventNeeds(session: SessionState, name: RuleName): string | undefined {
  switch (name) {
    case 'BufferComplete':
      return session.buffering ? undefined : NOT_BUFFERING;
    case 'SeekComplete':
      return session.seeking ? undefined : NOT_SEEKING;
    case 'AdBreakComplete':
    case 'AdStart':
      return session.adBreak === undefined ? NOT_IN_AD_BREAK : undefined;
    case 'AdComplete':
    case 'AdSkip':
      return session.ad === undefined ? NOT_IN_AD : undefined;
    case 'ChapterComplete':
    case 'ChapterSkip':
      return session.chapter === undefined ? NOT_IN_CHAPTER : undefined;
    default:
      return undefined;
  }
}
