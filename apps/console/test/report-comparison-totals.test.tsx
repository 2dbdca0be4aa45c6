// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import { ReportTable } from '../src/report-view/report-table';
import { mountedRoot } from '@mesura/test-utils/react';

/**
 * A comparison whose earlier period has no data, as server/src/reports/min-cohort.ts publishes its
 * rows: no row in the earlier period is "nothing to compare with" (null values), not hidden.
 */
const EMPTY_EARLIER: ReportAnswer = {
  report: 'content/sections',
  title: 'Seccions',
  from: '2026-11-24',
  to: '2026-11-26',
  compare: { from: '2026-11-21', to: '2026-11-23' },
  filters: [],
  dimension: { key: 'section', label: 'Secció' },
  metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
  chart: 'bar',
  rows: [
    { key: 'noticies', label: 'noticies', values: { page_views: 675 }, previous: { page_views: null } },
    { key: 'portada', label: 'portada', values: { page_views: 185 }, previous: { page_views: null } },
  ],
  totalRows: 2,
  offset: 0,
  limit: 25,
  totals: { values: { page_views: 1275 }, previous: { page_views: null } },
  minCohort: 5,
};

const mounted = mountedRoot();

const renderTable = (answer: ReportAnswer) => mounted.mount(<ReportTable answer={answer} visuallyHidden={false} actions={{ onDrill: () => {}, onFilter: () => {} }} />);

const cells = (selector: string) => [...mounted.container().querySelectorAll(selector)].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe("a comparison's totals row", () => {
  it('shows an empty earlier period as the rows do: "—" and no change, not the minimum-cohort mark', async () => {
    await renderTable(EMPTY_EARLIER);
    expect(cells('tbody tr').map((row) => row.slice(2))).toEqual([
      ['—', ''],
      ['—', ''],
    ]);
    expect(cells('tfoot tr')[0]).toEqual(['Total', '1.275', '—', '']);
  });

  it('keeps "< 5" for an earlier period the server hides (fewer visitors than the minimum cohort)', async () => {
    await renderTable({ ...EMPTY_EARLIER, totals: { ...EMPTY_EARLIER.totals, previousHidden: true } });
    expect(cells('tfoot tr')[0]).toEqual(['Total', '1.275', '< 5', '< 5']);
  });
});
