/**
 * The Experiments area's calls, all through the console's API client (src/api/api-client.ts).
 * Screens take an ExperimentsApi from context (experiments-api-context.ts), so tests give them a
 * fake one.
 */
import type { Activity, ActivityDefinition, ActivityOverTime, ActivityResults } from '@mesura/protocol';
import { callApi, type ApiClientOptions } from '../../api/api-client';
import type { DateRange } from '../../reports/report-types';
import type { Outcome } from '../../api/api-answer';
import { parseActivity, parseActivityList } from './activity-definition';
import { parseActivityHistory, type ActivityChange } from './activity-history';
import { parseActivityOverTime, parseActivityResults } from './activity-results';
import { isRecord } from '../../api/api-answer';
import { parseSiteGoals, SITE_GOALS_API_PATH, type SiteGoal } from './site-goals';
import { parseSitePages, SITE_HOME_API_PATH, type SitePage } from './site-pages';

export type { Outcome };

export const ACTIVITIES_API_PATH = '/api/activities';
export const ACTIVITY_REPORTS_API_PATH = '/api/reports/activities';

/** A preview link (POST /api/activities/:id/preview): the site's page with a signed token. */
export interface PreviewLink {
  url: string;
  /** ISO 8601: when the link stops showing the experience. */
  expiresAt: string;
}

export interface ExperimentsApi {
  listActivities(signal?: AbortSignal): Promise<Outcome<Activity[]>>;
  /** One activity; a 404 failure when there is none with that id. */
  activity(id: string, signal?: AbortSignal): Promise<Outcome<Activity>>;
  /** PUT of the whole definition: creates the activity or replaces it. */
  saveActivity(definition: ActivityDefinition): Promise<Outcome<Activity>>;
  results(id: string, signal?: AbortSignal): Promise<Outcome<ActivityResults>>;
  overTime(id: string, range: DateRange, signal?: AbortSignal): Promise<Outcome<ActivityOverTime>>;
  preview(id: string, experienceId: string, path: string): Promise<Outcome<PreviewLink>>;
  history(id: string, signal?: AbortSignal): Promise<Outcome<ActivityChange[]>>;
  /** The site's pages an editor may preview or target (site-pages.ts). */
  sitePages(signal?: AbortSignal): Promise<Outcome<SitePage[]>>;
  /** The site's goals an activity can take (site-goals.ts). */
  siteGoals(signal?: AbortSignal): Promise<Outcome<SiteGoal[]>>;
}

const MALFORMED = { ok: false, failure: { reason: 'malformed' } } as const;

function parsed<T>(value: T | undefined): Outcome<T> {
  return value === undefined ? MALFORMED : { ok: true, value };
}

function parsePreviewLink(body: unknown): PreviewLink | undefined {
  return isRecord(body) && typeof body.url === 'string' && body.url.startsWith('/') && typeof body.expiresAt === 'string' ? { url: body.url, expiresAt: body.expiresAt } : undefined;
}

/** The ExperimentsApi over the real API; `options` carry a fake fetch in tests. */
export function createExperimentsApi(options: ApiClientOptions = {}): ExperimentsApi {
  async function get<T>(path: string, parse: (body: unknown) => T | undefined, signal?: AbortSignal): Promise<Outcome<T>> {
    const result = await callApi({ method: 'GET', path, ...(signal === undefined ? {} : { signal }) }, options);
    return result.ok ? parsed(parse(result.body)) : result;
  }
  const activityPath = (id: string) => `${ACTIVITIES_API_PATH}/${encodeURIComponent(id)}`;
  const reportPath = (id: string) => `${ACTIVITY_REPORTS_API_PATH}/${encodeURIComponent(id)}`;

  return {
    listActivities: (signal) => get(ACTIVITIES_API_PATH, parseActivityList, signal),
    activity: (id, signal) => get(activityPath(id), parseActivity, signal),
    async saveActivity(definition) {
      const result = await callApi({ method: 'PUT', path: activityPath(definition.id), json: definition }, options);
      return result.ok ? parsed(parseActivity(result.body)) : result;
    },
    results: (id, signal) => get(reportPath(id), parseActivityResults, signal),
    overTime: (id, range, signal) => get(`${reportPath(id)}/over-time?${new URLSearchParams({ from: range.from, to: range.to })}`, parseActivityOverTime, signal),
    async preview(id, experienceId, path) {
      const result = await callApi({ method: 'POST', path: `${activityPath(id)}/preview`, json: { experienceId, path } }, options);
      return result.ok ? parsed(parsePreviewLink(result.body)) : result;
    },
    history: (id, signal) => get(`${activityPath(id)}/history`, parseActivityHistory, signal),
    sitePages: (signal) => get(SITE_HOME_API_PATH, parseSitePages, signal),
    siteGoals: (signal) => get(SITE_GOALS_API_PATH, parseSiteGoals, signal),
  };
}
