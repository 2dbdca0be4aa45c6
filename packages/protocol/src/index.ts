/**
 * @mesura/protocol: the wire formats that Mesura's SDK writes and its server reads. Pure: no I/O,
 * no globals beyond URLSearchParams, encodeURIComponent and Date.
 */

// Analytics beacon: path, parameters, client time.
export { beaconPath, parseBeaconPath, REPORT_SUITE_ID } from './beacon-path.js';
export { queryEntries } from './query-entries.js';
export { encodeBeacon, encodeBeaconQuery } from './beacon-encoder.js';
export { decodeBeacon, decodeBeaconQuery } from './beacon-decoder.js';
export {
  ENGAGED_MS_KEY,
  ENGAGED_MS_MAX,
  PAGE_ENGAGEMENT_PE,
  SCROLL_PERCENT_KEY,
  SCROLL_PERCENT_MAX,
  pageEngagementContextData,
  readPageEngagement,
  type PageEngagement,
} from './page-engagement.js';
export { clientTimeFromDate, clientTimeToEpochMs, formatClientTime, parseClientTime } from './client-time.js';
export { CONTEXT_DATA_CLOSE, CONTEXT_DATA_OPEN, encodeContextData } from './context-data.js';

// Variable map and report suites.
export { eventId, eventName, namedVariables, namedVariablesReader, variableNames, variableSlots } from './variable-map.js';
export { SITE_VARIABLE_MAP } from './site-variable-map.js';
export { GA_PROPERTY_IDS, REPORT_SUITES, parseEnvironment } from './report-suites.js';
export {
  MAX_HEARTBEAT_META_ENTRIES,
  MAX_HEARTBEAT_VALUE_CHARS,
  MAX_USER_AGENT_CHARS,
  storedUserAgent,
  withoutControlCharacters,
} from './stored-text-limits.js';
export { VISITOR_ID_BYTES, formatVisitorId, isVisitorId } from './visitor-id-format.js';
export { ID_SYNC_DATA_MAX_LENGTH, ID_SYNC_MESSAGES, ID_SYNC_PATH } from './id-sync.js';

// Customer ids' auth states (§3, §9), on beacons, heartbeats and delivery requests.
export { AUTH_STATE_AUTHENTICATED, AUTH_STATE_LOGGED_OUT, AUTH_STATE_UNKNOWN, authStateOf, type AuthState } from './auth-state.js';

// Media heartbeats, their cadence and the media settings file (wire-formats §2).
export { encodeHeartbeatQuery, heartbeatEntries, heartbeatUrl } from './heartbeat-params.js';
export {
  CUSTOMER_IDS_AFTER_KEY,
  HEARTBEAT_ASSET_TYPES,
  HEARTBEAT_EVENT_TYPES,
  HEARTBEAT_FIELDS,
  HEARTBEAT_GROUP_IDS,
  heartbeatFieldColumn,
  heartbeatFieldCarrier,
  heartbeatFieldNullable,
  heartbeatFieldRow,
  heartbeatFieldType,
  heartbeatFieldValue,
  heartbeatGroup,
} from './heartbeat-fields.js';
export { decodeHeartbeatQuery } from './heartbeat-decoder.js';
export {
  AD_HEARTBEAT_INTERVAL_MS,
  ERROR_SOURCE_SDK,
  FIRST_PLAY_HEARTBEAT_DELAY_MS,
  HEARTBEAT_API_LEVEL,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_LIBRARY_VERSION,
  NO_PREVIOUS_TS,
  SCHEDULER_TICK_MS,
  UNKNOWN_ERROR_ID,
} from './heartbeat-cadence.js';
export {
  DEFAULT_MEDIA_SETTINGS,
  formatMediaSettings,
  mediaSettingsFileName,
  mediaSettingsUrl,
  parseMediaSettings,
} from './media-settings.js';
export * as heartbeatReasons from './heartbeat-errors.js';
export {
  HEARTBEAT_TYPE_KEY,
  MAX_HEARTBEAT_DURATION_MS,
  MEDIA_IDLE_TIMEOUT_MS,
  SHORT_STATE_MAX_MS,
  isHeartbeatQuery,
} from './media-session-rules.js';

// The visitor's TCF signal on beacons and heartbeats (gdpr, gdpr_consent).
export { GDPR_CONSENT_PARAM, GDPR_PARAM, MAX_TC_STRING_CHARS, readTcfSignal, tcfSignalParams } from './tcf-signal.js';
export type { TcfSignal } from './tcf-signal.js';

// "Go back to" parameters of the site's and the console's sign-in pages: a path of this origin or nothing.
export { sameOriginPath } from './return-path.js';
export { CONSOLE_AREA_PATHS, CONSOLE_BASE_PATH } from './console-addresses.js';

// Every CSV Mesura writes (the event export, the console's reports): RFC 4180, formulas neutralised.
export { csvCell, csvRow } from './csv.js';
export type { CsvValue } from './csv.js';

// Limits and reasons, so that callers and tests name them rather than repeat them.
export * as limits from './constants.js';
export * as reasons from './errors.js';

export type { Result } from './result.js';
export { decoded, rejected } from './result.js';
export type { VariableMap, VariableSlots } from './variable-map.js';
export type { Environment } from './report-suites.js';
export type {
  AnalyticsHit,
  Beacon,
  BeaconAddress,
  BeaconEvent,
  BrowserInfo,
  ClientTime,
  HitType,
  LinkInfo,
  LinkType,
  MediaStartInfo,
  VisitorIds,
} from './analytics-hit.js';
export type {
  Heartbeat,
  HeartbeatAd,
  HeartbeatAssetType,
  HeartbeatChapter,
  HeartbeatEventType,
  HeartbeatQoS,
} from './heartbeat.js';
export type {
  HeartbeatCarrier,
  HeartbeatClosedSet,
  HeartbeatField,
  HeartbeatFieldGroup,
  HeartbeatValueType,
  HeartbeatWireRow,
} from './heartbeat-fields.js';
export type { MediaSettings } from './media-settings.js';

