/** Vídeo i àudio (area `media`): every media report, in the order the console shows them. */
import { MEDIA_LIVE_REPORTS } from './media-live-reports.js';
import { MEDIA_RADIO_REPORTS } from './media-radio-reports.js';
import { MEDIA_SESSION_REPORTS } from './media-session-reports.js';
import type { ReportDefinition } from './report-definition.js';

export const MEDIA_REPORTS: ReportDefinition[] = [...MEDIA_SESSION_REPORTS, ...MEDIA_LIVE_REPORTS, ...MEDIA_RADIO_REPORTS];
