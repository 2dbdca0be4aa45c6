/**
 * Interacció: the direct calls of spec §7. Calls that count an event (§9 event numbers) are
 * grouped by it; the four that count none (scDVR, scSubtitols, scPerMesTard, scVeureATV, see
 * packages/tags site-link-calls.ts) by their link name. Then shares by network, downloads, exit
 * links, and the links of one event.
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { DIRECT_CALL_EVENTS, directCallCode, directCallLabel } from './direct-call-names.js';
import { CALLS_RANKING, DOWNLOADS_RANKING, EVENT_LINKS_RANKING, EXIT_LINKS_RANKING, SHARES_RANKING } from '../store/queries/link-rankings.js';

/** Catalan names of the ways of sharing scCompartir reports (xarxaAccioContingut); others show as sent. */
const SHARE_NETWORK_LABELS: Readonly<Record<string, string>> = {
  x: 'X',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  bluesky: 'Bluesky',
  email: 'Correu electrònic',
  correu: 'Correu electrònic',
  enllac: 'Enllaç copiat',
  nadiu: 'Menú de compartir del dispositiu',
};

const CALL_METRICS: ReportMetric[] = [
  { key: 'calls', label: 'Crides', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
];
export const ENGAGEMENT_REPORTS: ReportDefinition[] = [
  rankingReport({
    report: 'engagement/calls',
    area: 'engagement',
    title: 'Crides directes',
    dimension: { key: 'call', label: 'Crida' },
    metrics: CALL_METRICS,
    note: 'Les crides sense esdeveniment propi (DVR, subtítols, per més tard, veure a la TV) es mostren pel nom del seu enllaç.',
    ...CALLS_RANKING,
    labelOf: directCallLabel,
    codeOf: directCallCode,
    drill: (key) => (DIRECT_CALL_EVENTS[key] ? { report: 'engagement/event-links', params: { event: key } } : undefined),
  }),
  rankingReport({
    report: 'engagement/event-links',
    area: 'engagement',
    title: "Enllaços d'un esdeveniment",
    params: ['event'],
    dimension: { key: 'link_name', label: 'Enllaç' },
    metrics: CALL_METRICS,
    ...EVENT_LINKS_RANKING,
  }),
  rankingReport({
    report: 'engagement/shares',
    area: 'engagement',
    title: 'Comparticions per xarxa',
    dimension: { key: 'network', label: 'Xarxa' },
    metrics: CALL_METRICS,
    ...SHARES_RANKING,
    labelOf: (key) => SHARE_NETWORK_LABELS[key] ?? key,
  }),
  rankingReport({
    report: 'engagement/downloads',
    area: 'engagement',
    title: 'Descàrregues',
    dimension: { key: 'link_url', label: 'Fitxer' },
    metrics: CALL_METRICS,
    ...DOWNLOADS_RANKING,
  }),
  rankingReport({
    report: 'engagement/exit-links',
    area: 'engagement',
    title: 'Enllaços de sortida',
    dimension: { key: 'link_url', label: 'Destinació' },
    metrics: CALL_METRICS,
    ...EXIT_LINKS_RANKING,
  }),
];
