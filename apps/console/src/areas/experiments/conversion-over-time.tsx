import { useCallback, useMemo } from 'react';
import type { ChartSteps } from '../../report-view/annotation-marks';
import { AnnotationChart } from '../../report-view/annotation-chart';
import { CURRENT_LINE_COLOUR, FURTHER_SERIES_COLOURS } from '../../report-view/line-chart-colours';
import { DateRangePicker } from '../../report-view/date-range-picker';
import { useReportState } from '../../report-view/use-report-state';
import { formatRange } from '../../reports/format';
import { useLoaded } from '../administracio/use-loaded';
import type { ActivityOverTime } from '@mesura/protocol';
import { useExperimentsApi } from './experiments-api-context';
import { LoadFailure } from './load-failure';
import { formatRate } from './results-format';

interface ConversionOverTimeProps {
  activityId: string;
  experiences: { id: string; name: string }[];
}

const colourOf = (i: number) => (i === 0 ? CURRENT_LINE_COLOUR : FURTHER_SERIES_COLOURS[(i - 1) % FURTHER_SERIES_COLOURS.length]);

/**
 * Each experience's conversion rate from the period's first day through each day, one line each
 * (hidden days are gaps), with the days as the team's notes are marked on them.
 */
function chartOf(answer: ActivityOverTime, experiences: ConversionOverTimeProps['experiences']) {
  const valuesOf = (id: string) => answer.days.map((day) => day.experiences.find((e) => e.id === id)?.conversionRate ?? null);
  const [first, ...rest] = experiences;
  const steps: ChartSteps = { kind: 'days', keys: answer.days.map((day) => day.day) };
  return {
    series: {
      labels: answer.days.map((day) => `${Number(day.day.slice(8))}/${Number(day.day.slice(5, 7))}`),
      current: first === undefined ? [] : valuesOf(first.id),
      further: rest.map((e) => ({ label: e.name, values: valuesOf(e.id) })),
      formatValue: formatRate,
    },
    steps,
    dayLabels: answer.days.map((day) => ({ key: day.day, label: formatRange({ from: day.day, to: day.day }) })),
  };
}

/** The cumulative conversion rate of each experience over the chosen period (the period in the URL, as the report areas). */
export function ConversionOverTime({ activityId, experiences }: ConversionOverTimeProps) {
  const api = useExperimentsApi();
  const [state, setState] = useReportState();
  const { from, to } = state.range;
  const overTime = useLoaded(useCallback((signal?: AbortSignal) => api.overTime(activityId, { from, to }, signal), [api, activityId, from, to]));
  const chart = useMemo(() => (overTime.state.status === 'ready' ? chartOf(overTime.state.value, experiences) : undefined), [overTime.state, experiences]);

  return (
    <section className="panel" aria-labelledby="over-time-heading" aria-busy={overTime.state.status === 'loading'}>
      <h2 id="over-time-heading">Taxa de conversió acumulada per dia</h2>
      <DateRangePicker state={state} onChange={setState} />
      {overTime.state.status === 'loading' && <p className="panel__note">S'està carregant l'evolució…</p>}
      {overTime.state.status === 'failed' && <LoadFailure what="No s'ha pogut llegir l'evolució dels resultats." failure={overTime.state.failure} onRetry={() => void overTime.reload()} />}
      {chart !== undefined && (
        <>
          <ul className="chart-legend">
            {experiences.map((e, i) => (
              <li key={e.id}>
                <span className="chart-legend__swatch" style={{ background: colourOf(i) }} aria-hidden="true" />
                {e.name}
                {i === 0 ? ' (control)' : ''}
              </li>
            ))}
          </ul>
          {/* The team's notes (a launch, a change of the page) marked on their days, as on every report chart. */}
          <AnnotationChart
            range={state.range}
            steps={chart.steps}
            dayLabels={chart.dayLabels}
            series={chart.series}
            name={`Gràfic de la taxa de conversió acumulada de cada experiència, ${formatRange(state.range)}. Les xifres de tot el període són a la taula de resultats.`}
          />
        </>
      )}
    </section>
  );
}
