/**
 * Embuts: a stored funnel's reports (docs/funnels.md), with the period, comparison, filters and
 * minimum cohort of every console report (report-answer-builder.ts):
 * - `GET /api/reports/funnels/steps?funnel=<id>`: a row per step, in order (fixed rows: a step no
 *   visitor reached is a 0), with its visitors, conversion from step 1 and from the step before,
 *   the drop-off from the step before and the mean time it took; each row from step 2 drills into
 * - `GET /api/reports/funnels/lost?funnel=<id>&step=<k>`: where the visitors who reached step k-1
 *   but not step k went next: the first page they viewed after step k-1, or the exit.
 * The funnel (and the goals its steps name) are read from their stores at each ask, so an edit
 * shows at once and applies to the stored events of any range. Filters narrow the hits of step 1:
 * a journey starts at a step-1 hit of the filtered section, device, place…
 */
import { parseFunnelDefinition, parseGoalDefinition, type FunnelDefinition, type ReportAnswer, type ReportMetric } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import { numberOf } from '../store/analytics-reader.js';
import type { FunnelStore } from '../store/funnel-store.js';
import type { GoalStore } from '../store/goal-store.js';
import { filterSql } from '../store/queries/filter-sql.js';
import { stepMatch, type ResolvedStep } from '../store/queries/funnel-step-hits.js';
import { keepMatches } from '../store/queries/kept-hit-matches.js';
import { EXIT_KEY, funnelFiguresSql, funnelLostSql, type FunnelQuery } from '../store/queries/funnel-steps.js';
import { FACT_FILTER_COLUMNS } from '../store/queries/report-table.js';
import type { MeasuredRow } from './min-cohort.js';
import { buildAnswer, measurePeriods, type MeasuredPeriod } from './report-answer-builder.js';
import type { ReportContext, ReportDefinition } from './report-definition.js';
import type { ReportRequest } from './report-request.js';

export const FUNNEL_STEP_METRICS: ReportMetric[] = [
  { key: 'visitors', label: 'Visitants', format: 'count' },
  { key: 'conversion', label: 'Conversió des del primer pas', format: 'percent' },
  { key: 'step_conversion', label: 'Conversió des del pas anterior', format: 'percent' },
  { key: 'drop_off', label: 'Abandonaments', format: 'count' },
  { key: 'drop_off_rate', label: "Taxa d'abandonament", format: 'percent' },
  { key: 'seconds_from_previous', label: 'Temps des del pas anterior (mitjana)', format: 'seconds' },
];

export const FUNNEL_LOST_METRICS: ReportMetric[] = [
  { key: 'visitors', label: 'Visitants', format: 'count' },
  { key: 'share', label: 'Percentatge dels perduts', format: 'percent' },
];

/** The exit's Catalan label in the lost report. */
const EXIT_LABEL = 'Sortida (cap altra pàgina)';

/** The stored funnel `id`, checked; a 404 when there is none. */
export async function storedFunnel(funnels: FunnelStore, id: string): Promise<FunnelDefinition> {
  const stored = await funnels.funnelDefinition(id);
  const parsed = stored === undefined ? undefined : parseFunnelDefinition(stored);
  if (!parsed?.ok) throw new HttpError(ERRORS.notFound, `no funnel ${id}`);
  return parsed.value;
}

/** The steps with the goals they name; a goal since deleted leaves its step reached by nothing. */
async function resolvedSteps(funnel: FunnelDefinition, goals: GoalStore): Promise<ResolvedStep[]> {
  return Promise.all(
    funnel.steps.map(async (step): Promise<ResolvedStep> => {
      if (step.type !== 'goal' || step.goal === undefined) return step;
      const stored = await goals.goalDefinition(step.goal);
      const parsed = stored === undefined ? undefined : parseGoalDefinition(stored);
      return parsed?.ok ? { ...step, goalDefinition: parsed.value } : step;
    }),
  );
}

