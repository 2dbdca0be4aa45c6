/** The filter dimensions' Catalan names, as the console's filter bar shows them (apps/console report-state.ts FILTER_LABELS). */
import type { ReportFilterDimension } from '@mesura/protocol';

export const FILTER_NAMES: Record<ReportFilterDimension, string> = {
  section: 'Secció',
  subsection: 'Subsecció',
  programme: 'Programa',
  channel: 'Canal',
  portal: 'Portal',
  device: 'Dispositiu',
  login: 'Sessió iniciada',
  campaign: 'Campanya',
  country: 'País',
  region: 'Regió',
};
