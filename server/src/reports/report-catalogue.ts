/** Every console report, in the order the console shows them (report-catalogue-routes.ts registers them). */
import { ACQUISITION_REPORTS } from './acquisition-reports.js';
import { AUDIENCE_REPORTS } from './audience-reports.js';
import { CONSENT_REPORTS } from './consent-reports.js';
import { CONTENT_REPORTS } from './content-reports.js';
import { ENGAGEMENT_REPORTS } from './engagement-reports.js';
import { GEOGRAPHY_REPORTS } from './geography-reports.js';
import { MEDIA_REPORTS } from './media-reports.js';
import { PAGE_ENGAGEMENT_REPORTS } from './page-engagement-reports.js';
import { PAGE_PATH_REPORTS } from './page-path-reports.js';
import type { ReportDefinition } from './report-definition.js';
import { SEARCH_REPORTS } from './search-reports.js';
import { TECHNOLOGY_REPORTS } from './technology-reports.js';

export const REPORT_CATALOGUE: readonly ReportDefinition[] = [
  ...AUDIENCE_REPORTS,
  ...CONTENT_REPORTS,
  ...PAGE_ENGAGEMENT_REPORTS,
  ...PAGE_PATH_REPORTS,
  ...ACQUISITION_REPORTS,
  ...SEARCH_REPORTS,
  ...ENGAGEMENT_REPORTS,
  ...TECHNOLOGY_REPORTS,
  ...GEOGRAPHY_REPORTS,
  ...MEDIA_REPORTS,
  ...CONSENT_REPORTS,
];
