export { startMesura, type Mesura, type MesuraConfig, type StartOptions } from './start.js';
export { consentGated } from './consent-gated.js';
export { ALLOW_ALL } from './consent-gate.js';
export { ACTIVITY_MAP_FILE, WEB_ANALYTICS_VENDOR } from './constants.js';
export type { MesuraGlobal } from './mesura-global.js';
