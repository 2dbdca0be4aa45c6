/** Tecnologia: the visits' device class, browser, operating system and screen size (the data layer's viewport). */
import { VISIT_METRICS } from './visit-metrics.js';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { visitRanking } from '../store/queries/visit-rankings.js';
import { VISIT_ATTRIBUTES, type AreaAttributeColumn } from '../store/visit-attributes.js';

export const DEVICE_LABELS: Readonly<Record<string, string>> = {
  desktop: 'Ordinador',
  mobile: 'Mòbil',
  tablet: 'Tauleta',
  tv: 'Televisor',
  console: 'Consola de joc',
  wearable: 'Rellotge o polsera',
  other: 'Altres',
  unknown: 'Desconegut',
};

/**
 * Catalan names of the browsers and systems ua-parser-js names with English words
 * (ingest/steps/user-agent.ts); a brand (Chrome, Android) stays as it is.
 */
export const BROWSER_LABELS: Readonly<Record<string, string>> = {
  'Mobile Safari': 'Safari per a mòbil',
  'Mobile Chrome': 'Chrome per a mòbil',
  'Mobile Firefox': 'Firefox per a mòbil',
  'Chrome WebView': 'Chrome dins una aplicació (WebView)',
  'Android Browser': "Navegador d'Android",
  Facebook: 'Navegador de Facebook',
  Instagram: "Navegador d'Instagram",
};
export const SYSTEM_LABELS: Readonly<Record<string, string>> = {
  'Mac OS': 'macOS',
  'Chromium OS': 'ChromeOS',
};
const ATTRIBUTE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = { browser: BROWSER_LABELS, os: SYSTEM_LABELS };

function technologyReport(name: string, title: string, column: string, label: string, labelOf?: (key: string) => string): ReportDefinition {
  return rankingReport({
    report: `technology/${name}`,
    area: 'technology',
    title,
    dimension: { key: column, label },
    metrics: VISIT_METRICS,
    ...visitRanking(column, column),
    ...(labelOf && { labelOf }),
  });
}

/** The ranking of each technology attribute (store/visit-attributes.ts): its report name, title and column label. */
const ATTRIBUTE_RANKINGS: Readonly<Record<AreaAttributeColumn<'technology'>, { name: string; title: string; label: string }>> = {
  browser: { name: 'browsers', title: 'Navegadors', label: 'Navegador' },
  os: { name: 'systems', title: 'Sistemes operatius', label: 'Sistema operatiu' },
  viewport: { name: 'screens', title: 'Mides de pantalla', label: 'Mida' },
};

export const TECHNOLOGY_REPORTS: ReportDefinition[] = [
  technologyReport('devices', 'Dispositius', 'device', 'Dispositiu', (key) => DEVICE_LABELS[key] ?? key),
  ...VISIT_ATTRIBUTES.flatMap((attribute) => (attribute.area === 'technology' ? [attribute.column] : [])).map((column) => {
    const { name, title, label } = ATTRIBUTE_RANKINGS[column];
    const names = ATTRIBUTE_LABELS[column];
    return technologyReport(name, title, column, label, names && ((key) => names[key] ?? key));
  }),
];
