/**
 * The site's goals (GET /api/goals, the Objectius area) an experiment can take as its own: a page
 * goal whose pattern is a path followed by one `*` (`https://…/el-temps/*`) is a visit to a page
 * under that path, which is what an activity's pageView goal counts (a page view whose path starts
 * with it). Other goals (an exact address, calls, media…) count in ways an activity's goal cannot
 * say, and are not offered.
 */
import { isRecord } from '../../api/api-answer';

export const SITE_GOALS_API_PATH = '/api/goals';

export interface SiteGoal {
  name: string;
  /** The path a visit's page starts with. */
  pathPrefix: string;
}

/** The path prefix a page goal stands for, or undefined when it is not a path followed by one `*`. */
export function goalPathPrefix(url: string, match: unknown): string | undefined {
  if (match !== 'pattern' || !url.endsWith('*') || url.indexOf('*') !== url.length - 1) return undefined;
  const head = url.slice(0, -1);
  let path: string;
  try {
    path = head.startsWith('/') ? head : new URL(head).pathname;
  } catch {
    return undefined;
  }
  return path.startsWith('/') && !path.startsWith('//') && path.length > 1 ? path : undefined;
}

/** The goals an activity can take, by name; undefined when the body is not the goals' list. */
export function parseSiteGoals(body: unknown): SiteGoal[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.goals)) return undefined;
  return body.goals.flatMap((goal) => {
    if (!isRecord(goal) || goal.type !== 'page' || typeof goal.name !== 'string' || typeof goal.url !== 'string') return [];
    const pathPrefix = goalPathPrefix(goal.url, goal.match);
    return pathPrefix === undefined ? [] : [{ name: goal.name, pathPrefix }];
  });
}