/** Keeps the hits of a funnel's steps at load (duckdb/kept-hit-matches.ts), made for the stored days when it is saved. */
export async function keepFunnelSteps(funnel: FunnelDefinition, goals: GoalStore, context: ReportContext): Promise<void> {
  await keepMatches(context.reader, (await resolvedSteps(funnel, goals)).map(stepMatch));
}

interface FunnelAsk {
  funnel: FunnelDefinition;
  query: FunnelQuery;
  values: Record<string, string>;
}

async function funnelAsk(request: ReportRequest, funnels: FunnelStore, goals: GoalStore, context: ReportContext): Promise<FunnelAsk> {
  const id = request.params.funnel;
  if (id === undefined) throw new HttpError(ERRORS.badQuery, 'funnel is required: the id of a stored funnel');
  const funnel = await storedFunnel(funnels, id);
  const filters = filterSql(request.filters, FACT_FILTER_COLUMNS, request.segment !== undefined);
  const steps = await resolvedSteps(funnel, goals);
  // A saved funnel's step hits are kept at load on DuckDB (duckdb/kept-hit-matches.ts): made now if
  // new (a funnel saved before they were kept, or a goal of a step changed since).
  const kept = await keepMatches(context.reader, steps.map(stepMatch));
  const query: FunnelQuery = { steps, filters: filters.sql, kept, ...(funnel.scope === 'days' && { days: funnel.days ?? 1 }) };
  return { funnel, query, values: { ...(filters.values as Record<string, string>), suite: request.reportSuite } };
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The steps' rows of one period, from the figures' one row. */
async function measureSteps(ask: FunnelAsk, context: ReportContext, range: { from: string; to: string }): Promise<MeasuredPeriod> {
  const sql = funnelFiguresSql(ask.query);
  const [figures = {}] = await context.reader.read({ name: 'funnels/steps', ...sql }, { ...ask.values, from: range.from, to: range.to });
  const visitors = ask.funnel.steps.map((_, i) => numberOf(figures[`visitors_${i + 1}`]) ?? 0);
  const rows = ask.funnel.steps.map((step, i): MeasuredRow => {
    const previous = i === 0 ? undefined : visitors[i - 1]!;
    const averageMs = i === 0 ? null : numberOf(figures[`avg_ms_${i + 1}`]);
    return {
      key: String(i + 1),
      label: `${i + 1}. ${step.name}`,
      ...(i > 0 && { drill: { report: 'funnels/lost', params: { funnel: ask.funnel.id, step: String(i + 1) } } }),
      values: {
        visitors: visitors[i]!,
        conversion: ratio(visitors[i]!, visitors[0]!),
        step_conversion: previous === undefined ? null : ratio(visitors[i]!, previous),
        drop_off: previous === undefined ? null : previous - visitors[i]!,
        drop_off_rate: previous === undefined ? null : ratio(previous - visitors[i]!, previous),
        seconds_from_previous: averageMs === null || visitors[i] === 0 ? null : Math.round(averageMs / 1000),
      },
      // A step nobody reached singles nobody out: it shows its 0, as an empty period's totals do (report-answer-builder.ts).
      visitors: visitors[i] === 0 ? context.minCohort : visitors[i]!,
    };
  });
  const last = visitors[visitors.length - 1]!;
  const total: MeasuredRow = {
    key: 'total',
    label: 'Total',
    values: {
      visitors: visitors[0]!,
      conversion: ratio(last, visitors[0]!),
      step_conversion: null,
      drop_off: visitors[0]! - last,
      drop_off_rate: ratio(visitors[0]! - last, visitors[0]!),
      seconds_from_previous: null,
    },
    visitors: visitors[0]!,
  };
  return { rows, totalRows: rows.length, total };
}

/** The lost visitors' next pages of one period, most visitors first. */
async function measureLost(ask: FunnelAsk, step: number, context: ReportContext, range: { from: string; to: string }): Promise<MeasuredPeriod> {
  const sql = funnelLostSql(ask.query, step - 1);
  const found = await context.reader.read({ name: 'funnels/lost', ...sql }, { ...ask.values, from: range.from, to: range.to });
  const counted = found.map((row) => ({ key: String(row.next_page), visitors: numberOf(row.visitors) ?? 0 }));
  const lost = counted.reduce((sum, row) => sum + row.visitors, 0);
  counted.sort((a, b) => b.visitors - a.visitors || a.key.localeCompare(b.key));
  const rows = counted.map(
    (row): MeasuredRow => ({
      key: row.key,
      label: row.key === EXIT_KEY ? EXIT_LABEL : row.key,
      ...(row.key !== EXIT_KEY && { href: row.key }),
      values: { visitors: row.visitors, share: ratio(row.visitors, lost) },
      visitors: row.visitors,
    }),
  );
  return { rows, totalRows: rows.length, total: { key: 'total', label: 'Total', values: { visitors: lost, share: lost > 0 ? 1 : null }, visitors: lost } };
}

const paged = (period: MeasuredPeriod, request: ReportRequest): MeasuredPeriod => ({ ...period, rows: period.rows.slice(request.offset, request.offset + request.limit) });

/** The funnel reports, each reading its funnel from `funnels` (and its goals from `goals`) when asked. */
export function funnelReportDefinitions(funnels: FunnelStore, goals: GoalStore): ReportDefinition[] {
  return [
    {
      report: 'funnels/steps',
      area: 'funnels',
      title: "Passos de l'embut",
      params: ['funnel'],
      run: async (request, context): Promise<ReportAnswer> => {
        const ask = await funnelAsk(request, funnels, goals, context);
        const { current, previous } = await measurePeriods(request, 'key', (range) => measureSteps(ask, context, range));
        const scope = ask.funnel.scope === 'visit' ? 'en una mateixa visita' : `en ${ask.funnel.days} ${ask.funnel.days === 1 ? 'dia' : 'dies'} des del primer pas`;
        return buildAnswer(
          { report: 'funnels/steps', title: `Embut: ${ask.funnel.name}` },
          request,
          {
            dimension: { key: 'step', label: 'Pas' },
            metrics: FUNNEL_STEP_METRICS,
            chart: 'bar',
            align: 'key',
            note: `Un visitant compta en un pas si ha fet tots els anteriors en ordre, ${scope}. Els filtres s'apliquen al primer pas.`,
          },
          paged(current, request),
          previous && paged(previous, request),
          context.minCohort,
        );
      },
    },
    {
      report: 'funnels/lost',
      area: 'funnels',
      title: "On van els que abandonen l'embut",
      params: ['funnel', 'step'],
      run: async (request, context): Promise<ReportAnswer> => {
        const ask = await funnelAsk(request, funnels, goals, context);
        const step = Number(request.params.step);
        if (!Number.isInteger(step) || step < 2 || step > ask.funnel.steps.length) {
          throw new HttpError(ERRORS.badQuery, `step must be a whole number from 2 to ${ask.funnel.steps.length}: the step the visitors did not reach`);
        }
        const { current, previous } = await measurePeriods(request, 'key', (range) => measureLost(ask, step, context, range));
        return buildAnswer(
          { report: 'funnels/lost', title: `Embut: ${ask.funnel.name}: on van els que no arriben a «${ask.funnel.steps[step - 1]!.name}»` },
          request,
          {
            dimension: { key: 'next_page', label: 'Pàgina següent' },
            metrics: FUNNEL_LOST_METRICS,
            chart: 'bar',
            align: 'key',
            note: `Visitants que van fer el pas ${step - 1} però no el ${step}: la primera pàgina que van veure després del pas ${step - 1} en la mateixa visita, o la sortida.`,
          },
          paged(current, request),
          previous,
          context.minCohort,
        );
      },
    },
  ];
}
