import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BarChart } from '../components/bar-chart';
import { DateRangeForm } from '../components/date-range-form';
import { ReportPanel } from '../components/report-panel';
import { ReportTable } from '../components/report-table';
import { TotalsSummary } from '../components/totals-summary';
import { usePageViewsReport } from '../hooks/use-page-views-report';
import { REPORT_TIME_ZONE, TOP_PAGE_NAMES_LIMIT } from '../reports/constants';
import { defaultDateRange, rangeFromSearchParams } from '../reports/date-range';
import { formatDay, formatKey, formatRange } from '../reports/format';
import { byPageViewsDesc, fillMissingDays, topRows, withChartFigures } from '../reports/report-maths';
import type { DateRange } from '../reports/report-types';
import { exportCsvUrl } from '../reports/report-urls';

/** The first screen: page views by day, by section and by page name for a range of days. */
export function PageViewsPage() {
  const [params, setParams] = useSearchParams();
  // Read once per mount: "today" must not move while the analyst is looking at the screen.
  const [fallback] = useState(() => defaultDateRange(new Date(), REPORT_TIME_ZONE));
  const range = rangeFromSearchParams(params, fallback);
  const { from, to } = range;

  const byDay = usePageViewsReport({ from, to, by: 'day' });
  const bySection = usePageViewsReport({ from, to, by: 'section' });
  const byPageName = usePageViewsReport({ from, to, by: 'pageName' });

  function applyRange(next: DateRange) {
    setParams({ from: next.from, to: next.to });
  }

  return (
    <>
      <title>{`Audiència, ${formatRange(range)} · Mesura · Consola`}</title>
      <div className="page-heading">
        <div>
          <h1>Audiència</h1>
          <p className="page-heading__range">{formatRange(range)}</p>
        </div>
        {/* A plain link: the export is served by the API, outside the console's router. */}
        <a className="export-link" href={exportCsvUrl(range)}>
          Exporta (CSV)
        </a>
      </div>

      <DateRangeForm key={`${from}|${to}`} range={range} onApply={applyRange} />
      <TotalsSummary state={byDay} />

      <ReportPanel title="Pàgines vistes per dia" state={byDay}>
        {(report) => {
          const rows = withChartFigures(fillMissingDays(report.rows, range), report.total);
          return (
            <>
              <BarChart rows={rows} label={formatDay} />
              <ReportTable caption="Pàgines vistes per dia" keyHeader="Dia" rows={rows} label={formatDay} />
            </>
          );
        }}
      </ReportPanel>

      <ReportPanel title="Pàgines vistes per secció" state={bySection}>
        {(report) => {
          const rows = withChartFigures(byPageViewsDesc(report.rows), report.total);
          return (
            <>
              <BarChart rows={rows} label={formatKey} />
              <ReportTable caption="Pàgines vistes per secció" keyHeader="Secció" rows={rows} label={formatKey} />
            </>
          );
        }}
      </ReportPanel>

      <ReportPanel title="Pàgines més vistes" state={byPageName}>
        {(report) => (
          <ReportTable
            caption={`Les ${TOP_PAGE_NAMES_LIMIT} pàgines més vistes`}
            keyHeader="Nom de pàgina"
            rows={withChartFigures(topRows(report.rows, TOP_PAGE_NAMES_LIMIT), report.total)}
            label={formatKey}
          />
        )}
      </ReportPanel>
    </>
  );
}