// Personalisation delivery (wire-formats §3).
export {
  DELIVERY_MAX_GET_URL_CHARS,
  MBOX_NAME_MAX_CHARS,
  decodeDeliveryParams,
  deliveryPath,
  encodeDeliveryParams,
  encodeDeliveryQuery,
  parseDeliveryPath,
} from './delivery-request.js';
export { DELIVERY_ACTIONS, parseDeliveryResponse } from './delivery-response.js';
export type { DeliveryCustomerId, DeliveryRequest } from './delivery-request.js';
export type { DeliveryAction, DeliveryActionType, DeliveryOffer, DeliveryResponse } from './delivery-response.js';

// Personalisation activities as the server stores them and the console edits them (/api/activities).
export {
  ACTIVITY_ID,
  ACTIVITY_STATUSES,
  DEVICE_CLASSES,
  GLOBAL_MBOX,
  MAX_ACTIVITY_ID_CHARS,
  PREVIEW_PARAM,
  TRUST_FIELDS,
} from './activity-definition.js';
export type {
  Activity,
  ActivityDefinition,
  ActivityStatus,
  Audience,
  DeviceClass,
  Experience,
  Goal,
  Offer,
} from './activity-definition.js';
export { PLAIN_CSS_VALUE, SAFE_INLINE_STYLE_PROPERTIES, safeInlineStyle } from './offer-inline-style.js';
export { MOVE_PLACES, destinationInside, moveToProblem } from './move-to-action.js';
export type { MovePlace, MoveToContent } from './move-to-action.js';

// The console's reports API (GET /api/reports/{area}/{report}).
export { OTHERS_ROW_KEY, REPORT_FILTER_DIMENSIONS, REPORT_ROWS_MAX } from './report-answer.js';
export type {
  MetricFormat,
  ReportAnswer,
  ReportCatalogueEntry,
  ReportFilter,
  ReportFilterDimension,
  ReportMap,
  ReportMetric,
  ReportParamChoice,
  ReportParamControl,
  ReportRow,
  ReportValue,
} from './report-answer.js';

// Site goals, defined in the console (GET|PUT|DELETE /api/goals/:id).
export { MEDIA_CHOICE_FIELDS, MEDIA_CONDITION_FIELDS, MEDIA_MOMENTS, MEDIA_STREAM_TYPES, MEDIA_STREAMS, parseMediaChoice } from './media-condition.js';
export type { MediaCondition, MediaMoment, MediaStream } from './media-condition.js';
export { GOAL_ID, GOAL_ID_MAX_CHARS, GOAL_NAME_MAX_CHARS, GOAL_TYPES, GOAL_VALUE_MAX_CHARS, GOALS_MAX, parseGoalDefinition } from './goal-definition.js';
export type { GoalDefinition, GoalPageMatch, GoalType } from './goal-definition.js';

// Funnels, defined in the console (GET|PUT|DELETE /api/funnels/:id).
export { FUNNEL_DAYS_MAX, FUNNEL_STEP_TYPES, FUNNEL_STEPS_MAX, FUNNEL_STEPS_MIN, FUNNELS_MAX, parseFunnelDefinition } from './funnel-definition.js';
export type { FunnelDefinition, FunnelScope, FunnelStep, FunnelStepType } from './funnel-definition.js';
// Segments, built in the console (GET|PUT|DELETE /api/segments/:id) and applied to reports with `s=`.
export { parseSegmentDefinition, SEGMENT_CONDITION_TYPES, SEGMENT_CONDITIONS_MAX, SEGMENT_GROUPS_MAX, SEGMENT_VISIT_ATTRIBUTES, SEGMENTS_MAX } from './segment-definition.js';
export type { SegmentCondition, SegmentConditionType, SegmentDefinition, SegmentGroup, SegmentMatch, SegmentVisitAttribute, StoredSegment } from './segment-definition.js';

// Dated notes on the console's time charts (GET|POST /api/annotations, PUT|DELETE /api/annotations/:id).
export { ANNOTATION_TEXT_MAX_CHARS, ANNOTATIONS_MAX, isAnnotationDay, parseAnnotationDraft } from './annotation.js';
export type { Annotation, AnnotationDraft } from './annotation.js';

// The key figures on top of a console area (GET /api/key-figures/{area}).
export type { KeyFigure, KeyFiguresAnswer } from './key-figures.js';

// Answers read across HTTP by the console and the site.
export type { ActivityOverTime, ActivityResults, ActivityTotals, Comparison, ExperienceOnDay, ExperienceResult, SampleRatioCheck } from './activity-results.js';
export type { PollResults } from './poll-results.js';
export type { TvMedia } from './tv-media.js';

// The console's real-time stream (GET /api/reports/realtime/stream).
export type { RealtimeLiveSource, RealtimeMinute, RealtimePage, RealtimeSnapshot } from './realtime-snapshot.js';

// A tracked link followed before the site's app took over, kept by the site's head for the next page's SDK.
export { PENDING_LINK_CLICK_KEY, PENDING_LINK_PAGE_FIELD, PENDING_PLAIN_LINK_CLICK_KEY } from './pending-link-click-key.js';
