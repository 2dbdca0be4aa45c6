export { startMesura, type Mesura, type MesuraConfig, type StartOptions } from './start.js';
export { consentGated } from './consent-gated.js';
export { ALLOW_ALL } from './consent-gate.js';
export { ACTIVITY_MAP_FILE, DEFAULT_MEDIA_NAMESPACE, MEDIA_FILE, MEDIA_READY_EVENT, WEB_ANALYTICS_VENDOR } from './constants.js';
export type { MesuraGlobal } from './mesura-global.js';
export type { AdapterOptions, MesuraMediaApi, TrackerOptions } from './media-api.js';
