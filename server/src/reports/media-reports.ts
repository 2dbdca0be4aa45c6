/** Vídeo i àudio (area `media`): every media report, in the order the console shows them. */
import { MEDIA_SESSION_REPORTS } from './media-session-reports.js';
import type { ReportDefinition } from './report-definition.js';

export const MEDIA_REPORTS: ReportDefinition[] = [...MEDIA_SESSION_REPORTS];
