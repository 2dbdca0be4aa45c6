/**
 * Interacció: the direct calls of spec §7. Calls that count an event (§9 event numbers) are
 * grouped by it; the four that count none (scDVR, scSubtitols, scPerMesTard, scVeureATV, see
 * packages/tags site-link-calls.ts) by their link name. Then shares by network, downloads, exit
 * links, and the links of one event.
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { CALLS_RANKING, DOWNLOADS_RANKING, EVENT_LINKS_RANKING, EXIT_LINKS_RANKING, SHARES_RANKING } from '../store/queries/link-rankings.js';

/** Catalan names of the §9 events the direct calls count (event1 and event2 are page views and searches). */
export const EVENT_LABELS: Readonly<Record<string, string>> = {
  '3': 'event3 · Compartir (scCompartir)',
  '5': 'event5 · Descàrrega (scDescarregar)',
  '9': 'event9 · Jugar (scJugar)',
  '10': 'event10 · Clic de botó (scClicBoto)',
  '15': 'event15 · Participació (scParticipar)',
  '26': 'event26 · Ràdio en finestra nova (scFinestraNova)',
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
    labelOf: (key) => EVENT_LABELS[key] ?? key,
    drill: (key) => (EVENT_LABELS[key] ? { report: 'engagement/event-links', params: { event: key } } : undefined),
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
