/**
 * Objectius: one report per breakdown of a site goal's conversions (docs/goals.md), at
 * `GET /api/reports/goals/{by}?goal=<id>`, with the period, comparison, filters, paging and
 * minimum cohort of every console report (ranking-report.ts). The goal is read from the goal
 * store at each ask, so an edit shows at once and applies to the stored events of any range.
 */
import { parseGoalDefinition, type GoalDefinition, type ReportMetric } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import type { GoalStore } from '../store/goal-store.js';
import { ENTRY_PAGE_BREAKDOWN, goalConversionsSpec, type GoalBreakdown } from '../store/queries/goal-conversions.js';
import { goalMatch } from '../store/queries/hit-match.js';
import { keepMatches, type KeptMatchIds } from '../store/queries/kept-hit-matches.js';
import { REFERRER_GROUP_LABELS, type ReferrerGroup } from '../shared/referrer-groups.js';
import { countryLabel } from './place-labels.js';
import { rankingReport, type RankingReportOptions } from './ranking-report.js';
import type { ReportContext, ReportDefinition } from './report-definition.js';
import { DEVICE_LABELS } from './technology-reports.js';

export const GOAL_METRICS: ReportMetric[] = [
  { key: 'conversions', label: 'Conversions', format: 'count' },
  { key: 'conversion_rate', label: 'Taxa de conversió', format: 'percent' },
  { key: 'visits', label: 'Visites', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
];

interface Breakdown {
  /** The report's name after `goals/`. */
  name: string;
  title: string;
  dimension: { key: string; label: string };
  column: GoalBreakdown;
  options?: Partial<Pick<RankingReportOptions, 'byDay' | 'labelOf' | 'pages'>>;
}

/** Over time, by source, campaign, device, place and entry page, as the console lists them. */
export const GOAL_BREAKDOWNS: readonly Breakdown[] = [
  { name: 'by-day', title: 'Conversions per dia', dimension: { key: 'day', label: 'Dia' }, column: { key: 'day' }, options: { byDay: true } },
  {
    name: 'by-source',
    title: 'Conversions per font',
    dimension: { key: 'referrer_group', label: 'Font' },
    column: { key: 'referrer_group' },
    options: { labelOf: (key) => REFERRER_GROUP_LABELS[key as ReferrerGroup] ?? key },
  },
  { name: 'by-campaign', title: 'Conversions per campanya', dimension: { key: 'campaign', label: 'Campanya' }, column: { key: 'lower(campaign)' } },
  {
    name: 'by-device',
    title: 'Conversions per dispositiu',
    dimension: { key: 'device', label: 'Dispositiu' },
    column: { key: 'device' },
    options: { labelOf: (key) => DEVICE_LABELS[key] ?? key },
  },
  { name: 'by-country', title: 'Conversions per país', dimension: { key: 'country', label: 'País' }, column: { key: 'country' }, options: { labelOf: countryLabel } },
  { name: 'by-entry-page', title: "Conversions per pàgina d'entrada", dimension: { key: 'entry_url', label: "Pàgina d'entrada" }, column: ENTRY_PAGE_BREAKDOWN, options: { pages: true } },
];

/** The stored goal `id`, checked; a 404 when there is none. */
export async function storedGoal(goals: GoalStore, id: string): Promise<GoalDefinition> {
  const stored = await goals.goalDefinition(id);
  const parsed = stored === undefined ? undefined : parseGoalDefinition(stored);
  if (!parsed?.ok) throw new HttpError(ERRORS.notFound, `no goal ${id}`);
  return parsed.value;
}

/**
 * Keeps a saved goal's hits at load on DuckDB (duckdb/kept-hit-matches.ts), made for the stored
 * days if new: when it is saved, and at an ask (a goal saved before they were kept). A search goal
 * is its visits' own count.
 */
export function keepGoal(goal: GoalDefinition, context: ReportContext): Promise<KeptMatchIds> {
  return keepMatches(context.reader, goal.type === 'search' ? [] : [goalMatch(goal)]);
}

/** The goal reports, each reading its goal from `goals` when asked. */
export function goalReportDefinitions(goals: GoalStore): ReportDefinition[] {
  return GOAL_BREAKDOWNS.map((breakdown): ReportDefinition => {
    const report = `goals/${breakdown.name}`;
    return {
      report,
      area: 'goals',
      title: breakdown.title,
      params: ['goal'],
      run: async (request, context) => {
        const id = request.params.goal;
        if (id === undefined) throw new HttpError(ERRORS.badQuery, 'goal is required: the id of a stored goal');
        const goal = await storedGoal(goals, id);
        const kept = await keepGoal(goal, context);
        const ranking = rankingReport({
          report,
          area: 'goals',
          title: `${breakdown.title}: ${goal.name}`,
          dimension: breakdown.dimension,
          metrics: GOAL_METRICS,
          spec: () => goalConversionsSpec(goal, breakdown.column, kept),
          ...breakdown.options,
        });
        // The goal id is not part of the SQL: its values are (goal-conversions.ts).
        return ranking.run({ ...request, params: {} }, context);
      },
    };
  });
}
