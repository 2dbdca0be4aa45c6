/**
 * @mesura/analytics: page-view and link-track beacons in the wire format of
 * `shared/reference/wire-formats.md` §1, campaigns, automatic download / exit-link tracking with
 * ActivityMap, and a transport that keeps what it could not deliver.
 */
export { createAnalytics } from './analytics.js';
export { campaignsFromQuery } from './campaigns.js';
export { classifyLink } from './link-classifier.js';
export { activityMapOf, activityMapData } from './activity-map.js';
export { installLinkTracking } from './link-tracking.js';
export { createTransport } from './transport.js';
export { browserNetwork } from './network.js';
export { enqueue } from './beacon-queue.js';
export { memoryStore } from './key-value-store.js';
export {
  DEFAULT_DOWNLOAD_EXTENSIONS,
  DEFAULT_LINK_NAME,
  DEFAULT_LINK_TYPE,
  LIBRARY_VERSION,
  NO_RETRY_STATUSES,
  PENDING_CLICK_KEY,
  QUEUE_KEY,
  QUEUE_MAX_BEACONS,
  QUEUE_MAX_BYTES,
} from './constants.js';

export type { Analytics, AnalyticsOptions } from './analytics.js';
export type { LinkInput, MediaStartInput, PageContext, PageViewInput } from './hit-builder.js';
export type { Campaigns } from './campaigns.js';
export type { LinkClass, LinkClassOptions } from './link-classifier.js';
export type { ActivityMap } from './activity-map.js';
export type { LinkTrackingOptions } from './link-tracking.js';
export type { BeaconSender, SendOutcome, Transport, TransportOptions } from './transport.js';
export type { FetchAnswer, Network } from './network.js';
export type { DropReason, Dropped } from './beacon-queue.js';
export type { KeyValueStore } from './key-value-store.js';
