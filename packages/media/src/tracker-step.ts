/**
 * The tracker's step: (state, input, readings) → { state, effects }, as XState's transition is.
 * It works on a copy of the state, so the caller's is never changed; it commits what fell due
 * (preroll wait, flush filter) before the input, checks a call against §4's rules and hands it to
 * its handler.
 */
import {
  adBreakComplete,
  adBreakStart,
  adComplete,
  adSkip,
  adStart,
} from './ad-calls.js';
import { incorrectEventName } from './errors.js';
import { isMediaEvent } from './media-event.js';
import { advance } from './playback-reporter.js';
import { bufferComplete, bufferStart, pause, play, seekComplete, seekStart } from './player-calls.js';
import { ruleRefusal, type RuleName } from './session-rules.js';
import {
  analyticsSent,
  applyPrivacy,
  applySettings,
  complete,
  sessionEnd,
  sessionStart,
  tick,
  trackError,
} from './session-calls.js';
import { StepContext } from './step-context.js';
import {
  bitrateChange,
  chapterComplete,
  chapterSkip,
  chapterStart,
  timedMetadataUpdate,
  updatePlayhead,
  updateQoEObject,
} from './stream-calls.js';
import type { CallArgs, Input, Readings, SessionState, StepResult, TrackerCall, TrackerState } from './tracker-state.js';

type Handler = (ctx: StepContext, s: SessionState, call: CallArgs) => void;

const HANDLERS: Readonly<Record<Exclude<RuleName, 'trackSessionStart'>, Handler>> = {
  trackPlay: play,
  trackPause: pause,
  trackComplete: complete,
  trackSessionEnd: sessionEnd,
  trackError,
  updatePlayhead,
  updateQoEObject,
  AdBreakStart: adBreakStart,
  AdBreakComplete: adBreakComplete,
  AdStart: adStart,
  AdComplete: adComplete,
  AdSkip: adSkip,
  ChapterStart: chapterStart,
  ChapterComplete: chapterComplete,
  ChapterSkip: chapterSkip,
  SeekStart: seekStart,
  SeekComplete: seekComplete,
  BufferStart: bufferStart,
  BufferComplete: bufferComplete,
  BitrateChange: bitrateChange,
  TimedMetadataUpdate: timedMetadataUpdate,
};

/**
 * Calls that still act on a session the idle timer ended: a play resumes it, complete and end
 * close it quietly, pushed values are kept. The others are ignored until it resumes.
 */
const IDLE_CALLS: ReadonlySet<RuleName> = new Set<RuleName>([
  'trackPlay',
  'trackComplete',
  'trackSessionEnd',
  'updatePlayhead',
  'updateQoEObject',
]);

export function step(state: TrackerState, input: Input, readings: Readings): StepResult {
  const ctx = new StepContext(structuredClone(state), readings);
  const session = ctx.state.session;
  if (session !== undefined && !session.completed && !session.idle) advance(ctx, session);
  switch (input.type) {
    case 'call':
      handleCall(ctx, input);
      break;
    case 'tick':
      tick(ctx);
      break;
    case 'analytics-sent':
      analyticsSent(ctx, input.sid, input.adSid);
      break;
    case 'settings':
      applySettings(ctx, input.settings);
      break;
    case 'privacy':
      applyPrivacy(ctx, input.status);
      break;
  }
  return { state: ctx.state, effects: ctx.effects };
}

function handleCall(ctx: StepContext, call: TrackerCall): void {
  const name = call.call === 'trackEvent' ? call.event : call.call;
  // §5 "Unknown event name logged 'Incorrect event name'".
  if (call.call === 'trackEvent' && !isMediaEvent(name)) return ctx.refuse(incorrectEventName(name));
  const rule = name as RuleName;
  const refusal = ruleRefusal(ctx.state.session, rule);
  if (refusal !== undefined) return ctx.refuse(refusal);
  if (call.call === 'trackSessionStart') return sessionStart(ctx, call.media, call.contextData);
  const session = ctx.state.session;
  if (session === undefined || rule === 'trackSessionStart') return;
  if (session.idle && !IDLE_CALLS.has(rule)) return;
  HANDLERS[rule](ctx, session, call as CallArgs);
}
