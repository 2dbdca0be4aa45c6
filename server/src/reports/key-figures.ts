/**
 * Which key figures each console area shows on top (`GET /api/key-figures/{area}`), and from
 * which of its daily reports each is read: the reports' own queries (the audience's visit cells,
 * the media cells, the engagement and consent series), so a figure costs what its report costs
 * and says what its chart says. An area whose reports are all rankings of one thing (calls,
 * search words) shows the visits it is about, or none.
 */
import { AUDIENCE_REPORTS } from './audience-reports.js';
import { CONSENT_REPORTS } from './consent-reports.js';
import { LIVE_PEAK_FIGURE_REPORT } from './key-figures-live.js';
import { MEDIA_REPORTS } from './media-reports.js';
import { PAGE_ENGAGEMENT_REPORTS } from './page-engagement-reports.js';
import type { ReportDefinition } from './report-definition.js';
import { SEARCH_REPORTS } from './search-reports.js';

/** One figure: a metric of a daily report, under its own Catalan name when the report's is long. */
export interface KeyFigureSource {
  report: ReportDefinition;
  metric: string;
  label?: string;
}

function daily(reports: readonly ReportDefinition[], id: string): ReportDefinition {
  const report = reports.find((r) => r.report === id);
  if (report === undefined) throw new Error(`no report ${id} to read key figures from`);
  return report;
}

const BY_DAY = daily(AUDIENCE_REPORTS, 'audience/by-day');
const ENGAGED_TIME = daily(PAGE_ENGAGEMENT_REPORTS, 'content/engaged-time');
const PLAYS = daily(MEDIA_REPORTS, 'media/plays-by-day');
const SEARCHES = daily(SEARCH_REPORTS, 'search/per-visit');
const CONSENT = daily(CONSENT_REPORTS, 'consent/choices');

const visits: KeyFigureSource = { report: BY_DAY, metric: 'visits' };
const visitors: KeyFigureSource = { report: BY_DAY, metric: 'visitors' };
const pageViews: KeyFigureSource = { report: BY_DAY, metric: 'page_views' };

/** The figures of each area, by the catalogue's area id, in the order shown. */
export const AREA_KEY_FIGURES: Readonly<Record<string, readonly KeyFigureSource[]>> = {
  audience: [
    visits,
    visitors,
    pageViews,
    { report: BY_DAY, metric: 'pages_per_visit' },
    { report: BY_DAY, metric: 'bounce_rate', label: 'Rebot' },
    { report: BY_DAY, metric: 'avg_duration', label: 'Durada mitjana' },
  ],
  content: [pageViews, { report: ENGAGED_TIME, metric: 'engaged_time', label: "Temps d'interacció" }, { report: ENGAGED_TIME, metric: 'avg_engaged', label: 'Interacció mitjana per pàgina' }],
  acquisition: [visits, visitors, { report: BY_DAY, metric: 'bounce_rate', label: 'Rebot' }],
  search: [
    { report: SEARCHES, metric: 'searches' },
    { report: SEARCHES, metric: 'searching_visits' },
  ],
  technology: [visits, visitors],
  geography: [visits, visitors],
  media: [
    { report: PLAYS, metric: 'plays' },
    { report: PLAYS, metric: 'seconds_played', label: 'Temps vist' },
    { report: PLAYS, metric: 'visitors' },
    { report: LIVE_PEAK_FIGURE_REPORT, metric: 'peak_viewers', label: 'Màxim del directe' },
  ],
  consent: [
    { report: CONSENT, metric: 'total' },
    { report: CONSENT, metric: 'accept_share', label: 'Ho accepten tot' },
  ],
};
