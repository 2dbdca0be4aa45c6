import type { ReportAnswer, ReportParamControl } from '@mesura/protocol';
import type { AnalyticsReader } from '../store/analytics-reader.js';
import type { ReportRequest } from './report-request.js';

/** What every report query may use. */
export interface ReportContext {
  reader: AnalyticsReader;
  /** MESURA_MIN_COHORT: cells counting fewer distinct visitors are hidden. */
  minCohort: number;
  /** MESURA_TIMEZONE: the zone days and hours are cut in. */
  timeZone: string;
}

/** One console report: `GET /api/reports/{report}` answers `run`'s ReportAnswer. */
export interface ReportDefinition {
  /** `area/name`, lower-case words joined by hyphens: also the route's path. */
  report: string;
  area: string;
  /** Catalan title. */
  title: string;
  /** Its own query parameters beyond the common ones (report-request.ts), checked as bounded text. */
  params?: readonly string[];
  /**
   * The params a person chooses on the report (a day, a channel), as the catalogue describes them
   * to the console; called once, when the catalogue is built (a channel's choices are read from the
   * content seed then).
   */
  controls?: () => readonly ReportParamControl[];
  /** Who may read it (auth/roles.ts); analyst by default. */
  access?: 'analyst' | 'editor' | 'admin';
  run(request: ReportRequest, context: ReportContext): Promise<ReportAnswer>;
}
