/**
 * Geografia: where visits came from, as ingest placed each visit's entry address (country, region,
 * province and city: ingest/steps/geolocate.ts, store/visit-attributes.ts). Countries open their
 * regions, regions their cities; a region's provinces have a ranking of their own (the console draws
 * Catalonia's on a map). Names are the database's; countries, Spain's autonomous communities and
 * its provinces are shown in Catalan (place-labels.ts).
 */
import type { ReportMap, ReportRow } from '@mesura/protocol';
import { VISIT_METRICS } from './visit-metrics.js';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { placeRanking } from '../store/queries/place-rankings.js';
import { countryLabel, provinceLabel, regionLabel } from './place-labels.js';

function geographyReport(options: {
  name: string;
  title: string;
  column: string;
  label: string;
  parent?: string;
  labelOf?: (key: string) => string;
  drill?: (key: string) => ReportRow['drill'];
  map?: (params: Readonly<Record<string, string>>) => ReportMap | undefined;
}): ReportDefinition {
  return rankingReport({
    report: `geography/${options.name}`,
    area: 'geography',
    title: options.title,
    ...(options.parent && { params: [options.parent] }),
    dimension: { key: options.column, label: options.label },
    metrics: VISIT_METRICS,
    ...placeRanking(options.column, options.parent),
    ...(options.labelOf && { labelOf: options.labelOf }),
    ...(options.drill && { drill: options.drill }),
    ...(options.map && { map: options.map }),
  });
}

/** Catalonia as the city database names it (a region's key). */
const CATALONIA = 'Catalonia';

export const GEOGRAPHY_REPORTS: ReportDefinition[] = [
  geographyReport({
    name: 'countries',
    title: 'Països',
    column: 'country',
    label: 'País',
    labelOf: countryLabel,
    drill: (country) => ({ report: 'geography/regions', params: { country } }),
    map: () => 'world',
  }),
  geographyReport({
    name: 'regions',
    title: 'Regions',
    column: 'region',
    label: 'Regió',
    parent: 'country',
    labelOf: regionLabel,
    drill: (region) => ({ report: 'geography/cities', params: { region } }),
  }),
  geographyReport({
    name: 'provinces',
    title: 'Províncies',
    column: 'province',
    label: 'Província',
    parent: 'region',
    labelOf: provinceLabel,
    // Catalonia's are drawn, unless another region's are asked for (without a region, only Spain's have provinces).
    map: (params) => (params.region === undefined || params.region === CATALONIA ? 'catalonia' : undefined),
  }),
  geographyReport({ name: 'cities', title: 'Ciutats', column: 'city', label: 'Ciutat', parent: 'region' }),
];
