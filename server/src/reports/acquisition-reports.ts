/**
 * Adquisició: where visits come from. Referrer groups (search engines, social networks, other
 * sites, direct), the referring sites, and campaigns as spec §7 reads them: `ext` (external,
 * case-insensitive, so counted lower-cased) per visit, `int` (internal, case-sensitive) per page view.
 */
import { VISIT_METRICS } from './visit-metrics.js';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { CAMPAIGN_RANKING, INTERNAL_CAMPAIGN_RANKING, REFERRER_RANKING, visitRanking } from '../store/queries/visit-rankings.js';
import { REFERRER_GROUP_LABELS, type ReferrerGroup } from '../shared/referrer-groups.js';

export const ACQUISITION_REPORTS: ReportDefinition[] = [
  rankingReport({
    report: 'acquisition/referrer-groups',
    area: 'acquisition',
    title: 'Canals de procedència',
    dimension: { key: 'group', label: 'Canal' },
    metrics: VISIT_METRICS,
    ...visitRanking('referrer_group', 'referrer_group'),
    labelOf: (key) => REFERRER_GROUP_LABELS[key as ReferrerGroup] ?? key,
    drill: (group) => (group === 'directe' ? undefined : { report: 'acquisition/referrers', params: { group } }),
  }),
  rankingReport({
    report: 'acquisition/referrers',
    area: 'acquisition',
    title: 'Webs de procedència',
    params: ['group'],
    dimension: { key: 'referrer_host', label: 'Web' },
    metrics: VISIT_METRICS,
    ...REFERRER_RANKING,
  }),
  rankingReport({
    report: 'acquisition/external-campaigns',
    area: 'acquisition',
    title: 'Campanyes externes (ext)',
    dimension: { key: 'campaign', label: 'Campanya' },
    metrics: VISIT_METRICS,
    ...CAMPAIGN_RANKING,
  }),
  rankingReport({
    report: 'acquisition/internal-campaigns',
    area: 'acquisition',
    title: 'Campanyes internes (int)',
    dimension: { key: 'internal_campaign', label: 'Campanya interna' },
    metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
    note: 'Compta les pàgines vistes que duien una campanya interna.',
    ...INTERNAL_CAMPAIGN_RANKING,
  }),
];
