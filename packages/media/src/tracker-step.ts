/**
 * The tracker's step: (state, input, readings) → { state, effects }, as XState's transition is.
 * It works on a copy of the state, so the caller's is never changed; it commits what fell due
 * (the preroll wait, the playhead poll, RULES 23) before the input, checks a call against §4's rules and hands it to
 * its handler.
 */
import { adBreakStart, adComplete, adSkip, adStart } from './ad-calls.js';
import { incorrectEventName } from './errors.js';
import { isMediaEvent } from './media-event.js';
import { bufferComplete, bufferStart, pause, play, seekComplete, seekStart } from './player-calls.js';
import { ruleRefusal, type RuleName } from './session-rules.js';
import { readyCount } from './outbox.js';
import { applyPrivacy, applySettings, complete, endBreak, runDue, sessionEnd, sessionStart, tick, trackError } from './session-calls.js';
import { StepContext } from './step-context.js';
import { bitrateChange, chapterComplete, chapterSkip, chapterStart, timedMetadataUpdate, updatePlayhead, updateQoEObject } from './stream-calls.js';
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
  AdBreakComplete: endBreak,
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
 * Calls that still act on a session the idle timer ended: a play or BufferComplete resumes it (RULES 30), complete and end
 * close it quietly, pushed values are kept. The others are ignored until it resumes.
 */
const IDLE_CALLS: ReadonlySet<RuleName> = new Set<RuleName>(['trackPlay', 'BufferComplete', 'trackComplete', 'trackSessionEnd', 'updatePlayhead', 'updateQoEObject']);

export function step(state: TrackerState, input: Input, readings: Readings): StepResult {
  // The outbox's requests are never changed once queued (outbox.ts takes them out or puts a new
  // one in their place), so a copy of the list is enough: cloning every waiting request made a
  // burst of calls within one send tick quadratic (2000 trackError calls took 45 s).
  const { outbox, ...rest } = state;
  const ctx = new StepContext({ ...structuredClone(rest), outbox: [...outbox] }, readings);
  const session = ctx.state.session;
  if (session !== undefined && !session.completed && !session.idle) runDue(ctx, session);
  switch (input.type) {
    case 'call':
      handleCall(ctx, input);
      break;
    case 'tick':
      tick(ctx);
      sendReady(ctx);
      break;
    case 'wake':
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

/** RULES 1-3: at a send-clock tick the outbox's ready requests leave, oldest first. */
function sendReady(ctx: StepContext): void {
  const { outbox } = ctx.state;
  for (const item of outbox.splice(0, readyCount(outbox, ctx.now))) ctx.send(item.request);
}

/**
 * RULES 1-2: a session's `aa_start` waits right behind what its start queued (its `resume`), and
 * what the previous session still had queued leaves after it.
 */
function startSession(ctx: StepContext, media: unknown, contextData: unknown): void {
  const leftover = ctx.state.outbox.splice(0);
  sessionStart(ctx, media, contextData);
  queueAaStart(ctx);
  ctx.state.outbox.push(...leftover);
}

function queueAaStart(ctx: StepContext): void {
  const s = ctx.state.session;
  if (!ctx.announced || s === undefined) return;
  ctx.event(s, 'aa_start');
}

function handleCall(ctx: StepContext, call: TrackerCall): void {
  const name = call.call === 'trackEvent' ? call.event : call.call;
  // §5 "Unknown event name logged 'Incorrect event name'".
  if (call.call === 'trackEvent' && !isMediaEvent(name)) return ctx.refuse(incorrectEventName(name));
  const rule = name as RuleName;
  const refusal = ruleRefusal(ctx.state.session, rule);
  if (refusal !== undefined) return ctx.refuse(refusal);
  if (call.call === 'trackSessionStart') return startSession(ctx, call.media, call.contextData);
  const session = ctx.state.session;
  if (session === undefined || rule === 'trackSessionStart') return;
  if (session.idle && !IDLE_CALLS.has(rule)) return;
  HANDLERS[rule](ctx, session, call as CallArgs);
  // An idle session resumed (session-calls.ts resume).
  queueAaStart(ctx);
}
