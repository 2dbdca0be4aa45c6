/**
 * The hits that reach one funnel step (queries/funnel-steps.ts, docs/funnels.md): the range's page
 * views, direct calls, media starts or completions or searches that match it, as `visitor_key` and `t` (the
 * receive time in epoch milliseconds), on each engine. A goal step matches its goal's own hits, as
 * the goal reports find them (hit-match.ts).
 */
import type { FunnelStep, GoalDefinition } from '@mesura/protocol';
import { NO_KEPT_MATCHES, type KeptMatchIds } from './kept-hit-matches.js';
import { callMatch, goalMatch, hitsSql, mediaMatch, NO_HITS, pageMatch, type EngineText, type HitMatch } from './hit-match.js';

/** A step as resolved for a query: a goal step carries its goal's definition, read from the goal store (none if deleted). */
export type ResolvedStep = FunnelStep & { goalDefinition?: GoalDefinition };

/** The hits that reach `step`. */
export function stepMatch(step: ResolvedStep): HitMatch {
  switch (step.type) {
    case 'page':
      return pageMatch(step.url ?? '', step.match ?? 'exact');
    case 'call':
      return callMatch(step.call ?? '');
    case 'media':
      return mediaMatch(step);
    case 'goal':
      // A goal deleted since the funnel was saved: its step is reached by nothing.
      return step.goalDefinition ? goalMatch(step.goalDefinition) : NO_HITS;
  }
}

/**
 * The range's hits of `step` as `(visitor_key, t)` and the columns `more`, narrowed by `extra`
 * (`AND …`, the same text on both engines: bound filters, or the visitors who reached step 1);
 * `extraReadsVisitorOnly` and `kept` as hitsSql (hit-match.ts) takes them.
 */
export function stepHitsSql(step: ResolvedStep, extra: EngineText, more: readonly string[] = [], extraReadsVisitorOnly = false, kept: KeptMatchIds = NO_KEPT_MATCHES): EngineText {
  return hitsSql(stepMatch(step), extra, more, extraReadsVisitorOnly, kept);
}
