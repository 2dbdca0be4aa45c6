/**
 * A dashboard mailed: the owner's dashboard as they would open it now (their home, or a shared one
 * still there), and each of its first MAILED_DASHBOARD_TILES_MAX tiles' report over the mail's
 * period with the tile's filters, segment and parameters, as a mailed report is asked
 * (report-summary.ts). A tile the owner may not read (their role, a segment not theirs, a report
 * gone from the catalogue) is left out and named, with why.
 */
import type { ReportAnswer, Result } from '@mesura/protocol';
import type { ReportDefinition } from '../reports/report-definition.js';
import { roleAllows, type Role } from '../shared/roles.js';
import { parseReportView } from './console-report-view.js';
import type { MailPeriod } from './mail-periods.js';
import { reportSummary, type SummaryDeps } from './report-summary.js';
import { MAILED_DASHBOARD_TILES_MAX } from './subscription-limits.js';

/** The dashboards a subscription may name (dashboards/dashboard-address.ts `mailedDashboardSource`). */
export interface MailedDashboardSource {
  /** Whether a view is a dashboard's console address (else it is read as a report view). */
  isAddress(value: unknown): value is string;
  /** The dashboard's API id (`home` or a shared one's) of its address, or a one-line reason. */
  parse(address: string): Result<string>;
  /** The address a subscription keeps (no origin) or a mail links to. */
  address(id: string, origin?: string): string;
  /** The dashboard as `email` sees it now, or undefined when it is gone. */
  visible(id: string, email: string): Promise<{ name: string; tileViews: readonly string[] } | undefined>;
}

export interface LeftOutTile {
  title: string;
  reason: string;
}

export interface DashboardFigures {
  /** The tiles' answers, in the dashboard's order. */
  answers: ReportAnswer[];
  leftOut: LeftOutTile[];
  /** Tiles past MAILED_DASHBOARD_TILES_MAX, not mailed. */
  notShown: number;
}

interface Reader {
  email: string;
  role: Role;
}

/** Each tile's report over `period`, as `reader` may read it. */
export async function dashboardFigures(
  deps: { summary: SummaryDeps; catalogue: readonly ReportDefinition[] },
  tileViews: readonly string[],
  period: MailPeriod,
  reader: Reader,
): Promise<DashboardFigures> {
  const figures: DashboardFigures = { answers: [], leftOut: [], notShown: Math.max(0, tileViews.length - MAILED_DASHBOARD_TILES_MAX) };
  for (const tileView of tileViews.slice(0, MAILED_DASHBOARD_TILES_MAX)) {
    const parsed = parseReportView(tileView, deps.catalogue);
    if (!parsed.ok) {
      figures.leftOut.push({ title: tileView, reason: "l'informe ja no és al catàleg" });
      continue;
    }
    const { definition, view } = parsed.value;
    if (!roleAllows(reader.role, definition.access ?? 'analyst')) {
      figures.leftOut.push({ title: definition.title, reason: `cal el rol ${definition.access} per llegir-lo` });
      continue;
    }
    try {
      figures.answers.push(await reportSummary(deps.summary, definition, view, period, reader.email));
    } catch (error) {
      // A segment deleted or no longer shared answers a refusal: that tile only is left out.
      figures.leftOut.push({ title: definition.title, reason: (error as Error).message });
    }
  }
  return figures;
}
