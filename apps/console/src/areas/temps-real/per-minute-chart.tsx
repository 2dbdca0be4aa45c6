import { lazy, Suspense, useMemo } from 'react';
import { formatCount } from '../../reports/format';
import { minuteLabel } from './realtime-format';
import type { RealtimeMinute } from '@mesura/protocol';

// The report view's uPlot line, a chunk of its own loaded with the first chart.
const LineChart = lazy(() => import('../../report-view/line-chart'));

/** Page views per minute of the last half hour, the current (partial) minute last; hidden minutes are gaps. */
export function PerMinuteChart({ minutes, minCohort }: { minutes: RealtimeMinute[]; minCohort: number }) {
  const labels = useMemo(() => minutes.map((m) => minuteLabel(m.start)), [minutes]);
  const current = useMemo(() => minutes.map((m) => m.pageViews), [minutes]);
  const shown = current.filter((v): v is number => v !== null);
  const total = shown.reduce((sum, v) => sum + v, 0);
  const hidden = current.length - shown.length;
  const name =
    `Pàgines vistes per minut, de les ${labels[0] ?? ''} a les ${labels.at(-1) ?? ''}: ${formatCount(total)} en total` +
    (hidden === 1 ? `; 1 minut amb menys de ${minCohort} visitants no es mostra` : '') +
    (hidden > 1 ? `; ${hidden} minuts amb menys de ${minCohort} visitants no es mostren` : '');
  return (
    <figure className="report-chart__figure realtime-chart" role="img" aria-label={name}>
      <Suspense fallback={<p className="panel__note">S'està carregant el gràfic…</p>}>
        <LineChart labels={labels} current={current} formatValue={formatCount} wholeSteps />
      </Suspense>
    </figure>
  );
}
