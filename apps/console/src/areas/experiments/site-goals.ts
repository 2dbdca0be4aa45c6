/**
 * The site's goals (GET /api/goals, the Objectius area) an experiment can take as its own: every
 * one of them, as `{type: 'siteGoal', goal: id}`. The server then counts a conversion with the
 * goal's own matching, over the hits its Objectius report reads, so that an experiment and the
 * goal's report agree. A page goal written as a path and one `*` is also a siteGoal rather than an
 * activity's pageView goal: that one compares paths of every address, of any host and bots' copies
 * counted apart, where the goal's report compares the whole address with its pattern.
 */
import { parseGoalDefinition } from '@mesura/protocol';
import { isRecord } from '../../api/api-answer';
import { goalSummary } from '../objectius/goal-labels';

export const SITE_GOALS_API_PATH = '/api/goals';

export interface SiteGoal {
  id: string;
  name: string;
  /** What reaching it means, in one line (the Objectius area's words). */
  summary: string;
}

/** The goals an activity can take, by name; undefined when the body is not the goals' list. */
export function parseSiteGoals(body: unknown): SiteGoal[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.goals)) return undefined;
  return body.goals.flatMap((stored) => {
    const parsed = parseGoalDefinition(stored);
    return parsed.ok ? [{ id: parsed.value.id, name: parsed.value.name, summary: goalSummary(parsed.value) }] : [];
  });
}
